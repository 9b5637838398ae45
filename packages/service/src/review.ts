// Review through the service: listing pending suggestions, accepting or rejecting them, and
// discarding an empty note. A review is recorded in the audit trail before it changes anything
// (refused when the record cannot be written), applied in one synchronous step, persisted, and
// then its outcome per suggestion is recorded.
import {
  type DocumentReview,
  deleteEntry,
  failure,
  LENS_REVIEW_ORIGIN,
  type ListedChange,
  lookupDocument,
  MAX_REPLY_CHARS,
  type Outcome,
  type PendingSuggestion,
  pendingChanges,
  pendingSuggestions,
  reviewUnits,
  success,
  suggestionKey,
  type UnitRequest,
  type UnitReview,
} from "@lens/core";
import { type Actor, ownerOf } from "./actor.js";
import type { ServiceContext } from "./context.js";
import { noteInHistory } from "./history/auditHistory.js";
import { logged } from "./logged.js";
import { refusal } from "./operations.js";
import { persisted } from "./persist.js";
import type { AuditRecord } from "./ports.js";
import { recordOrRefuse } from "./record.js";

/** A review, with the reviewer's reply to the suggestions' authors (kept in the audit trail). */
export interface ReplyingReview extends Omit<UnitRequest, "who"> {
  reply?: string | undefined;
}

/** The pending suggestions under `path` (every document in reach when absent). */
export function listPending(
  ctx: ServiceContext,
  actor: Actor,
  path: string | undefined,
): Outcome<PendingSuggestion[]> {
  const refused = refusal(actor.caller, "suggestions.list");
  if (refused) return { ok: false, error: refused };
  const roles = ctx.tokenRoles?.();
  return pendingSuggestions(
    ctx.workspace,
    actor.caller.reach,
    { path },
    roles ? (name) => roles.get(name) : undefined,
  );
}

/** The pending moves and deletions of the notes under `path`, with the rewrites a move makes. */
export function listChanges(
  ctx: ServiceContext,
  actor: Actor,
  path: string | undefined,
): Outcome<ListedChange[]> {
  const refused = refusal(actor.caller, "suggestions.list");
  if (refused) return { ok: false, error: refused };
  return pendingChanges(ctx.workspace, actor.caller.reach, path);
}

/** A document's review, with the token that undoes it (when it resolved anything). */
export interface ReviewedDocument extends DocumentReview {
  undoToken?: string;
}

/** A review as the service answers it: each document with its undo token. */
export interface ServiceReview extends UnitReview {
  documents: ReviewedDocument[];
}

/** Accepts or rejects what `request` names, audited first. */
export async function review(
  ctx: ServiceContext,
  actor: Actor,
  request: ReplyingReview,
): Promise<Outcome<ServiceReview>> {
  const started = ctx.now();
  const operation = request.action === "accept" ? "suggestions.accept" : "suggestions.reject";
  const action = `suggestion.${request.action}`;
  const refused = refusal(actor.caller, operation);
  if (refused)
    return logged(ctx, actor, operation, request.path, started, { ok: false, error: refused });
  const { reply } = request;
  if (reply !== undefined && (reply.trim() === "" || reply.length > MAX_REPLY_CHARS)) {
    return logged(
      ctx,
      actor,
      operation,
      request.path,
      started,
      failure(
        "invalid_edit",
        `reply must hold text and be at most ${MAX_REPLY_CHARS} characters (it has ${reply.length}); nothing was reviewed.`,
        { argument: "reply" },
      ),
    );
  }

  const asked: AuditRecord = {
    who: actor.who,
    role: actor.caller.role,
    action,
    outcome: "requested",
    detail: {
      ...(request.changeset !== undefined
        ? { changeset: request.changeset }
        : request.changes !== undefined
          ? { changes: [...request.changes] }
          : request.ids === undefined
            ? { all: true }
            : { ids: [...request.ids] }),
      ...(reply === undefined ? {} : { reply }),
    },
  };
  if (request.path !== undefined) asked.path = request.path;
  const unrecorded = await recordOrRefuse(ctx, asked);
  if (unrecorded) return logged(ctx, actor, operation, request.path, started, unrecorded);

  const outcome = reviewUnits(ctx.workspace, actor.caller.reach, { ...request, who: actor.who });
  if (!outcome.ok) return logged(ctx, actor, operation, request.path, started, outcome);
  const result = outcome.value;
  if (result.applied > 0 || result.changes.some((c) => c.status === "applied")) {
    const notSaved = await persisted(ctx, operation);
    if (notSaved)
      return logged(ctx, actor, operation, request.path, started, { ok: false, error: notSaved });
  }
  const documents = result.documents.map((d): ReviewedDocument => {
    const { undo, ...rest } = d;
    return undo ? { ...rest, undoToken: ctx.undos.issue(ownerOf(actor), undo) } : rest;
  });
  // Each suggested move or deletion reviewed: its own entry, with what it was.
  const changeOutcomes = result.changes.map(
    (c): AuditRecord => ({
      who: actor.who,
      role: actor.caller.role,
      action,
      ...(c.change ? { path: c.change.path } : {}),
      suggestion: c.id,
      outcome: c.status,
      detail: {
        ...(c.change
          ? {
              change: c.change.kind,
              ...(c.change.toPath ? { to: c.change.toPath } : {}),
              ...(c.change.changeset ? { changeset: c.change.changeset } : {}),
            }
          : {}),
        ...(c.rewritten ? { rewritten: c.rewritten } : {}),
        ...(reply === undefined ? {} : { reply }),
      },
    }),
  );
  const outcomes = changeOutcomes.concat(
    result.documents.flatMap((d): AuditRecord[] => [
      ...d.results.map(
        (r): AuditRecord => ({
          who: actor.who,
          role: actor.caller.role,
          action,
          path: d.path,
          suggestion: r.id,
          outcome: r.status,
          // What it said and where: joins the suggestion's history (its id may have changed).
          ...(r.status === "not_found"
            ? {}
            : {
                detail: {
                  doc: d.docId,
                  key: suggestionKey(r.suggestion),
                  ...(reply === undefined ? {} : { reply }),
                },
              }),
        }),
      ),
      // A rejected creation removed the note, as a discard would: recorded as one.
      ...(d.removed
        ? [
            {
              who: actor.who,
              role: actor.caller.role,
              action: "document.discard",
              path: d.path,
              outcome: "ok",
              detail: { reason: "creation rejected" },
            },
          ]
        : []),
    ]),
  );
  const at = ctx.now();
  for (const r of outcomes) noteInHistory(ctx.history, r, at);
  try {
    if (outcomes.length > 0) await ctx.audit?.record(...outcomes);
  } catch (e) {
    // The request is on record (written before anything changed); only the per-suggestion
    // outcomes are missing, and the change itself is saved.
    ctx.log.error({ err: e, operation, who: actor.who }, "could not record a review's outcomes");
  }
  return logged(ctx, actor, operation, request.path, started, {
    ok: true,
    value: { ...result, documents },
  });
}

/**
 * Removes an empty note from its folder (what rejecting a created note used to leave). Refused
 * with `exists` when the note has text.
 */
export async function discard(
  ctx: ServiceContext,
  actor: Actor,
  path: string,
): Promise<Outcome<{ path: string }>> {
  const started = ctx.now();
  const refused = refusal(actor.caller, "document.discard");
  if (refused)
    return logged(ctx, actor, "document.discard", path, started, { ok: false, error: refused });
  const found = lookupDocument(ctx.workspace, path, actor.caller.reach);
  if (!found.ok) return logged(ctx, actor, "document.discard", path, started, found);
  const { loc, view } = found.value;
  if (view.raw.trim() !== "") {
    return logged(
      ctx,
      actor,
      "document.discard",
      path,
      started,
      failure(
        "exists",
        `${loc.path} has text: only an empty note (a rejected creation) is discarded here. Reject its suggestions first, or delete it in Obsidian.`,
      ),
    );
  }
  const folder = ctx.workspace.folder(loc.folderDocId);
  if (!folder) {
    return logged(
      ctx,
      actor,
      "document.discard",
      path,
      started,
      failure("not_found", `${loc.path} is in no loaded folder.`),
    );
  }
  const record: AuditRecord = {
    who: actor.who,
    role: actor.caller.role,
    action: "document.discard",
    path: loc.path,
    outcome: "ok",
  };
  const unrecorded = await recordOrRefuse(ctx, record);
  if (unrecorded) return logged(ctx, actor, "document.discard", path, started, unrecorded);
  deleteEntry(folder.doc, loc.entryPath, LENS_REVIEW_ORIGIN);
  const notSaved = await persisted(ctx, "document.discard");
  const outcome: Outcome<{ path: string }> = notSaved
    ? { ok: false, error: notSaved }
    : success({ path: loc.path });
  return logged(ctx, actor, "document.discard", path, started, outcome);
}
