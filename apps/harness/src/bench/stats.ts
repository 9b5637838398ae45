// Sample statistics for the benchmarks: medians, percentiles, and timing of repeated runs.

/** The p-th percentile (0–100) by nearest rank of an ascending array; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export interface Summary {
  n: number;
  median: number;
  p50: number;
  p99: number;
  min: number;
  max: number;
}

export function summarize(values: readonly number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  return {
    n: s.length,
    median: median(s),
    p50: percentile(s, 50),
    p99: percentile(s, 99),
    min: s[0] ?? Number.NaN,
    max: s[s.length - 1] ?? Number.NaN,
  };
}

/** Milliseconds taken by `fn`. */
export async function timed<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

/** Runs `fn` `runs` times (after `warmup` untimed runs) and returns every duration in ms. */
export async function sample(
  runs: number,
  fn: () => Promise<unknown> | unknown,
  warmup = 0,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push((await timed(fn)).ms);
  return out;
}

/** A duration for a table: µs below 1 ms, ms with sensible precision, s above 10 s. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return "–";
  if (ms < 1) return `${(ms * 1000).toFixed(0)} µs`;
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

export function formatRatio(r: number): string {
  if (!Number.isFinite(r)) return "–";
  return `${r < 10 ? r.toFixed(2) : r.toFixed(1)}×`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e3).toFixed(0)} kB`;
}
