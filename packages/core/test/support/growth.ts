// Linearity without wall-clock bounds: how much a function's cost grows when its input grows.
// An absolute bound ("under 1000 ms") fails on a loaded machine; a ratio between two sizes
// measured back to back in the same test does not, because load slows both sizes alike.

// Imported by src/ tests, which compile without Node types: the global clock, declared.
declare const performance: { now(): number };

/** Minimum time of one call to `run`, repeating short calls so the clock's grain is negligible. */
function costOf(run: () => void, rounds: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      run();
      calls++;
      elapsed = performance.now() - start;
    } while (elapsed < 5);
    best = Math.min(best, elapsed / calls);
  }
  return best;
}

/**
 * How many times more a call costs on the input of size `small * scale` than on size `small`
 * (best of a few rounds each). Linear work gives about `scale`; quadratic work `scale²`.
 */
export function growth(make: (size: number) => () => void, small: number, scale = 8): number {
  const little = make(small);
  const big = make(small * scale);
  little(); // warm the JIT on both shapes before measuring
  big();
  return costOf(big, 3) / costOf(little, 5);
}

/** The bound tests assert for linear work at `scale` 8: half way (in log) to quadratic. */
export const LINEAR_AT_8 = 24;
