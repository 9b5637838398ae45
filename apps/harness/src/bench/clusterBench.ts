// The cluster section: three `lens serve --cluster` processes over a real redis-server (AOF,
// appendfsync always) and s3rver on loopback, against one process of the same cluster as the
// anchor. Measured through REST, as a reviewer's tool or the review page calls it: how long an
// acknowledged edit takes to be served by another process, what forwarding a write to the
// folder's owner costs, and read throughput on one process and spread over three.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Keys, parseStoreUrl } from "@lens/cluster";
import { startRedis, startS3 } from "@lens/cluster/testing";
import { Redis } from "ioredis";
import { lensCli } from "../paths.js";
import { type LensServer, startLensServe } from "../server/lensServe.js";
import type { ReportSection } from "./report.js";
import { formatMs, summarize } from "./stats.js";

const TOKEN = "bench-cluster-admin-token-0123456789";
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** Twice the most samples: each note is edited once (an edit is a suggestion to review). */
const NOTES = 400;
const PREFIX = "bench";

export interface ClusterBenchOptions {
  samples: number;
  durationMs: number;
  log: (line: string) => void;
}

export async function clusterBench(o: ClusterBenchOptions): Promise<{ section: ReportSection }> {
  const [redis, s3] = await Promise.all([startRedis(), startS3()]);
  const tmp = mkdtempSync(join(tmpdir(), "lens-bench-cluster-"));
  const servers: LensServer[] = [];
  try {
    const clusterArgs = [
      "--cluster",
      redis.url,
      "--store",
      `s3://${s3.bucket}/${PREFIX}`,
      "--s3-path-style",
    ];
    const env = { ...s3.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
    const vault = join(tmp, "vault");
    mkdirSync(vault);
    for (let i = 0; i < NOTES; i++) {
      writeFileSync(
        join(vault, `Note ${i}.md`),
        `# Note ${i}\n\n${"Some text of the note. ".repeat(40)}\nvalue: 0\n`,
      );
    }
    o.log("cluster: importing the notes into the cluster");
    await runCli(["import", ...clusterArgs, "--data", join(tmp, "importer"), `${vault}=Team`], env);
    const start = (name: string) =>
      startLensServe({
        data: join(tmp, name),
        args: [...clusterArgs, "--token", TOKEN],
        env,
      }).then((s) => {
        servers.push(s);
        return s;
      });

    o.log("cluster: one process");
    const first = await start("p1");
    const oneProcess = await readThroughput([first], o.durationMs);
    o.log("cluster: three processes");
    await Promise.all([start("p2"), start("p3")]);
    // Placement settles within a lease round once all three are members.
    await new Promise((r) => setTimeout(r, 2_500));
    const owner = await ownerOf(redis.url, s3.bucket, servers);
    const others = servers.filter((s) => s !== owner);
    const threeProcesses = await readThroughput(servers, o.durationMs);

    const visible: number[] = [];
    const onOwner: number[] = [];
    const forwarded: number[] = [];
    for (let i = 0; i < o.samples; i++) {
      const note = `Team/Note ${(2 * i) % NOTES}.md`;
      // An edit on the owner; then how long until another process serves it.
      const t = await timedEdit(owner, note, i, "a");
      onOwner.push(t.ms);
      const acked = performance.now();
      const elsewhere = others[i % others.length]!;
      while (!(await raw(elsewhere, note)).includes(t.marker)) {
        if (performance.now() - acked > 5_000)
          throw new Error(`${note} never reached another process`);
      }
      visible.push(performance.now() - acked);
      // The same kind of edit sent to a process that does not own the folder.
      forwarded.push(
        (await timedEdit(elsewhere, `Team/Note ${(2 * i + 1) % NOTES}.md`, i, "b")).ms,
      );
    }
    const v = summarize(visible);
    const own = summarize(onOwner);
    const fwd = summarize(forwarded);
    const section: ReportSection = {
      id: "cluster",
      title: "Cluster: one process vs three over Redis and S3 (loopback)",
      intro: `${NOTES} notes in one folder, imported with \`lens import --cluster\`; \`lens serve --cluster\` processes over redis-server (appendonly, appendfsync always) and s3rver, all on this machine. Edits are REST edits (\`If-Match\`) of one line; "visible" is from the edit's acknowledgement until another process's \`GET ?view=raw\` (polled back to back) shows it. Reads are \`GET /documents/{path}?view=raw\` of random notes, 8 at a time for ${(o.durationMs / 1000).toFixed(1)} s, on one process and then spread over three.`,
      columns: ["measure", "1 process", "3 processes", "goal"],
      rows: [
        ["edit → served by another process, p50", "—", formatMs(v.p50), ""],
        ["edit → served by another process, p99", "—", formatMs(v.p99), "≤ 100 ms"],
        ["edit on the folder's owner, p50", "—", formatMs(own.p50), ""],
        ["edit forwarded to the owner, p50", "—", formatMs(fwd.p50), ""],
        ["cost of forwarding (difference of p50s)", "—", formatMs(fwd.p50 - own.p50), "≤ 2 ms"],
        ["reads per second", oneProcess.toFixed(0), threeProcesses.toFixed(0), ""],
      ],
      notes: [
        `${o.samples} edits of each kind. On a 2-core machine three processes share the cores the one process had, so read throughput is not expected to triple here; it measures that spreading costs nothing.`,
      ],
      data: {
        visible: v,
        onOwner: own,
        forwarded: fwd,
        readsPerSecond: { oneProcess, threeProcesses },
      },
    };
    return { section };
  } finally {
    for (const s of servers) await s.stop().catch(() => {});
    await Promise.all([redis.stop(), s3.stop()]);
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function runCli(args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [lensCli(), ...args, "--log-level", "warn"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (d: Buffer) => {
    err += d.toString();
  });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  if (code !== 0) throw new Error(`lens ${args[0]} exited ${code}: ${err}`);
}

async function raw(server: LensServer, path: string): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/documents/${path}?view=raw`, { headers: AUTH });
  return res.ok ? ((await res.json()) as { content: string }).content : "";
}

/** One REST edit of `path`'s last line; its time and the text it wrote. */
async function timedEdit(server: LensServer, path: string, i: number, tag: string) {
  const doc = await fetch(`${server.url}/api/v1/documents/${path}?view=raw`, { headers: AUTH });
  const { content } = (await doc.json()) as { content: string };
  const old = /value: [^\n]*\n$/.exec(content)?.[0];
  if (!old) throw new Error(`${path} has no value line`);
  const marker = `value: ${tag}${i}x`;
  const t = performance.now();
  const res = await fetch(`${server.url}/api/v1/documents/${path}/edit`, {
    method: "POST",
    headers: { ...AUTH, "content-type": "application/json", "if-match": doc.headers.get("etag")! },
    body: JSON.stringify({ old_string: old.trimEnd(), new_string: marker }),
  });
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`edit of ${path}: ${res.status} ${await res.text()}`);
  return { ms, marker };
}

/** The process holding the Team folder's lease (members are named host-pid-random). */
async function ownerOf(url: string, bucket: string, servers: LensServer[]): Promise<LensServer> {
  const r = new Redis(url);
  try {
    const keys = new Keys(parseStoreUrl(`s3://${bucket}/${PREFIX}`));
    for (const key of await r.keys(`${keys.ns}:lease:*`)) {
      if (key.endsWith(":unfiled")) continue;
      const token = (await r.get(key)) ?? "";
      const pid = Number(/-(\d+)-[0-9a-f]+:\d+$/.exec(token)?.[1]);
      const owner = servers.find((s) => s.proc.pid === pid);
      if (owner) return owner;
    }
  } finally {
    r.disconnect();
  }
  throw new Error("no process holds the folder's lease");
}

/** Requests per second of `GET ?view=raw` of random notes, 8 at a time, round-robin. */
async function readThroughput(servers: LensServer[], durationMs: number): Promise<number> {
  // Warmed first: a process's first requests compile its code paths.
  for (const s of servers) for (let i = 0; i < 20; i++) await raw(s, `Team/Note ${i}.md`);
  const end = performance.now() + durationMs;
  let done = 0;
  let turn = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const s = servers[turn++ % servers.length]!;
      const res = await fetch(
        `${s.url}/api/v1/documents/Team/Note ${Math.floor(Math.random() * NOTES)}.md?view=raw`,
        { headers: AUTH },
      );
      await res.arrayBuffer();
      if (res.ok) done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 8 }, worker));
  return (done * 1000) / (performance.now() - started);
}
