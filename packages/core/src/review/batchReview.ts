// Review across documents: accept or reject the pending suggestions a filter covers, document by
// document (one Yjs transaction each), and report what happened to each. A suggestion whose
// resolution would change how the text around it parses is never applied: it stays pending and
// is reported as a `conflict`.
import type * as Y from "yjs";
import type { Reach } from "../access/reach.js";
import { acceptSuggestions, LENS_REVIEW_ORIGIN, rejectSuggestions } from "../critic/review.js";
import { listSuggestions, type Suggestion } from "../critic/suggestions.js";
import type { Located } from "../paths/pathIndex.js";
import { clip } from "../text/clip.js";
import { textForChange } from "../tools/textForChange.js";
import { failure, type LensError, success } from "../tools/tool.js";
import type { DocView } from "../workspace/viewCache.js";
import type { Workspace } from "../workspace/workspace.js";
import { isCreatedNote, removeNote } from "./createdNote.js";
import type { SuggestionFilter } from "./pending.js";
import { reviewTarget } from "./target.js";
import { type ReviewUndo, reviewUndoOf } from "./undo.js";

export type ReviewAction = "accept" | "reject";

export interface ReviewRequest extends SuggestionFilter {
  action: ReviewAction;
  /**
   * Suggestion ids of the one document `path` names (a repeated id counts once); absent = every
   * pending suggestion of every document `path` covers.
   */
  ids?: readonly string[] | undefined;
  /**
   * A check of the one document's current version (an HTTP If-Match, say), made before anything
   * changes; false refuses the whole review as `stale`. Needs a document path.
   */
  precondition?: ((view: DocView) => boolean) | undefined;
  /** Transaction origin of each document's change; default LENS_REVIEW_ORIGIN. */
  origin?: unknown;
}

/** What happened to one suggestion: resolved, left pending as a conflict, or not pending. */
export type ReviewedSuggestion =
  | { id: string; status: "applied" | "conflict"; suggestion: Suggestion }
  | { id: string; status: "not_found" };

export interface DocumentReview {
  path: string;
  docId: string;
  /** Per requested id in request order, or per pending suggestion in document order. */
  results: ReviewedSuggestion[];
  /**
   * True when the review rejected a created note: its whole text was one insertion, so the note
   * never existed for the humans and its entry was removed from the folder (see createdNote.ts).
   */
  removed?: true;
  /** How to undo this document's review (see undo.ts); absent when nothing was resolved. */
  undo?: ReviewUndo;
}

export interface BatchReview {
  action: ReviewAction;
  applied: number;
  notFound: number;
  conflicts: number;
  /** By path; a document with nothing pending is left out of an all-suggestions review. */
  documents: DocumentReview[];
}

/**
 * Why a review was refused; `stale` (details: path, docId) when the precondition refused the
 * document's current version, `busy` (details: path, docId, retryable) when a note it covers
 * could not be read right now (a WakeDeferredError) — either way nothing changed.
 */
export type ReviewError = LensError;

export type ReviewOutcome = { ok: true; value: BatchReview } | { ok: false; error: ReviewError };

/**
 * Accepts or rejects the suggestions `request` names within `reach`. Synchronous from the
 * precondition to the last document, so the ids and the checked version are current.
 */
export function reviewSuggestions(
  ws: Workspace,
  reach: Reach,
  request: ReviewRequest,
): ReviewOutcome {
  const target = reviewTarget(ws, request.path, reach);
  if (!target.ok) return target;
  const { kind, documents: locs } = target.value;
  const where =
    kind === "all" ? "The review covers every document" : `${clip(request.path ?? "")} is a folder`;
  if (kind !== "document" && request.ids !== undefined) {
    return failure(
      "not_a_document",
      `${where}; suggestion ids belong to one document. Give a document path with ids, or no ids to ${request.action} every suggestion it covers.`,
      { argument: "ids" },
    );
  }
  if (kind !== "document" && request.precondition !== undefined) {
    return failure(
      "not_a_document",
      `${where}; a precondition checks one document's version. Give a document path, or drop the precondition to review every document it covers.`,
      { argument: "precondition" },
    );
  }
  const first = locs[0];
  if (request.precondition && first) {
    const view = ws.view(first.docId);
    if (!view || !request.precondition(view)) return stale(first.path, first.docId);
  }
  const ids = request.ids === undefined ? "all" : [...new Set(request.ids)];
  const resolve = request.action === "accept" ? acceptSuggestions : rejectSuggestions;
  const origin = request.origin ?? LENS_REVIEW_ORIGIN;
  const review: BatchReview = {
    action: request.action,
    applied: 0,
    notFound: 0,
    conflicts: 0,
    documents: [],
  };
  // Every note is woken before any changes: one that cannot be read right now refuses the
  // whole review (`busy`), nothing changed. A note with nothing pending is not woken (its
  // Y.Doc read from disk) for "all".
  const texts: Array<{ loc: Located; text: Y.Text }> = [];
  for (const loc of locs) {
    if (ids === "all" && (ws.view(loc.docId)?.suggestions.length ?? 0) === 0) continue;
    const woken = textForChange(ws, loc.docId, loc.path);
    if (!woken.ok) return woken;
    if (woken.value) texts.push({ loc, text: woken.value });
  }
  for (const { loc, text } of texts) {
    // The view's suggestions are parsed once per version; this note is unchanged so far.
    const listed = ws.view(loc.docId)?.suggestions ?? listSuggestions(text.toString());
    const pending = new Map(listed.map((s) => [s.id, s]));
    if (ids === "all" && pending.size === 0) continue;
    const created = request.action === "reject" && isCreatedNote(listed, text.length);
    const before = text.toString();
    const results = resolve(text, ids, origin).map(({ id, status }): ReviewedSuggestion => {
      const suggestion = pending.get(id);
      if (status === "not_found" || !suggestion) {
        review.notFound++;
        return { id, status: "not_found" };
      }
      if (status === "applied") review.applied++;
      else review.conflicts++;
      return { id, status, suggestion };
    });
    const reviewed: DocumentReview = { path: loc.path, docId: loc.docId, results };
    if (created && text.length === 0 && removeNote(ws, loc, origin)) reviewed.removed = true;
    const applied = results.flatMap((r) => (r.status === "applied" ? [r.id] : []));
    const undo =
      applied.length === 0
        ? undefined
        : reviewUndoOf(
            {
              action: request.action,
              path: loc.path,
              docId: loc.docId,
              folderDocId: loc.folderDocId,
              entryPath: loc.entryPath,
              ids: applied,
              ...(reviewed.removed ? { entry: loc.meta } : {}),
            },
            before,
            text.toString(),
          );
    if (undo) reviewed.undo = undo;
    review.documents.push(reviewed);
  }
  return success(review);
}

function stale(path: string, docId: string): { ok: false; error: LensError } {
  return failure(
    "stale",
    `${path} changed since the version the review was checked against; nothing was changed. List its suggestions again and retry.`,
    { path, docId },
  );
}
