// Operations whose effect lies outside the workspace — a token change, an import — run through
// the service like every other: authorised from the role table, put on record before they run
// (refused when the record cannot be written), then their outcome recorded.
import type { Outcome } from "@lens/core";
import type { Actor } from "./actor.js";
import type { ServiceContext } from "./context.js";
import { type Operation, refusal } from "./operations.js";
import type { AuditRecord } from "./ports.js";
import { recordOrRefuse } from "./record.js";

/** What the audit trail says of an administrative operation. */
export interface AdminRecord {
  action: string;
  path?: string;
  detail?: Record<string, unknown>;
}

/**
 * Runs `effect` for `actor` if its role allows `operation`. The effect's own failures are
 * thrown on to the door (which knows their meaning), after the outcome `failed` is recorded.
 */
export async function administer<T>(
  ctx: ServiceContext,
  actor: Actor,
  operation: Operation,
  record: AdminRecord,
  effect: () => Promise<T>,
): Promise<Outcome<T>> {
  const started = ctx.now();
  const refused = refusal(actor.caller, operation);
  const base: AuditRecord = { who: actor.who, role: actor.caller.role, outcome: "", ...record };
  const log = (code?: string) =>
    ctx.log.info(
      { operation, who: actor.who, ms: ctx.now() - started, ...(code ? { code } : {}) },
      "operation",
    );
  if (refused) {
    log(refused.code);
    return { ok: false, error: refused };
  }
  const unrecorded = await recordOrRefuse(ctx, { ...base, outcome: "requested" });
  if (unrecorded) {
    log(unrecorded.error.code);
    return unrecorded;
  }
  let value: T;
  try {
    value = await effect();
  } catch (e) {
    await ctx.audit
      ?.record({ ...base, outcome: "failed", detail: { ...record.detail, reason: String(e) } })
      .catch((err: unknown) => ctx.log.error({ err, operation }, "could not write the audit log"));
    log("failed");
    throw e;
  }
  try {
    await ctx.audit?.record({ ...base, outcome: "ok" });
  } catch (err) {
    ctx.log.error({ err, operation }, "could not record an operation's outcome");
  }
  log();
  return { ok: true, value };
}
