// Benchmark (b): read / glob / get_links / edit over MCP against `lens serve` in a child process
// (loopback HTTP): latency of one session issuing calls one after another (p50, p99), then
// throughput with 1, 8 and 64 concurrent sessions for a bounded time each. An edit's latency
// is durable latency: the server flushes the document to disk before it answers.
import { connectMcp, type McpConnection, type ToolCaller } from "../scenario/mcpAdapter.js";
import { cpuMs } from "./cpuTime.js";
import { bareToolCaller, rawToolCaller } from "./rawCall.js";
import type { ReportSection } from "./report.js";
import { formatMs, formatRatio, type Summary, summarize } from "./stats.js";
import { BENCH_EDITOR, type BenchDoc, GLOB_PATTERN, OPS, type Op, RefToggle } from "./workload.js";

export interface LatencyResult {
  op: Op;
  sequential: Summary;
  throughput: {
    sessions: number;
    opsPerSec: number;
    p50: number;
    p99: number;
    errors: number;
    /** CPU used during the window, in % of one core: the server process and this client. */
    serverCpu?: number;
    clientCpu?: number;
  }[];
}

export interface LatencyOptions {
  url: string;
  /** Process id of the server, to report its CPU use during the throughput windows. */
  serverPid?: number;
  docs: BenchDoc[];
  /** Sequential calls per op. */
  samples: Record<Op, number>;
  concurrency: number[];
  /** Length of each throughput window (ms). */
  durationMs: number;
  /** Shared with later benchmarks on the same server, so edit toggles stay in step. */
  runner: OpRunner;
  /** The bare node:http anchor on the same data (bareServer.ts), if it runs. */
  bareUrl?: string;
  log: (m: string) => void;
}

/** Documents each session edits in turn during the throughput runs. */
const EDIT_DOCS_PER_SESSION = 4;

export class OpRunner {
  readonly toggle = new RefToggle();
  errors = 0;
  lastError = "";
  constructor(private readonly docs: BenchDoc[]) {}

  doc(i: number): BenchDoc {
    return this.docs[i % this.docs.length]!;
  }

  async run(conn: ToolCaller, op: Op, doc: BenchDoc): Promise<void> {
    let r: { text: string; isError: boolean; protocolError?: boolean };
    switch (op) {
      case "read":
        r = await conn.call("read", { file_path: doc.path });
        break;
      case "glob":
        r = await conn.call("glob", { pattern: GLOB_PATTERN });
        break;
      case "get_links":
        r = await conn.call("get_links", { file_path: doc.path });
        break;
      case "edit": {
        const { oldText, newText } = this.toggle.next(doc);
        r = await conn.call("edit", {
          file_path: doc.path,
          old_string: oldText,
          new_string: newText,
        });
        break;
      }
    }
    if (r.isError || r.protocolError) {
      this.errors++;
      this.lastError = r.text.slice(0, 300);
    }
  }
}

function cpuCell(t: LatencyResult["throughput"][number] | undefined): string {
  if (t?.serverCpu === undefined || t.clientCpu === undefined) return "–";
  return `${t.serverCpu}% / ${t.clientCpu}%`;
}

async function throughput(
  conns: McpConnection[],
  runOne: (session: number, k: number) => Promise<void>,
  durationMs: number,
  serverPid: number | undefined,
): Promise<{
  opsPerSec: number;
  p50: number;
  p99: number;
  serverCpu?: number;
  clientCpu?: number;
}> {
  const server0 = serverPid === undefined ? undefined : cpuMs(serverPid);
  const client0 = cpuMs();
  const started = performance.now();
  const deadline = started + durationMs;
  const latencies: number[] = [];
  await Promise.all(
    conns.map(async (_, s) => {
      for (let k = 0; performance.now() < deadline; k++) {
        const t = performance.now();
        await runOne(s, k);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - started;
  const sum = summarize(latencies);
  const percent = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined
      ? undefined
      : Math.round(((after - before) / elapsed) * 100);
  const serverCpu = serverPid === undefined ? undefined : percent(server0, cpuMs(serverPid));
  const clientCpu = percent(client0, cpuMs());
  return {
    opsPerSec: (latencies.length / elapsed) * 1000,
    p50: sum.p50,
    p99: sum.p99,
    ...(serverCpu === undefined ? {} : { serverCpu }),
    ...(clientCpu === undefined ? {} : { clientCpu }),
  };
}

export async function latencyBench(
  options: LatencyOptions,
): Promise<{ section: ReportSection; results: LatencyResult[]; rawRead?: Summary }> {
  const { url, docs, log, runner } = options;
  const results: LatencyResult[] = [];

  // Sequential latency, one session. Edits need a read first: done before timing.
  const conn = await connectMcp({ url }, BENCH_EDITOR);
  const sequential = new Map<Op, Summary>();
  let rawRead: Summary | undefined;
  let bareRead: Summary | undefined;
  try {
    for (let i = 0; i < options.samples.edit; i++)
      await conn.call("read", { file_path: runner.doc(i).path });
    for (const op of OPS) {
      log(`MCP ${op}: ${options.samples[op]} sequential calls`);
      for (let i = 0; i < 5; i++)
        await runner.run(conn, op === "edit" ? "read" : op, runner.doc(i)); // warm-up
      const times: number[] = [];
      for (let i = 0; i < options.samples[op]; i++) {
        const t = performance.now();
        await runner.run(conn, op, runner.doc(i));
        times.push(performance.now() - t);
      }
      sequential.set(op, summarize(times));
    }
    // The same reads as bare JSON-RPC POSTs in this session: the SDK client's share of the
    // latency. Alternated call by call with the same POSTs to the bare anchor: what Lens's MCP
    // door adds over a plain node:http handler calling the same callTool.
    const raw = rawToolCaller(url, conn);
    const bare = options.bareUrl ? bareToolCaller(options.bareUrl) : undefined;
    const rawTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      await raw("read", { file_path: runner.doc(i).path });
      await bare?.("read", { file_path: runner.doc(i).path });
    }
    for (let i = 0; i < options.samples.read; i++) {
      const args = { file_path: runner.doc(i).path };
      let t = performance.now();
      await raw("read", args);
      rawTimes.push(performance.now() - t);
      if (bare) {
        t = performance.now();
        await bare("read", args);
        bareTimes.push(performance.now() - t);
      }
    }
    rawRead = summarize(rawTimes);
    if (bare) bareRead = summarize(bareTimes);
  } finally {
    await conn.close();
  }

  const levels = new Map<Op, LatencyResult["throughput"]>(OPS.map((op) => [op, []]));
  for (const sessions of options.concurrency) {
    log(`MCP throughput with ${sessions} session(s)`);
    const conns = await Promise.all(
      Array.from({ length: sessions }, (_, i) => connectMcp({ url }, `lens-bench-${i}`)),
    );
    try {
      // Each session edits its own documents, read beforehand (untimed).
      const editDoc = (s: number, k: number) =>
        runner.doc(docs.length - 1 - (s * EDIT_DOCS_PER_SESSION + (k % EDIT_DOCS_PER_SESSION)));
      await Promise.all(
        conns.map(async (c, s) => {
          for (let k = 0; k < EDIT_DOCS_PER_SESSION; k++)
            await c.call("read", { file_path: editDoc(s, k).path });
        }),
      );
      for (const op of OPS) {
        const before = runner.errors;
        const r = await throughput(
          conns,
          (s, k) =>
            runner.run(conns[s]!, op, op === "edit" ? editDoc(s, k) : runner.doc(s * 997 + k)),
          options.durationMs,
          options.serverPid,
        );
        levels.get(op)!.push({ sessions, ...r, errors: runner.errors - before });
      }
    } finally {
      await Promise.all(conns.map((c) => c.close()));
    }
  }
  for (const op of OPS)
    results.push({ op, sequential: sequential.get(op)!, throughput: levels.get(op)! });

  const columns = ["operation", "p50", "p99"];
  for (const s of options.concurrency) columns.push(`ops/s, ${s} session${s === 1 ? "" : "s"}`);
  for (const s of options.concurrency.filter((c) => c > 1)) columns.push(`p50 / p99 at ${s}`);
  const busiest = Math.max(...options.concurrency);
  columns.push(`CPU at ${busiest}: server / client`);
  const section: ReportSection = {
    id: "mcp-latency",
    title: "MCP latency and throughput (`lens serve` child process, loopback HTTP)",
    intro: `One session calling in sequence (${Object.entries(options.samples)
      .map(([op, n]) => `${n} ${op}`)
      .join(
        ", ",
      )}) gives p50 / p99; then 1, 8 and 64 concurrent MCP sessions call for ${options.durationMs / 1000} s each. read = a whole document (default limit), glob = \`${GLOB_PATTERN}\`, get_links = a random document, edit = a one-line suggestion (toggled back and forth), durable: \`lens serve\` flushes it to disk (fsync) before it answers.`,
    columns,
    rows: results.map((r) => [
      r.op,
      formatMs(r.sequential.p50),
      formatMs(r.sequential.p99),
      ...r.throughput.map((t) => t.opsPerSec.toFixed(0)),
      ...r.throughput
        .filter((t) => t.sessions > 1)
        .map((t) => `${formatMs(t.p50)} / ${formatMs(t.p99)}`),
      cpuCell(r.throughput.find((t) => t.sessions === busiest)),
    ]),
    notes: [
      "Targets (not asserted): MCP p50 read < 2 ms; edit durable p50 < 10 ms.",
      ...(rawRead
        ? [
            `The same reads sent as bare JSON-RPC POSTs (fetch, no SDK client) in that session: p50 ${formatMs(rawRead.p50)}, p99 ${formatMs(rawRead.p99)} — the rest of the SDK figure is the client library.`,
          ]
        : []),
      ...(rawRead && bareRead
        ? [
            `Anchor: the same POSTs, alternated call by call, to a bare \`node:http\` handler calling the same \`callTool\` on the same data in another process (no framework, MCP SDK, sessions or auth): p50 ${formatMs(bareRead.p50)}, p99 ${formatMs(bareRead.p99)}. Lens ÷ bare at p50: ${formatRatio(rawRead.p50 / bareRead.p50)} (target ≤ 1.3×).`,
          ]
        : []),
      "CPU = % of one core used during the window by the `lens serve` process and by the benchmark process (all the SDK clients); 100% on either side means that side was the bottleneck (the machine has 2 cores).",
      ...(runner.errors > 0
        ? [`${runner.errors} calls answered with an error (last: ${runner.lastError}).`]
        : ["Every call succeeded."]),
    ],
    data: { results, rawRead, bareRead },
  };
  return { section, results, ...(rawRead ? { rawRead } : {}) };
}
