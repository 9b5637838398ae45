// Linearity without wall-clock bounds: how much a function's cost grows when its input grows.
// An absolute bound ("under 1000 ms") fails on a loaded machine; a ratio between two sizes
// measured back to back in the same test does not, because load slows both sizes alike. Cost
// is the process's CPU time, not the wall clock, so other processes competing for the cores
// (a parallel test run, another build) do not count at all.

// Imported by src/ tests, which compile without Node types: the process's CPU clock, declared.
declare const process: { cpuUsage(): { user: number; system: number } };

/** CPU time used by this process so far, in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** CPU time of one call to `run`, repeating short calls so the clock's grain is negligible. */
function costOf(run: () => void): number {
  let calls = 0;
  const start = cpuMs();
  let elapsed = 0;
  do {
    run();
    calls++;
    elapsed = cpuMs() - start;
  } while (elapsed < 10);
  return elapsed / calls;
}

/**
 * How many times more a call costs on the input of size `small * scale` than on size `small`.
 * The two sizes are measured in alternation, several rounds, keeping each one's best time, so
 * a burst of load elsewhere on the machine cannot land on one size only. Linear work gives
 * about `scale`; quadratic work `scale²`.
 */
export function growth(make: (size: number) => () => void, small: number, scale = 8): number {
  const little = make(small);
  const big = make(small * scale);
  little(); // warm the JIT on both shapes before measuring
  big();
  let bestLittle = Number.POSITIVE_INFINITY;
  let bestBig = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    bestLittle = Math.min(bestLittle, costOf(little));
    bestBig = Math.min(bestBig, costOf(big));
  }
  return bestBig / bestLittle;
}

/**
 * The bound tests assert for linear work at `scale` 8: half of quadratic's 64, four times
 * linear's 8, so neither a loaded machine nor cache effects make linear work fail it.
 */
export const LINEAR_AT_8 = 32;
