// After a write: the change is made durable before any door answers, and a failure to save is
// told the same way everywhere (the change stands in memory; it may be lost if the server stops).
import { type LensError, lensError } from "@lens/core";
import type { ServiceContext } from "./context.js";

/** Persists every change so far; a failure comes back as a `not_saved` error, never thrown. */
export async function persisted(ctx: ServiceContext, what: string): Promise<LensError | undefined> {
  if (!ctx.persist) return undefined;
  try {
    await ctx.persist();
    return undefined;
  } catch (e) {
    // The reason (a path, an errno) is the operator's, in the log; the caller is told what
    // it means for the change.
    ctx.log.error({ err: e, operation: what }, "could not persist a write");
    return lensError(
      "not_saved",
      "The change was made but could not be saved to disk; it may be lost if the server stops. Do not repeat it. The server's log says why.",
    );
  }
}
