// One log line per operation: what, who, how long, on what path, and the refusal's code.
import type { Outcome } from "@lens/core";
import type { Actor } from "./actor.js";
import type { ServiceContext } from "./context.js";

/** Logs `outcome` of `operation` and hands it back. */
export function logged<T>(
  ctx: ServiceContext,
  actor: Actor,
  operation: string,
  path: string | undefined,
  started: number,
  outcome: Outcome<T>,
): Outcome<T> {
  const fields: Record<string, unknown> = { operation, who: actor.who, ms: ctx.now() - started };
  if (path !== undefined) fields.path = path;
  if (!outcome.ok) fields.code = outcome.error.code;
  ctx.log.info(fields, "operation");
  return outcome;
}
