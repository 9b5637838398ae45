// Readies search in the background once a data directory is loaded, so that no first search
// pays for it: after link upkeep's first pass (two background builds at once would each take
// longer, and backlinks, which Relay clients read, come first), the ranked-search index is
// built in slices of notes between which the event loop serves requests; then the grep worker
// gets every note's AI view and the whole workspace's document list (≈ 0.5 s at 10 000 notes,
// 11 s at 500 000, on a first grep that did not find them there); last, the garbage all of it
// left is collected once (memory.ts). `lens serve` and `lens stdio` both do it.
import { rankedIndexOf, type Workspace } from "@lens/core";
import type { Log } from "../log.js";
import { settleMemory } from "../memory.js";
import type { GrepPool } from "./grepPool.js";

/** A slice: at most 200 notes and, past 256 Ki characters, no further note (a few ms). */
const SLICE = 200;
const SLICE_CHARS = 256 * 1024;

/**
 * Starts readying search once `linksReady` resolves: logs `search index ready`, then `grep
 * ready`, then `memory settled`. The returned function stops it (shutdown); a stopped warm-up
 * starts nothing more.
 */
export function warmSearch(
  linksReady: Promise<void>,
  ws: Workspace,
  grep: GrepPool,
  log: Log,
): () => void {
  let warming = true;
  let stopIndex = () => {};
  void linksReady.then(() => {
    if (!warming) return;
    stopIndex = warmRankedIndex(ws, log, () => {
      if (!warming) return;
      const started = performance.now();
      grep
        .warm()
        .then(
          () => log.info({ ms: Math.round(performance.now() - started) }, "grep ready"),
          (err) =>
            log.warn(
              { err },
              "warming the grep worker failed; the first grep sends the notes instead",
            ),
        )
        .then(() => (warming ? settleMemory(log) : undefined));
    });
  });
  return () => {
    warming = false;
    stopIndex();
  };
}

/** Starts the ranked index's background build; the returned function stops it. */
export function warmRankedIndex(ws: Workspace, log: Log, onReady?: () => void): () => void {
  const index = rankedIndexOf(ws);
  const started = performance.now();
  let stopped = false;
  const step = () => {
    if (stopped) return;
    if (index.flush(SLICE, SLICE_CHARS) > 0) {
      setImmediate(step);
      return;
    }
    const { documents, terms } = index.stats();
    log.info(
      { documents, terms, ms: Math.round(performance.now() - started) },
      "search index ready",
    );
    onReady?.();
  };
  setImmediate(step);
  return () => {
    stopped = true;
  };
}
