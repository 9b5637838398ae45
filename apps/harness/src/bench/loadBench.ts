// Benchmark (d): load time and resident memory of a data directory, each run in a fresh child
// process (dist/loadChild.js with --expose-gc), for several corpus sizes, and how both grow.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { harnessRoot } from "../paths.js";
import type { LoadMeasurement } from "./loadChild.js";
import type { ReportSection } from "./report.js";
import { formatBytes, formatMs, formatRatio, median } from "./stats.js";

export interface LoadRow {
  docs: number;
  bytes: number;
  runs: number;
  ms: number;
  rss: number;
  heapUsed: number;
  baselineRss: number;
  problems: number;
}

export function loadChildPath(): string {
  return join(harnessRoot(), "dist", "loadChild.js");
}

export function measureLoad(dataDir: string): Promise<LoadMeasurement> {
  const child = loadChildPath();
  if (!existsSync(child)) {
    return Promise.reject(
      new Error(`${child} is missing: build the harness first (pnpm --filter @lens/harness build)`),
    );
  }
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ["--expose-gc", "--max-old-space-size=16384", child, dataDir],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    proc.stdout.setEncoding("utf8").on("data", (d: string) => {
      out += d;
    });
    proc.stderr.setEncoding("utf8").on("data", (d: string) => {
      err += d;
    });
    proc.once("error", reject);
    proc.once("close", (code) => {
      if (code !== 0) return reject(new Error(`load child failed (${code}): ${err}`));
      try {
        resolve(JSON.parse(out.trim().split("\n").pop() ?? "") as LoadMeasurement);
      } catch {
        reject(new Error(`load child printed no measurement: ${out}\n${err}`));
      }
    });
  });
}

export async function loadBench(
  corpora: { docs: number; bytes: number; dataDir: string; runs: number }[],
  log: (m: string) => void,
): Promise<{ section: ReportSection; rows: LoadRow[] }> {
  const rows: LoadRow[] = [];
  for (const c of corpora) {
    const ms: LoadMeasurement[] = [];
    for (let i = 0; i < c.runs; i++) {
      log(`load ${c.docs} documents: run ${i + 1}/${c.runs}`);
      ms.push(await measureLoad(c.dataDir));
    }
    rows.push({
      docs: c.docs,
      bytes: c.bytes,
      runs: c.runs,
      ms: median(ms.map((m) => m.ms)),
      rss: median(ms.map((m) => m.rss)),
      heapUsed: median(ms.map((m) => m.heapUsed)),
      baselineRss: median(ms.map((m) => m.baselineRss)),
      problems: Math.max(...ms.map((m) => m.problems)),
    });
  }
  /** Ratio of a figure to the previous row's, with the size factor it grew for: "4.6× for 5×". */
  const growth = (i: number, f: (r: LoadRow) => number) => {
    const prev = rows[i - 1];
    if (!prev) return "–";
    const factor = rows[i]!.docs / prev.docs;
    return `${formatRatio(f(rows[i]!) / f(prev))} for ${Number.isInteger(factor) ? factor : factor.toFixed(1)}×`;
  };
  const section: ReportSection = {
    id: "load",
    title: "Load time and memory (fresh process per run)",
    intro:
      "`openStore(dir, {workspace})` of @lens/store on a data directory (one data.ysweet per document, 4 folder docs), in a fresh `node --expose-gc` process; RSS and heapUsed after two full GCs. Growth = ratio to the previous row, for a corpus that many times bigger.",
    columns: [
      "documents",
      "corpus text",
      "runs",
      "load time",
      "RSS",
      "heapUsed",
      "heap ÷ text",
      "load growth",
      "RSS growth",
      "report problems",
    ],
    rows: rows.map((r, i) => [
      String(r.docs),
      formatBytes(r.bytes),
      String(r.runs),
      formatMs(r.ms),
      formatBytes(r.rss),
      formatBytes(r.heapUsed),
      formatRatio(r.heapUsed / r.bytes),
      growth(i, (x) => x.ms),
      growth(i, (x) => x.rss),
      String(r.problems),
    ]),
    notes: [
      "Targets (not asserted): 10 000 documents load in < 3 s, 50 000 in < 15 s; heapUsed ≤ 3× the text.",
      `A bare process (runtime and modules, before loading) has RSS ≈ ${formatBytes(median(rows.map((r) => r.baselineRss)))}.`,
    ],
    data: rows,
  };
  return { section, rows };
}
