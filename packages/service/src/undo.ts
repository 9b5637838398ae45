// Undoing a review through the service: authorised as reviewing is, recorded in the audit trail
// before it changes anything (`suggestion.undo`), applied in one transaction by core, persisted,
// and its outcome per suggestion recorded. The token is the one the review answered with.
import { failure, type Outcome, type UndoneReview, undoReview } from "@lens/core";
import { type Actor, ownerOf } from "./actor.js";
import type { ServiceContext } from "./context.js";
import { logged } from "./logged.js";
import { refusal } from "./operations.js";
import { persisted } from "./persist.js";
import type { AuditRecord } from "./ports.js";
import { recordOrRefuse } from "./record.js";

const OPERATION = "suggestions.undo";
const ACTION = "suggestion.undo";

export interface UndoneWithAction extends UndoneReview {
  /** What was undone. */
  undid: "accept" | "reject";
}

/** Undoes the review `token` names; refused (`stale`) once the note's text moved on. */
export async function undo(
  ctx: ServiceContext,
  actor: Actor,
  token: string,
): Promise<Outcome<UndoneWithAction>> {
  const started = ctx.now();
  const refused = refusal(actor.caller, OPERATION);
  if (refused)
    return logged(ctx, actor, OPERATION, undefined, started, { ok: false, error: refused });
  const kept = ctx.undos.find(ownerOf(actor), token);
  if (!kept) {
    return logged(
      ctx,
      actor,
      OPERATION,
      undefined,
      started,
      failure(
        "not_found",
        "This review can no longer be undone from here: undos are kept for the reviewer who made them, for 8 hours, until the server restarts. Open the note and review it again.",
        { argument: "token" },
      ),
    );
  }
  const asked: AuditRecord = {
    who: actor.who,
    role: actor.caller.role,
    action: ACTION,
    path: kept.path,
    outcome: "requested",
    detail: { undoes: `suggestion.${kept.action}`, ids: [...kept.ids] },
  };
  const unrecorded = await recordOrRefuse(ctx, asked);
  if (unrecorded) return logged(ctx, actor, OPERATION, kept.path, started, unrecorded);

  const outcome = undoReview(ctx.workspace, actor.caller.reach, kept);
  const records: AuditRecord[] = outcome.ok
    ? kept.ids.map((id) => ({
        who: actor.who,
        role: actor.caller.role,
        action: ACTION,
        path: outcome.value.path,
        suggestion: id,
        outcome: "ok",
        detail: { undoes: `suggestion.${kept.action}` },
      }))
    : [{ ...asked, outcome: outcome.error.code }];
  if (outcome.ok) {
    ctx.undos.drop(token);
    const notSaved = await persisted(ctx, OPERATION);
    if (notSaved)
      return logged(ctx, actor, OPERATION, kept.path, started, { ok: false, error: notSaved });
  }
  try {
    await ctx.audit?.record(...records);
  } catch (e) {
    ctx.log.error(
      { err: e, operation: OPERATION, who: actor.who },
      "could not record an undo's outcome",
    );
  }
  if (!outcome.ok) return logged(ctx, actor, OPERATION, kept.path, started, outcome);
  return logged(ctx, actor, OPERATION, kept.path, started, {
    ok: true,
    value: { ...outcome.value, undid: kept.action },
  });
}
