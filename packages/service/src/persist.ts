// After a write: the change is made durable before any door answers, and a failure to save is
// told the same way everywhere (the change stands in memory; it may be lost if the server stops).
import { clip, type LensError, lensError } from "@lens/core";
import type { ServiceContext } from "./context.js";

/** Persists every change so far; a failure comes back as a `not_saved` error, never thrown. */
export async function persisted(ctx: ServiceContext, what: string): Promise<LensError | undefined> {
  if (!ctx.persist) return undefined;
  try {
    await ctx.persist();
    return undefined;
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    ctx.log.error({ err: e, operation: what }, "could not persist a write");
    return lensError(
      "not_saved",
      `The change was made but could not be saved to disk (${clip(reason, 300)}); it may be lost if the server stops. Do not repeat it.`,
    );
  }
}
