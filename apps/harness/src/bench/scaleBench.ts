// The scale section (opt-in: `--only scale`): one `lens serve` on 500 000 generated notes, the
// performance issue's "load and answer grep/search — report time and memory". What it reports:
// when the process served, when link upkeep's first pass and the ranked index were done, its
// resident memory then and after the searches, and each search's time as the client sees it.
// The notes are 1 000 bytes on average (the other parts' corpora: 5 000), so that the corpus
// fits this machine's memory at today's ratio of memory to text; the heap flag it needs is in
// SCALE_NODE_OPTIONS. The server runs on the corpus in place (copying 500 000 directories costs
// minutes): everything it writes is under DATA/.lens, removed before and after.
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { connectMcp } from "../scenario/mcpAdapter.js";
import { startLensServe } from "../server/lensServe.js";
import { BUILT_LINES, type DataCorpus, logged, residentBytes, settled } from "./memoryBench.js";
import type { ReportSection } from "./report.js";
import { formatBytes, formatMs } from "./stats.js";

/** The corpus of this part: many small notes. */
export const SCALE_CORPUS = { docs: 500_000, meanDocBytes: 1_000 } as const;

/** V8's default old space (~4 GB here) is too small for 500 000 notes: the documented flag. */
export const SCALE_NODE_OPTIONS = ["--max-old-space-size=12288"];

/** What an assistant asks first, each timed: whole answers in files and count modes. */
const SEARCHES: [string, Record<string, unknown>][] = [
  ["grep", { pattern: "replication", output_mode: "files_with_matches", head_limit: 0 }],
  ["grep", { pattern: "lea[sd]e?r", output_mode: "count", head_limit: 0 }],
  ["grep", { pattern: "consensus", "-i": true, output_mode: "content" }],
  ["search", { query: "how does the cluster recover after a failure" }],
];

/** Reads every file under `dir` once (its bytes dropped), a few at a time. */
async function readEveryFile(dir: string): Promise<void> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
  let next = 0;
  const reader = async () => {
    while (next < files.length) await readFile(files[next++]!);
  };
  await Promise.all(Array.from({ length: 8 }, reader));
}

export async function scaleBench(
  corpus: DataCorpus,
  log: (m: string) => void,
): Promise<{ section: ReportSection }> {
  const lensDir = join(corpus.dataDir, ".lens");
  await rm(lensDir, { recursive: true, force: true });
  const rows: string[][] = [];
  try {
    // From the page cache, as a restart of a server that ran finds it: a start from disk alone
    // is I/O-bound on this machine's disk (210 s for these notes) and measures the disk.
    log(`scale: reading the corpus once (page cache)`);
    await readEveryFile(corpus.dataDir);
    log(`scale: lens serve on ${corpus.docs} documents`);
    const started = Date.now();
    const server = await startLensServe({
      data: corpus.dataDir,
      logLevel: "info",
      nodeOptions: SCALE_NODE_OPTIONS,
      startTimeoutMs: 900_000,
    });
    const readyMs = Date.now() - started;
    try {
      // When each background build ended (BUILT_LINES order: links, index, grep, then the
      // collection after them).
      const deadline = started + 900_000;
      const built: number[] = [];
      for (const line of BUILT_LINES) built.push((await logged(server, line, deadline)) - started);
      const [linksMs, indexMs, grepMs] = built as [number, number, number];
      const pid = server.proc.pid!;
      const loaded = await settled(pid);
      const conn = await connectMcp({ url: server.url }, "lens-harness:scale");
      const timed: string[] = [];
      try {
        // Each search twice (the second: warm); a failure (the grep time limit) is a finding,
        // reported.
        for (const [tool, args] of SEARCHES) {
          const times: string[] = [];
          for (let i = 0; i < 2; i++) {
            const t = performance.now();
            const r = await conn.call(tool, args);
            const ms = formatMs(performance.now() - t);
            times.push(r.isError ? `${ms} (error: ${r.text.slice(0, 60)}…)` : ms);
          }
          timed.push(
            `${tool} ${JSON.stringify(args.pattern ?? args.query)}: ${times.join(", then ")}`,
          );
        }
      } finally {
        await conn.close();
      }
      const searched = await settled(pid);
      rows.push([
        String(corpus.docs),
        formatBytes(corpus.bytes),
        `${(readyMs / 1000).toFixed(2)} s`,
        `${(linksMs / 1000).toFixed(1)} s`,
        `${(indexMs / 1000).toFixed(1)} s`,
        `${(grepMs / 1000).toFixed(1)} s`,
        `${formatBytes(loaded)} (${(loaded / corpus.bytes).toFixed(2)}×)`,
        `${formatBytes(searched)} (${(searched / corpus.bytes).toFixed(2)}×)`,
        timed.join("; "),
      ]);
      log(`scale: rss now ${formatBytes(await residentBytes(pid))}`);
    } finally {
      await server.stop();
    }
  } finally {
    await rm(lensDir, { recursive: true, force: true });
  }
  return {
    section: {
      id: "scale",
      title: "Scale: 500 000 notes in one `lens serve`",
      intro: `One \`lens serve\` (node ${SCALE_NODE_OPTIONS.join(" ")}) on a generated data directory of ${corpus.docs} notes of ${SCALE_CORPUS.meanDocBytes} bytes on average, in place (what it writes, under DATA/.lens, is removed before and after), every file read once before (the page cache warm, as for a restart: a start from disk alone measures the disk). *Ready*: from spawning until it printed its address; *links*, *index* and *grep*: until it logged \`links ready\`, \`search index ready\` and \`grep ready\` (built in the background, in that order; the last is the grep worker's copy of every note). Resident: VmRSS once it stopped growing, after the builds, then after the searches; × the notes' UTF-8 bytes. Each search is one MCP call, timed by the client, made twice (the second is what a search costs once warm), whole answers in files and count modes (the content search gives its first page); an error (such as grep's time limit) is shown, not hidden.`,
      columns: [
        "documents",
        "notes' text",
        "ready",
        "links",
        "index",
        "grep",
        "resident after load",
        "after searches",
        "searches",
      ],
      rows,
      notes: [
        "Goal (performance issue, not asserted): 500 000 generated notes load and answer grep and search in one process; report time and memory.",
      ],
    },
  };
}
