// Child process of the load benchmark (run with --expose-gc): opens one data directory with
// @lens/store into a fresh Workspace and prints, as one JSON line, how long that took and the
// memory held afterwards (after full garbage collections).
import { startLinkUpkeep, Workspace } from "@lens/core";
import { openStore } from "@lens/store";

export interface LoadMeasurement {
  ms: number;
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
}

const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: loadChild.js DATA_DIR");
  if (!gc) throw new Error("run with --expose-gc");
  gc();
  const baselineRss = process.memoryUsage().rss;
  const started = performance.now();
  const workspace = new Workspace();
  // Loaded as `lens serve` loads it: link upkeep follows every document as it arrives.
  startLinkUpkeep(workspace);
  const store = await openStore(dir, { workspace });
  const ms = performance.now() - started;
  gc();
  gc();
  const mem = process.memoryUsage();
  const r = store.report;
  const out: LoadMeasurement = {
    ms,
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    external: mem.external,
    arrayBuffers: mem.arrayBuffers,
    baselineRss,
    docs: r.loaded,
    folders: r.folders,
    problems: r.skipped.length + r.missingContent.length + r.orphans.length,
  };
  await store.close();
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((e) => {
  process.stderr.write(`${(e as Error).stack ?? e}\n`);
  process.exit(1);
});
