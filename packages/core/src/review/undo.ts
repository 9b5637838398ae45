// Undoing a review of one document: the review's inverse (what its resolutions deleted, put back
// where it was) applied in one Yjs transaction, only while the document's text is still exactly
// the one the review left. A rejected creation that removed the note puts its entry back first.
import type * as Y from "yjs";
import { type Reach, reachesEntry, reachesPath } from "../access/reach.js";
import { textFingerprint } from "../critic/fingerprint.js";
import { LENS_REVIEW_ORIGIN } from "../critic/review.js";
import { listSuggestions, type Suggestion } from "../critic/suggestions.js";
import { type FileMeta, getEntry, setEntry } from "../model/folderDoc.js";
import { textForChange } from "../tools/textForChange.js";
import { failure, type LensError, type Outcome, success } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";
import { type Restore, restoresOf } from "./restores.js";

/** What undoing one document's review needs: where, the text it left, and what to put back. */
export interface ReviewUndo {
  action: "accept" | "reject";
  /** The document's path when it was reviewed. */
  path: string;
  docId: string;
  folderDocId: string;
  entryPath: string;
  /** textFingerprint of the text the review left: undo only applies to that text. */
  fingerprint: string;
  restores: Restore[];
  /** Ids of the suggestions the review resolved (as they were before it). */
  ids: string[];
  /** Set when the review removed the note (a rejected creation): its entry, to put back. */
  entry?: FileMeta;
}

/** What an undo restored: the document, and the suggestions pending again. */
export interface UndoneReview {
  path: string;
  docId: string;
  suggestions: Suggestion[];
}

/**
 * The inverse of a review that turned `before` into `after` (a review only deletes), or
 * undefined when `after` cannot have come from `before` that way.
 */
export function reviewUndoOf(
  fields: Omit<ReviewUndo, "fingerprint" | "restores">,
  before: string,
  after: string,
): ReviewUndo | undefined {
  const restores = restoresOf(before, after);
  if (!restores) return undefined;
  return { ...fields, fingerprint: textFingerprint(after), restores };
}

/** Puts `restores` back into `text` in one transaction (right to left: offsets stay valid). */
export function applyRestores(
  text: Y.Text,
  restores: readonly Restore[],
  origin: unknown = LENS_REVIEW_ORIGIN,
): void {
  const doc = text.doc;
  if (!doc) throw new Error("the Y.Text must belong to a Y.Doc");
  doc.transact(() => {
    for (let i = restores.length - 1; i >= 0; i--) text.insert(restores[i]!.at, restores[i]!.text);
  }, origin);
}

/**
 * Undoes one document's review within `reach`. Refused with `stale` (details: path, docId) when
 * the text moved on since the review (or a note now stands where a removed one was), with
 * `not_found` when the note is gone or out of reach; nothing changes then.
 */
export function undoReview(
  ws: Workspace,
  reach: Reach,
  undo: ReviewUndo,
  origin: unknown = LENS_REVIEW_ORIGIN,
): Outcome<UndoneReview> {
  const path = undo.entry ? undo.path : ws.paths.pathOf(undo.docId);
  const gone = failure(
    "not_found",
    `${undo.path} is no longer there (deleted or out of reach), so its review cannot be undone.`,
    { path: undo.path },
  );
  if (path === undefined) return gone;
  const folder = ws.folder(undo.folderDocId);
  if (undo.entry) {
    if (!folder || !reachesPath(reach, path)) return gone;
    if (getEntry(folder.doc, undo.entryPath) || ws.paths.pathOf(undo.docId) !== undefined) {
      return moved(path, undo.docId, `${path} exists again since its creation was rejected`);
    }
  } else if (!reachesEntry(ws, reach, { path, docId: undo.docId })) return gone;
  const woken = textForChange(ws, undo.docId, path);
  if (!woken.ok) return woken;
  const text = woken.value;
  if (!text) return gone;
  const raw = text.toString();
  if (textFingerprint(raw) !== undo.fingerprint) {
    return moved(path, undo.docId, `${path} changed since it was reviewed`);
  }
  if (undo.entry && folder) setEntry(folder.doc, undo.entryPath, undo.entry, origin);
  applyRestores(text, undo.restores, origin);
  // The text is the one before the review again, so its suggestions have their ids again.
  const ids = new Set(undo.ids);
  const suggestions = listSuggestions(text.toString()).filter((s) => ids.has(s.id));
  return success({ path, docId: undo.docId, suggestions });
}

function moved(path: string, docId: string, why: string): { ok: false; error: LensError } {
  return failure(
    "stale",
    `${why}, so the review cannot be undone: nothing was changed. Open the note to see its current text and review it from there.`,
    { path, docId },
  );
}
