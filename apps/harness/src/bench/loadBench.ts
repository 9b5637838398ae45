// Benchmark (d): load time and resident memory of a data directory, each run in a fresh child
// process (dist/loadChild.js with --expose-gc), for several corpus sizes, and how both grow.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
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
  linksMs: number;
  rss: number;
  heapUsed: number;
  baselineRss: number;
  problems: number;
  /** Median load time of a restart: unchanged notes from the text cache. */
  restartMs: number;
  restartLinksMs: number;
  /** Notes the restarts took from the cache (the fewest of the runs). */
  cached: number;
}

export function loadChildPath(): string {
  return join(harnessRoot(), "dist", "loadChild.js");
}

export function measureLoad(dataDir: string, textCache = false): Promise<LoadMeasurement> {
  const child = loadChildPath();
  if (!existsSync(child)) {
    return Promise.reject(
      new Error(`${child} is missing: build the harness first (pnpm --filter @lens/harness build)`),
    );
  }
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [
        "--expose-gc",
        "--max-old-space-size=16384",
        child,
        dataDir,
        ...(textCache ? ["--text-cache"] : []),
      ],
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
    // Restarts: one load writes the text cache, then each run takes unchanged notes from it.
    // The cache goes afterwards: the corpus directory is left as it was.
    const cacheDir = join(c.dataDir, ".lens");
    const restarts: LoadMeasurement[] = [];
    try {
      log(`load ${c.docs} documents: writing the text cache`);
      await measureLoad(c.dataDir, true);
      for (let i = 0; i < c.runs; i++) {
        log(`load ${c.docs} documents: restart ${i + 1}/${c.runs} (text cache)`);
        restarts.push(await measureLoad(c.dataDir, true));
      }
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
    rows.push({
      docs: c.docs,
      bytes: c.bytes,
      runs: c.runs,
      ms: median(ms.map((m) => m.ms)),
      linksMs: median(ms.map((m) => m.linksMs)),
      rss: median(ms.map((m) => m.rss)),
      heapUsed: median(ms.map((m) => m.heapUsed)),
      baselineRss: median(ms.map((m) => m.baselineRss)),
      problems: Math.max(...ms.map((m) => m.problems)),
      restartMs: median(restarts.map((m) => m.ms)),
      restartLinksMs: median(restarts.map((m) => m.linksMs)),
      cached: Math.min(...restarts.map((m) => m.cached)),
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
      "`openStore(dir, {workspace})` of @lens/store on a data directory (one data.ysweet per document, 4 folder docs), in a fresh `node --expose-gc` process, then link upkeep as `lens serve` runs it (started once loaded, its first pass in 10 ms slices). *Ready*: the documents loaded, when `lens serve` starts serving; *links ready*: the first pass written (backlinks until then are what backlinks_v0 lists); RSS and heapUsed after two full GCs (of the first load). *Restart*: the same with `textCache: true` once a load wrote `DATA/.lens/texts.cache`, as `lens serve` restarts — unchanged notes' texts from the cache, their files not read (removed after the runs). Growth = ratio to the previous row, for a corpus that many times bigger.",
    columns: [
      "documents",
      "corpus text",
      "runs",
      "ready",
      "links ready",
      "restart: ready",
      "restart: links ready",
      "notes from the cache",
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
      formatMs(r.linksMs),
      formatMs(r.restartMs),
      formatMs(r.restartLinksMs),
      String(r.cached),
      formatBytes(r.rss),
      formatBytes(r.heapUsed),
      formatRatio(r.heapUsed / r.bytes),
      growth(i, (x) => x.ms),
      growth(i, (x) => x.rss),
      String(r.problems),
    ]),
    notes: [
      "Targets (not asserted): 50 000 documents ready in ≤ 5 s (issue 36); heapUsed ≤ 3× the text.",
      `A bare process (runtime and modules, before loading) has RSS ≈ ${formatBytes(median(rows.map((r) => r.baselineRss)))}.`,
    ],
    data: rows,
  };
  return { section, rows };
}
