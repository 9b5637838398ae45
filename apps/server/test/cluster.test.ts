// Three `lens serve --cluster … --store …` processes (children) over a real redis-server (AOF,
// appendfsync always) and s3rver: a handle read on one process unlocks an edit on another, edits
// and reviews show up everywhere within 2 s, acknowledged creates survive kill -9 of a process
// and of Redis, ownership moves off a SIGSTOPped owner and its return changes nothing, and
// `lens export --cluster` gives every note with its edits.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Bucket, Keys, parseStoreUrl, partitionOf, s3FromEnv } from "@lens/cluster";
import { decodeDocFile } from "@lens/store";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type RedisEngine,
  type S3Engine,
  startRedis,
  startS3,
} from "../../../packages/cluster/src/testing.js";
import { connectClient } from "../../../packages/sync/test/helpers.js";
import {
  type Child,
  call,
  connectHttp,
  requireBuiltCli,
  spawnCli,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

beforeAll(requireBuiltCli);

const MCP_LINE = /MCP\s+(http:\/\/\S+:(\d+)\/mcp)/;
const TOKEN = "cluster-admin-token-0123456789";
const AUTH = { authorization: `Bearer ${TOKEN}` };
const PREFIX = "team";

let redis: RedisEngine;
let s3: S3Engine;
const tmp = tempDir("lens-cluster-");
const children: Child[] = [];

beforeAll(async () => {
  [redis, s3] = await Promise.all([startRedis(), startS3()]);
});
afterAll(async () => {
  for (const c of children) {
    if (c.proc.signalCode === "SIGSTOP") c.proc.kill("SIGCONT");
    if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill("SIGKILL");
    await c.exited;
  }
  await Promise.all([redis?.stop(), s3?.stop()]);
  tmp.remove();
});

// A failed test shows what the processes logged (their stderr), the last lines of each.
afterEach((ctx) => {
  if (ctx.task.result?.state !== "fail") return;
  for (const c of children) {
    const tail = c.stderr().split("\n").slice(-25).join("\n");
    console.error(
      `--- lens pid ${c.proc.pid} (${c.proc.spawnargs.slice(2, 4).join(" ")}):\n${tail}`,
    );
  }
});

const env = () => ({ ...s3.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" });
const clusterArgs = (prefix = PREFIX) => [
  "--cluster",
  redis.url,
  "--store",
  `s3://${s3.bucket}/${prefix}`,
  "--s3-path-style",
];
const keysOf = (prefix = PREFIX) => new Keys(parseStoreUrl(`s3://${s3.bucket}/${prefix}`));

interface Proc {
  child: Child;
  url: string;
  base: string;
}

async function serve(name: string, prefix = PREFIX, extra: string[] = []): Promise<Proc> {
  const child = spawnCli(
    [
      "serve",
      ...clusterArgs(prefix),
      ...extra,
      "--data",
      join(tmp.path, name),
      "--port",
      "0",
      "--token",
      TOKEN,
    ],
    { env: env() },
  );
  children.push(child);
  const [, url] = await child.waitFor(MCP_LINE);
  return { child, url: url!, base: url!.replace(/\/mcp$/, "") };
}

async function runCli(args: string[]): Promise<string> {
  const child = spawnCli(args, { env: env() });
  children.push(child);
  const { code } = await child.exited;
  if (code !== 0) throw new Error(`lens ${args[0]} exited ${code}:\n${child.stderr()}`);
  return child.stdout();
}

async function raw(p: Proc, path: string): Promise<string> {
  const res = await fetch(`${p.base}/api/v1/documents/${path}?view=raw`, { headers: AUTH });
  if (res.status !== 200) return `(${res.status})`;
  return ((await res.json()) as { content: string }).content;
}

/**
 * What the running processes logged last, a few lines each: carried in a failed wait's message,
 * which CI's summary keeps when it cuts the rest of the output (where afterEach prints more).
 */
function lastLogged(): string {
  const lines: string[] = [];
  for (const c of children) {
    if (c.proc.exitCode !== null || c.proc.signalCode !== null) continue;
    const last = c
      .stderr()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .slice(-5)
      .map((l) => `  ${l.replace(/"time":"[^"]*T|"name":"lens",/g, "").slice(0, 200)}`);
    lines.push(`pid ${c.proc.pid}:`, ...last);
  }
  return lines.length > 0 ? `; the processes logged last:\n${lines.join("\n")}` : "";
}

async function within<T>(ms: number, fn: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`not within ${ms} ms${lastLogged()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function v2(url: string) {
  const client = new Client(
    { name: "cluster-test", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: AUTH } }),
  );
  const tool = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
    return { text, isError: r.isError === true, data: r.structuredContent };
  };
  return { client, tool };
}

/**
 * The Team folder's unit: the one besides "unfiled". Found by its epoch counter, which stays,
 * not by its lease, which is briefly absent while it moves between processes.
 */
async function teamUnit(prefix = PREFIX): Promise<string> {
  const r = new Redis(redis.url);
  const keys = keysOf(prefix);
  try {
    const epochs = await r.keys(`${keys.ns}:epoch:*`);
    const unit = epochs
      .map((k) => k.slice(`${keys.ns}:epoch:`.length))
      .find((u) => u !== "unfiled");
    if (unit === undefined) throw new Error("no folder has had an owner yet");
    return unit;
  } finally {
    r.disconnect();
  }
}

/** The pid in the member name holding `unit`'s lease (members are `host-pid-random`). */
async function leaseHolder(unit: string): Promise<number | undefined> {
  return (await lease(unit))?.pid;
}

/** Who holds `unit`'s lease (a pid) and under which fencing epoch. */
async function lease(
  unit: string,
  prefix = PREFIX,
): Promise<{ pid: number; epoch: number } | undefined> {
  const r = new Redis(redis.url);
  try {
    const token = await r.get(keysOf(prefix).lease(unit));
    const m = token ? /-(\d+)-[0-9a-f]+:(\d+)$/.exec(token) : null;
    return m ? { pid: Number(m[1]), epoch: Number(m[2]) } : undefined;
  } finally {
    r.disconnect();
  }
}

/** The newest id in the update log partition of `docId` ("0-0" when empty). */
async function logHead(docId: string): Promise<string> {
  const r = new Redis(redis.url);
  try {
    const keys = keysOf();
    const last = await r.xrevrange(keys.stream(partitionOf(docId)), "+", "-", "COUNT", 1);
    return last[0]?.[0] ?? "0-0";
  } finally {
    r.disconnect();
  }
}

/** The members that appended updates of `docId` to the log after entry `since`. */
async function folderWriters(docId: string, since: string): Promise<string[]> {
  const r = new Redis(redis.url);
  try {
    const keys = keysOf();
    const entries = await r.xrange(keys.stream(partitionOf(docId)), `(${since}`, "+");
    const members: string[] = [];
    for (const [, fields] of entries) {
      const f = new Map<string, string>();
      for (let i = 0; i < fields.length; i += 2) f.set(fields[i]!, fields[i + 1]!);
      if (f.get("d") === docId) members.push(f.get("m")!);
    }
    return members;
  } finally {
    r.disconnect();
  }
}

describe("lens serve --cluster over redis-server and s3rver", () => {
  let a: Proc;
  let b: Proc;
  /** Team/Notes/Ideas.md's doc id (found in the bucket by the y-sweet test). */
  let ideasId: string;

  it("shares read handles, edits and reviews between processes within 2 s", async () => {
    const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
    expect(
      await runCli([
        "import",
        ...clusterArgs(),
        "--data",
        join(tmp.path, "importer"),
        `${vaults.team}=Team`,
      ]),
    ).toMatch(/Imported .* as "Team"/);
    [a, b] = await Promise.all([serve("a"), serve("b")]);
    expect(await raw(b, "Team/Plans.md")).toContain("Plan B: ship it again.");

    // Read on A (2026-07-28: the server issues a handle), edit on B with that handle.
    const onA = await v2(a.url);
    const read = await onA.tool("read", { file_path: "Team/Plans.md" });
    const handle = (read.data as { session_id?: string }).session_id;
    expect(handle).toMatch(/^lens-/);
    await onA.client.close();
    const onB = await v2(b.url);
    const edit = await within(2_000, async () => {
      const r = await onB.tool("edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan B",
        new_string: "Plan C",
        session_id: handle,
      });
      return r.isError ? undefined : r;
    });
    expect(edit.text).toMatch(/^Edited Team\/Plans\.md/);
    await onB.client.close();
    // A serves B's suggestion within 2 s.
    await within(2_000, async () =>
      (await raw(a, "Team/Plans.md")).includes("Plan C++}") ? true : undefined,
    );

    // Accepted through A's REST: B's raw text shows the result within 2 s.
    const accepted = await fetch(`${a.base}/api/v1/suggestions/accept`, {
      method: "POST",
      headers: { ...AUTH, "content-type": "application/json" },
      body: JSON.stringify({ path: "Team/Plans.md", all: true, reply: "Good plan" }),
    });
    expect(accepted.status).toBe(200);
    await within(2_000, async () => {
      const t = await raw(b, "Team/Plans.md");
      return t.includes("Plan C: ship it again.") && !t.includes("{++") ? true : undefined;
    });
    // Each process's `suggestions` tells what became of it, reply included, whichever process
    // ran the edit and the review (the history follows the cluster's audit trail).
    for (const p of [a, b]) {
      const mcp = await v2(p.url);
      try {
        await within(2_000, async () => {
          const r = await mcp.tool("suggestions", { path: "Team/Plans.md" });
          const items = (r.data as { suggestions?: Record<string, string>[] }).suggestions ?? [];
          const it = items.find((s) => s.newText === "Plan C");
          return it?.status === "accepted" && it.reply === "Good plan" ? true : undefined;
        });
      } finally {
        await mcp.client.close();
      }
    }
  });

  it("runs a write on its folder's owner: the other process forwards it and shows the result at once", async () => {
    const unit = await teamUnit();
    const ownerPid = await within(10_000, async () => {
      const pid = await leaseHolder(unit);
      return [a, b].some((p) => p.child.proc.pid === pid) ? pid : undefined;
    });
    const owner = [a, b].find((p) => p.child.proc.pid === ownerPid)!;
    const other = [a, b].find((p) => p !== owner)!;
    const doc = await fetch(`${other.base}/api/v1/documents/Team/Archive/Old.md`, {
      headers: AUTH,
    });
    const etag = doc.headers.get("etag")!;
    const edited = await fetch(`${other.base}/api/v1/documents/Team/Archive/Old.md/edit`, {
      method: "POST",
      headers: { ...AUTH, "content-type": "application/json", "if-match": etag },
      body: JSON.stringify({ old_string: "ship it\nship it", new_string: "ship it\nshipped" }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    const newTag = edited.headers.get("etag");
    // Read-your-writes: the process that forwarded it serves the change right away, under the
    // ETag its answer gave.
    const after = await fetch(`${other.base}/api/v1/documents/Team/Archive/Old.md?view=raw`, {
      headers: AUTH,
    });
    expect(((await after.json()) as { content: string }).content).toContain("shipped++}");
    expect(after.headers.get("etag")).toBe(newTag);
    // The sender logged it as forwarded; the owner ran it (its own log line, not forwarded).
    const lines = (c: Child) =>
      c
        .stderr()
        .split("\n")
        .filter((l) => l.includes('"tool":"edit"') && l.includes("Old.md"));
    await within(2_000, async () => (lines(owner.child).length > 0 ? true : undefined));
    expect(lines(other.child).every((l) => l.includes('"forwarded":true'))).toBe(true);
    expect(lines(owner.child).some((l) => !l.includes('"forwarded"'))).toBe(true);
  });

  it("a y-sweet client on A sees an edit made through B live", async () => {
    const bucket = new Bucket(
      s3FromEnv(parseStoreUrl(`s3://${s3.bucket}/${PREFIX}`), s3.env, true),
    );
    const docId = await within(3_000, async () => {
      for (const id of await bucket.list()) {
        try {
          const bytes = await bucket.get(id);
          if (
            bytes &&
            decodeDocFile(bytes).doc.getText("contents").toString().startsWith("# Ideas")
          )
            return id;
        } catch {
          // torn by s3rver mid-PUT: the next round reads it again
        }
      }
      return undefined;
    });
    bucket.close();
    ideasId = docId;
    const client = await connectClient(a.base, docId, { serverToken: TOKEN });
    try {
      expect(client.text.toString()).toContain("The old idea was good.");
      const doc = await fetch(`${b.base}/api/v1/documents/Team/Notes/Ideas.md`, { headers: AUTH });
      const edited = await fetch(`${b.base}/api/v1/documents/Team/Notes/Ideas.md/edit`, {
        method: "POST",
        headers: {
          ...AUTH,
          "content-type": "application/json",
          "if-match": doc.headers.get("etag")!,
        },
        body: JSON.stringify({ old_string: "The old idea", new_string: "The new idea" }),
      });
      expect(edited.status).toBe(200);
      await within(2_000, async () =>
        client.text.toString().includes("The new idea++}") ? true : undefined,
      );
    } finally {
      client.stop();
    }
  });

  it("runs link upkeep on the folder's owner alone: a link typed elsewhere is written there", async () => {
    const unit = await teamUnit();
    const owner = await within(10_000, async () => {
      const r = new Redis(redis.url);
      try {
        const token = await r.get(keysOf().lease(unit));
        return token?.slice(0, token.lastIndexOf(":"));
      } finally {
        r.disconnect();
      }
    });
    // A sync client on the process that does not own Team types a link to Old.md.
    const other = [a, b].find((p) => !owner.includes(`-${p.child.proc.pid}-`))!;
    const since = await logHead(unit);
    const client = await connectClient(other.base, ideasId, { serverToken: TOKEN });
    try {
      client.text.insert(client.text.length, "\nSee [[Old]].\n");
      // Every process's index knows it at once...
      for (const p of [a, b]) {
        await within(2_000, async () => {
          const links = await fetch(`${p.base}/api/v1/documents/Team/Archive/Old.md/links`, {
            headers: AUTH,
          });
          const body = (await links.json()) as { backlinks?: string[] };
          return body.backlinks?.includes("Team/Notes/Ideas.md") ? true : undefined;
        });
      }
      // ...and Team's backlinks_v0 is written by its owner only.
      const writers = await within(3_000, async () => {
        const members = await folderWriters(unit, since);
        return members.length > 0 ? members : undefined;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(new Set(await folderWriters(unit, since))).toEqual(new Set([owner]));
      expect(writers).toContain(owner);
    } finally {
      client.stop();
    }
  });

  it("shares tokens and the audit trail: a revocation on A is refused on B within 1 s", async () => {
    // Added with the CLI against the cluster (no server's directory involved).
    const added = await runCli([
      "token",
      "add",
      ...clusterArgs(),
      "--data",
      join(tmp.path, "admin-cli"),
      "--name",
      "Ann",
      "--role",
      "edit",
    ]);
    const ann = added.trim().split("\n").at(-1)!;
    const asAnn = (p: Proc) =>
      fetch(`${p.base}/api/v1/documents/Team/Plans.md`, {
        headers: { authorization: `Bearer ${ann}` },
      }).then((r) => r.status);
    await within(1_000, async () => ((await asAnn(a)) === 200 ? true : undefined));
    await within(1_000, async () => ((await asAnn(b)) === 200 ? true : undefined));

    // Revoked through A's REST: B refuses it within 1 s.
    const revoked = await fetch(`${a.base}/api/v1/tokens/Ann`, { method: "DELETE", headers: AUTH });
    expect(revoked.status).toBe(200);
    // The bound: refused everywhere within 1 s (within() fails past it).
    await within(1_000, async () => ((await asAnn(b)) === 401 ? true : undefined));

    // Each process lists the others' audit entries: the accept made on A, the revocation made
    // on A and the CLI's addition, all on B.
    const entries = await within(2_000, async () => {
      const res = await fetch(`${b.base}/api/v1/audit?limit=1000`, { headers: AUTH });
      const body = (await res.json()) as { entries: { action: string; outcome: string }[] };
      const actions = body.entries.map((e) => `${e.action}:${e.outcome}`);
      return actions.includes("token.revoke:ok") ? actions : undefined;
    });
    expect(entries).toContain("suggestion.accept:requested");
    expect(entries).toContain("token.add:ok");
    // Nothing is listed twice (B's own entries do not come back to it).
    const onA = (await (
      await fetch(`${a.base}/api/v1/audit?limit=1000`, { headers: AUTH })
    ).json()) as { entries: unknown[] };
    const onB = (await (
      await fetch(`${b.base}/api/v1/audit?limit=1000`, { headers: AUTH })
    ).json()) as { entries: unknown[] };
    expect(new Set(onA.entries.map((e) => JSON.stringify(e))).size).toBe(onA.entries.length);
    expect(onB.entries.length).toBe(onA.entries.length);
  });

  it("keeps 20 acknowledged creates through kill -9 of the process that made them", async () => {
    const conn = await connectHttp(a.url, AUTH);
    for (let i = 0; i < 20; i++) {
      const made = await call(conn.client, "create", {
        file_path: `Team/New/Note ${i}.md`,
        content: `note ${i}\n`,
      });
      expect(made.isError, made.text).toBe(false);
    }
    await conn.close().catch(() => {});
    a.child.proc.kill("SIGKILL");
    await a.child.exited;
    // B has every one at once.
    const onB = await connectHttp(b.url, AUTH);
    const listed = await call(onB.client, "glob", { pattern: "Team/New/*.md" });
    expect(listed.text.split("\n")).toHaveLength(20);
    await onB.close();
    // A again (a new process, a new member): loads the bucket, replays the log.
    a = await serve("a");
    const onA = await connectHttp(a.url, AUTH);
    expect(
      (await call(onA.client, "glob", { pattern: "Team/New/*.md" })).text.split("\n"),
    ).toHaveLength(20);
    await onA.close();
    // Created by an assistant: a suggestion of the whole note, as on one process.
    expect(await raw(a, "Team/New/Note 19.md")).toContain("note 19");
  });

  it("loses nothing acknowledged when Redis is killed -9 and restarted", async () => {
    const conn = await connectHttp(b.url, AUTH);
    const made = await call(conn.client, "create", {
      file_path: "Team/Before crash.md",
      content: "acknowledged\n",
    });
    expect(made.isError, made.text).toBe(false);
    await conn.close();
    await redis.crashAndRestart();
    // The processes reconnect; a write after the restart is acknowledged too.
    const again = await connectHttp(b.url, AUTH);
    const after = await within(10_000, async () => {
      const r = await call(again.client, "create", {
        file_path: "Team/After crash.md",
        content: "also\n",
      });
      return r.isError ? undefined : r;
    });
    expect(after.isError).toBe(false);
    await again.close();
    // A process started now finds both (the bucket and the AOF-replayed log).
    const c = await serve("c");
    try {
      expect(await raw(c, "Team/Before crash.md")).toContain("acknowledged");
      expect(await raw(c, "Team/After crash.md")).toContain("also");
      // A's follower may have had its read stranded by the crash: it gives such a read up after
      // its block time and FOLLOW_STALL_MS (5 s, packages/cluster node.ts) and reconnects (≤ 1 s
      // apart). The live bound of 2 s holds without a crash (the first test).
      expect(
        await within(8_000, async () =>
          (await raw(a, "Team/After crash.md")).includes("also") ? true : undefined,
        ),
      ).toBe(true);
    } finally {
      // Gone whatever happened: a third member left behind would take folders from the next tests.
      c.child.proc.kill("SIGTERM");
      await c.child.exited;
    }
  });

  it("moves ownership off a SIGSTOPped owner within lease + 1 s; its return rolls nothing back", async () => {
    // Which process owns the Team folder (its unit is the folder doc id).
    const unit = await teamUnit();
    const procs = [a, b];
    const ownerPid = await within(10_000, async () => {
      const pid = await leaseHolder(unit);
      return procs.some((p) => p.child.proc.pid === pid) ? pid : undefined;
    });
    const owner = procs.find((p) => p.child.proc.pid === ownerPid)!;
    const before = (await lease(unit))!;
    const other = procs.find((p) => p !== owner)!;

    owner.child.proc.kill("SIGSTOP");
    // The lease (5 s) lapses and the other process takes it within a lease and a second (the
    // issue's bound, with half a second for polling on a busy machine; within() fails past it).
    await within(6_500, async () =>
      (await leaseHolder(unit)) === other.child.proc.pid ? true : undefined,
    );

    // A write on the new owner reaches the bucket.
    const conn = await connectHttp(other.url, AUTH);
    expect((await call(conn.client, "read", { file_path: "Team/Plans.md" })).isError).toBe(false);
    const edited = await call(conn.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan A",
      new_string: "Plan Z",
    });
    expect(edited.isError, edited.text).toBe(false);
    await conn.close();
    const bucket = new Bucket(
      s3FromEnv(parseStoreUrl(`s3://${s3.bucket}/${PREFIX}`), s3.env, true),
    );
    const docId = await within(3_000, async () => {
      for (const id of await bucket.list()) {
        const bytes = await bucket.get(id);
        let text = "";
        try {
          text = bytes ? decodeDocFile(bytes).doc.getText("contents").toString() : "";
        } catch {
          // s3rver may serve an object mid-PUT: read again on the next round.
        }
        if (text.includes("Plan Z++}")) return id;
      }
      return undefined;
    });

    // The old owner comes back. Placement may give it the folder again, but only under a new
    // epoch (its old token commits nothing), and nothing goes backwards.
    const taken = (await lease(unit))!;
    expect(taken.epoch).toBeGreaterThan(before.epoch);
    owner.child.proc.kill("SIGCONT");
    await new Promise((res) => setTimeout(res, 2_000));
    const now = (await lease(unit))!;
    expect(now.epoch).toBeGreaterThanOrEqual(taken.epoch);
    if (now.pid === owner.child.proc.pid) expect(now.epoch).toBeGreaterThan(taken.epoch);
    expect(
      await within(2_000, async () => {
        try {
          return decodeDocFile((await bucket.get(docId))!)
            .doc.getText("contents")
            .toString();
        } catch {
          return undefined; // torn by s3rver mid-PUT: read again
        }
      }),
    ).toContain("Plan Z++}");
    bucket.close();
    expect(
      await within(2_000, async () =>
        (await raw(owner, "Team/Plans.md")).includes("Plan Z") ? true : undefined,
      ),
    ).toBe(true);
  });

  it("a process paused past the log's retention catches up from the bucket when it resumes", async () => {
    const prefix = "behind";
    const vaults = writeFixtureVaults(join(tmp.path, "vaults-behind"));
    await runCli([
      "import",
      ...clusterArgs(prefix),
      "--data",
      join(tmp.path, "importer-behind"),
      `${vaults.team}=Team`,
    ]);
    // P trims the log one second after the bucket has an entry; Q is paused meanwhile.
    const [p, q] = await Promise.all([
      serve("p", prefix, ["--log-retention", "1s"]),
      serve("q", prefix),
    ]);
    expect(await raw(q, "Team/Plans.md")).toContain("Plan B");
    q.child.proc.kill("SIGSTOP");
    const unit = await teamUnit(prefix);
    await within(15_000, async () =>
      (await lease(unit, prefix))?.pid === p.child.proc.pid ? true : undefined,
    );
    const onP = await v2(p.url);
    // (Asked again while P answers that the folder's ownership has only just moved to it.)
    const created = await within(5_000, async () => {
      const r = await onP.tool("create", {
        file_path: "Team/Late.md",
        content: "written while Q slept\n",
      });
      return r.isError && /send the change again/.test(r.text) ? undefined : r;
    });
    expect(created.isError, created.text).toBe(false);
    await onP.client.close();
    // Written to the bucket, then trimmed from the log: only the bucket has it now.
    const r = new Redis(redis.url);
    try {
      await within(15_000, async () => {
        let left = 0;
        for (let i = 0; i < 16; i++) left += await r.xlen(keysOf(prefix).stream(i));
        return left === 0 ? true : undefined;
      });
    } finally {
      r.disconnect();
    }
    q.child.proc.kill("SIGCONT");
    await within(5_000, async () =>
      (await raw(q, "Team/Late.md")).includes("written while Q slept") ? true : undefined,
    );
    expect(q.child.stderr()).toContain("fell behind the update log's retention");
    for (const c of [p, q]) {
      c.child.proc.kill("SIGTERM");
      await c.child.exited;
    }
  });

  it("lens export --cluster gives every note with its edits", async () => {
    const out = join(tmp.path, "export");
    expect(await runCli(["export", ...clusterArgs(), out])).toMatch(
      /^Exported 25 documents from s3:\/\//,
    );
    expect(readFileSync(join(out, "Team", "Plans.md"), "utf8")).toContain("Plan C: ship it again.");
    expect(readFileSync(join(out, "Team", "Plans.md"), "utf8")).toContain("Plan Z++}");
    expect(readFileSync(join(out, "Team", "New", "Note 7.md"), "utf8")).toContain("note 7\n");
    expect(readFileSync(join(out, "Team", "After crash.md"), "utf8")).toContain("also\n");
  });
});
