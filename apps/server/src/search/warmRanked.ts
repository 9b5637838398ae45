// Builds the ranked-search index after the server started listening, in slices of notes between
// which the event loop serves requests, so the first search does not pay for the whole build.
import { rankedIndexOf, type Workspace } from "@lens/core";
import type { Log } from "../log.js";

/** A slice: at most 200 notes and, past 256 Ki characters, no further note (a few ms). */
const SLICE = 200;
const SLICE_CHARS = 256 * 1024;

/** Starts the background build; the returned function stops it (server shutdown). */
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
