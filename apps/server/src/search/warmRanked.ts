// Builds the ranked-search index after the server started listening, in slices of notes between
// which the event loop serves requests, so the first search does not pay for the whole build.
import { rankedIndexOf, type Workspace } from "@lens/core";
import type { Log } from "../log.js";

const SLICE = 200;

/** Starts the background build; the returned function stops it (server shutdown). */
export function warmRankedIndex(ws: Workspace, log: Log): () => void {
  const index = rankedIndexOf(ws);
  const started = performance.now();
  let stopped = false;
  const step = () => {
    if (stopped) return;
    if (index.flush(SLICE) > 0) {
      setImmediate(step);
      return;
    }
    const { documents, terms } = index.stats();
    log.info(
      { documents, terms, ms: Math.round(performance.now() - started) },
      "search index ready",
    );
  };
  setImmediate(step);
  return () => {
    stopped = true;
  };
}
