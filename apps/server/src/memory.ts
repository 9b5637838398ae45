// One full garbage collection once a data directory is loaded and search is readied. The load
// and the background builds (links, the ranked index, the grep worker's copy) each decode and
// let go of every note's text; V8 collects such garbage when the program goes on allocating,
// and a server that then waits for requests allocates next to nothing, so it kept 50–130 MB at
// 10 000 notes (a quarter of what it held) until traffic came. Two collections at that moment
// return it to the system: the first finds the garbage (its pages are swept concurrently and
// kept for reuse), the second, a second later, gives the emptied pages back (heap committed
// 252 → 123 MB, resident 614 → 453 MB at 10 000 notes, 2026-11-28). Each holds the event loop
// for its length: 60–100 ms at 10 000 notes, 230 ms at 50 000 (2 cores). A heap past
// MAX_COLLECTED_HEAP is left to V8's own schedule: its pause would be seconds.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Log } from "./log.js";

/** The heap in use up to which the collections run (bytes). */
export const MAX_COLLECTED_HEAP = 1024 * 1024 * 1024;
/** Time between the two collections (ms): the first one's sweeping is done by then. */
const SECOND_AFTER_MS = 1000;

let collector: (() => void) | null | undefined;

/**
 * V8's collector as a function. `--expose-gc` set now exposes `gc` to contexts made from then
 * on, not to this one: a fresh context hands it over. Null if the platform refuses.
 */
function gcFunction(): (() => void) | null {
  if (collector === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      const gc: unknown = runInNewContext("gc");
      collector = typeof gc === "function" ? (gc as () => void) : null;
    } catch {
      collector = null;
    }
  }
  return collector;
}

/**
 * Collects twice (see the top of this file), unless the heap in use is past `maxHeap`, and then
 * logs `memory settled` with what it did: `collected`, the pauses (`ms`), the heap in use and
 * the resident set before and after (MB). Resolves once logged.
 */
export async function settleMemory(
  log: Log,
  maxHeap = MAX_COLLECTED_HEAP,
  secondAfterMs = SECOND_AFTER_MS,
): Promise<void> {
  const before = process.memoryUsage();
  const gc = before.heapUsed <= maxHeap ? gcFunction() : null;
  const mb = (bytes: number) => Math.round(bytes / 1e6);
  if (!gc) {
    log.info({ collected: false, heapMB: mb(before.heapUsed) }, "memory settled");
    return;
  }
  const timed = () => {
    const started = performance.now();
    gc();
    return Math.round(performance.now() - started);
  };
  const first = timed();
  await new Promise((resolve) => setTimeout(resolve, secondAfterMs).unref());
  const second = timed();
  const after = process.memoryUsage();
  log.info(
    {
      collected: true,
      ms: [first, second],
      heapMB: [mb(before.heapUsed), mb(after.heapUsed)],
      committedMB: [mb(before.heapTotal), mb(after.heapTotal)],
      rssMB: [mb(before.rss), mb(after.rss)],
    },
    "memory settled",
  );
}
