// Child process of the load benchmark (run with --expose-gc): opens one data directory with
// @lens/store into a fresh Workspace and prints, as one JSON line, how long that took and the
// memory held afterwards (after full garbage collections).
import { startLinkUpkeep, Workspace } from "@lens/core";
import { openStore } from "@lens/store";

export interface LoadMeasurement {
  /** Until the documents are loaded: when `lens serve` starts serving. */
  ms: number;
  /** Until link upkeep's first pass (run after the load, in slices, as `lens serve` runs it) is written. */
  linksMs: number;
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** RSS before loading (the runtime and modules alone). */
  baselineRss: number;
  docs: number;
  folders: number;
  /** Skipped files + missing content docs + orphans: 0 for a healthy directory. */
  problems: number;
  /** Notes taken from the text cache (run with --text-cache), their files not read. */
  cached: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: loadChild.js DATA_DIR [--text-cache]");
  // As a restart of `lens serve` loads: unchanged notes from DATA/.lens/texts.cache.
  const textCache = process.argv[3] === "--text-cache";
  if (!gc) throw new Error("run with --expose-gc");
  gc();
  const baselineRss = process.memoryUsage().rss;
  const started = performance.now();
  const workspace = new Workspace();
  const store = await openStore(dir, { workspace, textCache, textCacheMinNotes: 0 });
  const ms = performance.now() - started;
  // As `lens serve` runs it: link upkeep starts once loaded, its first pass in 10 ms slices.
  await new Promise<void>((resolve) => {
    startLinkUpkeep(workspace, {
      pace: (step) => {
        const slice = () => {
          const end = performance.now() + 10;
          do if (step()) return;
          while (performance.now() < end);
          setImmediate(slice);
        };
        setImmediate(slice);
      },
      onFirstPass: resolve,
    });
  });
  const linksMs = performance.now() - started;
  gc();
  gc();
  const mem = process.memoryUsage();
  const r = store.report;
  const out: LoadMeasurement = {
    ms,
    linksMs,
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    external: mem.external,
    arrayBuffers: mem.arrayBuffers,
    baselineRss,
    docs: r.loaded,
    folders: r.folders,
    problems: r.skipped.length + r.missingContent.length + r.orphans.length,
    cached: r.cached,
  };
  await store.close();
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
