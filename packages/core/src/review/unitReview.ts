// A review of whole units: suggestions with the moves and deletions suggested beside them. A
// request names a changeset (everything in it, all or nothing), structural changes by id, or a
// path (every pending suggestion under it, and every pending move and deletion of its notes).
// Structural changes go first, then the suggestions, found again afterwards by what they carry
// (a move's link rewrites may change the ids of suggestions near them). All synchronous.
import type { Reach } from "../access/reach.js";
import { changesIn, findChange, type LocatedChange, PENDING_ONLY } from "../changes/changes.js";
import type { Located } from "../paths/pathIndex.js";
import { textForChange } from "../tools/textForChange.js";
import { failure, type Outcome, success } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";
import { type BatchReview, type ReviewRequest, reviewSuggestions } from "./batchReview.js";
import { acceptProblem, resolveChange } from "./resolveChange.js";
import { reviewTarget } from "./target.js";

/** What became of one structural change. */
export interface ChangeResult {
  id: string;
  status: "applied" | "conflict" | "not_found";
  change?: LocatedChange;
  /** Why it was not applied. */
  message?: string;
  /** Accepted move: notes in reach whose links were rewritten; others counted. */
  rewritten?: string[];
  hiddenRewritten?: number;
}

export interface UnitReview extends BatchReview {
  changes: ChangeResult[];
  /** The changeset reviewed, when the request named one. */
  changeset?: string;
}

export interface UnitRequest extends ReviewRequest {
  /** Every pending suggestion and change carrying this id, together (path and ids unset). */
  changeset?: string | undefined;
  /** Structural change ids (path and ids unset). */
  changes?: readonly string[] | undefined;
  /** The reviewer, recorded on structural changes. */
  who?: string | undefined;
  reply?: string | undefined;
}

const EMPTY = { applied: 0, notFound: 0, conflicts: 0 };

export function reviewUnits(
  ws: Workspace,
  reach: Reach,
  request: UnitRequest,
): Outcome<UnitReview> {
  const { changeset, changes, who, reply, ...rest } = request;
  const opts = { who, reply, origin: request.origin };
  if (changeset !== undefined) return reviewChangeset(ws, reach, request.action, changeset, opts);
  if (changes !== undefined) {
    const results = changes.map((id) => resolveOne(ws, reach, id, request.action, opts));
    return success({ action: request.action, ...EMPTY, documents: [], changes: results });
  }
  if (rest.ids !== undefined || rest.precondition !== undefined) {
    const r = reviewSuggestions(ws, reach, rest);
    return r.ok ? success({ ...r.value, changes: [] }) : r;
  }
  // Everything under a path: its notes' moves and deletions, then their suggestions.
  const target = reviewTarget(ws, rest.path, reach);
  if (!target.ok) return target;
  const docIds = new Set(target.value.documents.map((d) => d.docId));
  const pending = changesIn(ws, reach, { statuses: PENDING_ONLY }).filter((c) =>
    docIds.has(c.docId),
  );
  const results = pending.map((c) => resolveOne(ws, reach, c.id, request.action, opts));
  let path = rest.path;
  const [only] = target.value.documents;
  if (target.value.kind === "document" && only) {
    // The note may have moved (accepted) or gone (deleted) just now.
    path = ws.paths.pathOf(only.docId);
    if (path === undefined) {
      return success({ action: request.action, ...EMPTY, documents: [], changes: results });
    }
  }
  const review = reviewSuggestions(ws, reach, { ...rest, path });
  return review.ok ? success({ ...review.value, changes: results }) : review;
}

type Opts = { who?: string | undefined; reply?: string | undefined; origin?: unknown };

function resolveOne(
  ws: Workspace,
  reach: Reach,
  id: string,
  action: ReviewRequest["action"],
  opts: Opts,
): ChangeResult {
  const r = resolveChange(ws, reach, id, action, opts);
  if (!r.ok) {
    const status = r.error.code === "not_found" ? "not_found" : "conflict";
    const change = findChange(ws, reach, id);
    return { id, status, message: r.error.message, ...(change ? { change } : {}) };
  }
  const out: ChangeResult = { id, status: "applied", change: r.value.change };
  if (r.value.change.kind === "move" && action === "accept") {
    out.rewritten = r.value.rewritten;
    out.hiddenRewritten = r.value.hiddenRewritten;
  }
  return out;
}

function reviewChangeset(
  ws: Workspace,
  reach: Reach,
  action: ReviewRequest["action"],
  changeset: string,
  opts: Opts,
): Outcome<UnitReview> {
  const pending = changesIn(ws, reach, { statuses: PENDING_ONLY, changeset });
  const all = reviewTarget(ws, undefined, reach);
  if (!all.ok) return all;
  const holds = (loc: Located) =>
    (ws.view(loc.docId)?.suggestions ?? []).some((s) => s.changeset === changeset);
  const docs = all.value.documents.filter(holds);
  const q = JSON.stringify(changeset.slice(0, 100));
  if (pending.length === 0 && docs.length === 0) {
    return failure(
      "not_found",
      `Nothing pending is in changeset ${q} in the folders you reach (reviewed already, withdrawn, or never made).`,
      { changeset },
    );
  }
  // All or nothing: every change must still apply and every note be readable before any changes.
  if (action === "accept") {
    const problems = pending.flatMap((c) => acceptProblem(ws, c) ?? []);
    if (problems.length > 0) {
      return failure(
        "conflict",
        `Changeset ${q} was not accepted: ${problems.join(" ")} Nothing was changed.`,
        { changeset },
      );
    }
  }
  for (const loc of docs) {
    const woken = textForChange(ws, loc.docId, loc.path);
    if (!woken.ok) return woken;
  }
  const results = pending.map((c) => resolveOne(ws, reach, c.id, action, opts));
  const review = suggestionsOf(
    ws,
    reach,
    { action, origin: opts.origin },
    docs.map((d) => d.docId),
    (s) => s.changeset === changeset,
  );
  return review.ok ? success({ ...review.value, changes: results, changeset }) : review;
}

/** Reviews, document by document at their paths now, the pending suggestions `pick` takes. */
function suggestionsOf(
  ws: Workspace,
  reach: Reach,
  request: Pick<ReviewRequest, "action" | "origin">,
  docIds: readonly string[],
  pick: (s: { changeset?: string }) => boolean,
): Outcome<BatchReview> {
  const out: BatchReview = { action: request.action, ...EMPTY, documents: [] };
  for (const docId of docIds) {
    const path = ws.paths.pathOf(docId);
    const ids = (ws.view(docId)?.suggestions ?? []).filter(pick).map((s) => s.id);
    if (path === undefined || ids.length === 0) continue;
    const r = reviewSuggestions(ws, reach, { ...request, path, ids });
    if (!r.ok) return r;
    out.applied += r.value.applied;
    out.notFound += r.value.notFound;
    out.conflicts += r.value.conflicts;
    out.documents.push(...r.value.documents);
  }
  out.documents.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return success(out);
}
