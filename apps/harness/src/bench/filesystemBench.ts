// Benchmark (c): the same operations through @modelcontextprotocol/server-filesystem (stdio,
// rooted at the corpus written as files) and through Lens (MCP over loopback HTTP, and over stdio
// like server-filesystem), driven by the same SDK client, on the same documents:
// read ↔ read_text_file, glob ↔ search_files, edit ↔ edit_file. Ratios are Lens ÷ filesystem,
// measured in the same run.
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "@lens/store";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { lensCli } from "../paths.js";
import { callWith, connectMcp, type ToolCaller } from "../scenario/mcpAdapter.js";
import { OpRunner } from "./latencyBench.js";
import type { ReportSection } from "./report.js";
import { formatMs, formatRatio, type Summary, summarize } from "./stats.js";
import { BENCH_EDITOR, type BenchDoc, GLOB_PATTERN, RefToggle } from "./workload.js";

/** The server-filesystem entry point (dist/index.js of the installed package). */
export function filesystemServerPath(): string {
  const require = createRequire(import.meta.url);
  return join(
    dirname(require.resolve("@modelcontextprotocol/server-filesystem/package.json")),
    "dist",
    "index.js",
  );
}

type FsOp = "read" | "glob" | "edit";
const FS_TOOL: Record<FsOp, string> = {
  read: "read_text_file",
  glob: "search_files",
  edit: "edit_file",
};

export interface FilesystemRow {
  op: FsOp;
  tool: string;
  lens: Summary;
  filesystem: Summary;
  ratio: number;
  /** Lens over stdio (`lens stdio`, its own copy of the data): the same transport as filesystem. */
  stdio?: { lens: Summary; ratio: number };
  /** edit: what making the write durable costs on this disk, measured beside the calls. */
  fsync?: {
    durable: Summary;
    plain: Summary;
    cost: number;
    ratioWithout: number;
    stdioRatioWithout?: number;
  };
}

/** `lens stdio` on `data`, with the SDK client over its stdin/stdout. */
async function connectLensStdio(data: string): Promise<ToolCaller & { close(): Promise<void> }> {
  // The caller's own LENS_* settings must not change what is measured.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => !e[0].startsWith("LENS_") && e[1] !== undefined,
    ),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [lensCli(), "stdio", "--data", data, "--log-level", "warn"],
    env,
    stderr: "ignore",
  });
  const client = new Client({ name: "lens-bench-stdio", version: "0.1.0" });
  await client.connect(transport);
  return { call: (name, args) => callWith(client, name, args), close: () => client.close() };
}

/**
 * The same bytes written the way Lens's store makes a write durable (temp file, fsync, rename,
 * fsync of the directory: @lens/store's writeFileAtomic) and the way server-filesystem writes
 * (temp file, rename, no fsync); ms each.
 */
async function timeWrites(file: string, bytes: Uint8Array): Promise<[number, number]> {
  let t = performance.now();
  await writeFileAtomic(file, bytes);
  const durable = performance.now() - t;
  t = performance.now();
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
  return [durable, performance.now() - t];
}

export async function filesystemBench(options: {
  lensUrl: string;
  /** The corpus as files (one directory per folder): the filesystem server's root. */
  root: string;
  docs: BenchDoc[];
  samples: Record<FsOp, number>;
  /** The runner of the earlier Lens benchmarks on this server (edit toggles stay in step). */
  runner: OpRunner;
  /** A copy of the data directory for `lens stdio` (the column is left out without it). */
  stdioData?: string;
  log: (m: string) => void;
}): Promise<{ section: ReportSection; rows: FilesystemRow[] }> {
  const { root, docs, log } = options;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [filesystemServerPath(), root],
    stderr: "ignore",
  });
  const fs = new Client({ name: "lens-bench-fs", version: "0.1.0" });
  await fs.connect(transport);
  const lens = await connectMcp({ url: options.lensUrl }, BENCH_EDITOR);
  const stdio = options.stdioData ? await connectLensStdio(options.stdioData) : undefined;
  const stdioRunner = new OpRunner(docs);
  const lensRunner = options.runner;
  const lensErrorsBefore = lensRunner.errors;
  const fsToggle = new RefToggle();
  let fsErrors = 0;
  let fsLastError = "";
  const fsCall = async (op: FsOp, doc: BenchDoc) => {
    const path = join(root, doc.path);
    const args =
      op === "read"
        ? { path }
        : op === "glob"
          ? { path: root, pattern: GLOB_PATTERN }
          : { path, edits: [fsToggle.next(doc)] };
    const r = (await fs.callTool({ name: FS_TOOL[op], arguments: args })) as CallToolResult;
    if (r.isError) {
      fsErrors++;
      fsLastError = JSON.stringify(r.content).slice(0, 300);
    }
  };
  const rows: FilesystemRow[] = [];
  try {
    const n = Math.max(options.samples.edit, options.samples.read);
    for (let i = 0; i < n; i++) {
      await lens.call("read", { file_path: docs[i % docs.length]!.path });
      await stdio?.call("read", { file_path: docs[i % docs.length]!.path });
    }
    for (const op of ["read", "glob", "edit"] as const) {
      log(`${op}: Lens vs server-filesystem ${FS_TOOL[op]} (${options.samples[op]} calls each)`);
      const lensTimes: number[] = [];
      const stdioTimes: number[] = [];
      const fsTimes: number[] = [];
      const durableTimes: number[] = [];
      const plainTimes: number[] = [];
      for (let i = 0; i < 3; i++) {
        await lensRunner.run(lens, op === "edit" ? "read" : op, docs[i]!);
        if (stdio) await stdioRunner.run(stdio, op === "edit" ? "read" : op, docs[i]!);
        if (op !== "edit") await fsCall(op, docs[i]!);
      }
      for (let i = 0; i < options.samples[op]; i++) {
        const doc = docs[i % docs.length]!;
        let t = performance.now();
        await lensRunner.run(lens, op, doc);
        lensTimes.push(performance.now() - t);
        if (stdio) {
          t = performance.now();
          await stdioRunner.run(stdio, op, doc);
          stdioTimes.push(performance.now() - t);
        }
        t = performance.now();
        await fsCall(op, doc);
        fsTimes.push(performance.now() - t);
        if (op === "edit") {
          const bytes = await readFile(join(root, doc.path));
          const [durable, plain] = await timeWrites(join(root, ".lens-bench-write"), bytes);
          durableTimes.push(durable);
          plainTimes.push(plain);
        }
      }
      const l = summarize(lensTimes);
      const f = summarize(fsTimes);
      const row: FilesystemRow = {
        op,
        tool: FS_TOOL[op],
        lens: l,
        filesystem: f,
        ratio: l.p50 / f.p50,
      };
      if (stdio) {
        const sl = summarize(stdioTimes);
        row.stdio = { lens: sl, ratio: sl.p50 / f.p50 };
      }
      if (op === "edit") {
        await rm(join(root, ".lens-bench-write"), { force: true });
        const durable = summarize(durableTimes);
        const plain = summarize(plainTimes);
        const cost = Math.max(0, durable.p50 - plain.p50);
        row.fsync = { durable, plain, cost, ratioWithout: (l.p50 - cost) / f.p50 };
        if (row.stdio) row.fsync.stdioRatioWithout = (row.stdio.lens.p50 - cost) / f.p50;
      }
      rows.push(row);
    }
  } finally {
    await lens.close();
    await stdio?.close();
    await fs.close();
  }
  const errors = lensRunner.errors - lensErrorsBefore + stdioRunner.errors + fsErrors;
  const section: ReportSection = {
    id: "filesystem",
    title: "Lens vs @modelcontextprotocol/server-filesystem (same SDK client, same documents)",
    intro: `Calls alternate between the servers, one at a time: Lens over Streamable HTTP (loopback) to \`lens serve\`; Lens over stdio (\`lens stdio\` on its own copy of the data: the same transport as server-filesystem); server-filesystem over stdio, rooted at the same corpus written as files. glob ↔ search_files use the pattern \`${GLOB_PATTERN}\`; edit ↔ edit_file make the same one-line change (Lens: a CriticMarkup suggestion, fsync'd before the answer; server-filesystem: temp file + rename, no fsync). Ratio = Lens p50 ÷ server-filesystem p50.`,
    columns: [
      "operation",
      "server-filesystem tool",
      "Lens HTTP p50",
      "Lens HTTP p99",
      "Lens stdio p50",
      "Lens stdio p99",
      "filesystem p50",
      "filesystem p99",
      "Lens HTTP ÷ filesystem",
      "Lens stdio ÷ filesystem",
    ],
    rows: rows.map((r) => [
      r.op,
      r.tool,
      formatMs(r.lens.p50),
      formatMs(r.lens.p99),
      r.stdio ? formatMs(r.stdio.lens.p50) : "–",
      r.stdio ? formatMs(r.stdio.lens.p99) : "–",
      formatMs(r.filesystem.p50),
      formatMs(r.filesystem.p99),
      formatRatio(r.ratio),
      r.stdio ? formatRatio(r.stdio.ratio) : "–",
    ]),
    notes: [
      "get_links and grep have no server-filesystem counterpart.",
      ...rows.flatMap((r) =>
        r.fsync
          ? [
              `fsync, measured beside the edits on the same disk with the same bytes: a durable write (temp file, fsync, rename, fsync of the directory, as Lens's store writes) p50 ${formatMs(r.fsync.durable.p50)}, the same without fsync (as server-filesystem writes) ${formatMs(r.fsync.plain.p50)}; so fsync costs ${formatMs(r.fsync.cost)} of each Lens edit. Lens ÷ filesystem with that cost taken out: over HTTP ${formatRatio(r.fsync.ratioWithout)}${r.fsync.stdioRatioWithout === undefined ? "" : `, over stdio (the same transport) ${formatRatio(r.fsync.stdioRatioWithout)}`} (target ≤ 1.5×).`,
            ]
          : [],
      ),
      errors > 0
        ? `${errors} calls answered with an error (Lens: ${lensRunner.lastError || stdioRunner.lastError || "none"}; filesystem: ${fsLastError || "none"}).`
        : "Every call succeeded.",
    ],
    data: rows,
  };
  return { section, rows };
}
