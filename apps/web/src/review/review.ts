// Accepting or rejecting: one POST per document with its ids, and what happened to each id,
// whether the server answered 200 (per-id statuses) or 409 review-conflict (none resolved,
// statuses in the problem's `results`). Conflicts are reported, never retried or forced.
import { type Api, ApiError } from "../api/client.js";
import type { ChangeResult, ReviewAction, ReviewAnswer, ReviewItem } from "../api/types.js";

export interface ReviewOutcome {
  action: ReviewAction;
  applied: number;
  /** Left pending: resolving them would change how the text around them parses. */
  conflicts: { path: string; id: string }[];
  /** No longer pending (resolved by someone else, or changed since listed). */
  notFound: { path: string; id: string }[];
  /** Requests that failed outright, with the server's detail. */
  errors: { path: string; message: string }[];
  /** Notes removed because their creation was rejected (their whole text was the insertion). */
  removed: string[];
  /** What undoes each changed document's review: its path, token and how many it resolved. */
  undos: { path: string; token: string; count: number }[];
  /** Moves and deletions reviewed (accepted or rejected, or left with a reason). */
  changes: ChangeResult[];
}

export function emptyOutcome(action: ReviewAction): ReviewOutcome {
  return {
    action,
    applied: 0,
    conflicts: [],
    notFound: [],
    errors: [],
    removed: [],
    undos: [],
    changes: [],
  };
}

/** What one review request names: a changeset, or moves and deletions by id. */
export type ReviewUnit = { changeset: string } | { changes: readonly string[] };

/**
 * Reviews a changeset (its suggestions, moves and deletions together: an accept is all or
 * nothing) or moves and deletions by id, in one request.
 */
export async function reviewUnit(
  api: Api,
  action: ReviewAction,
  unit: ReviewUnit,
  /** The changes as the page listed them: the notice names each by where the note was. */
  listed: readonly { id: string; path: string }[] = [],
  reply?: string,
): Promise<ReviewOutcome> {
  const out = emptyOutcome(action);
  const label = "changeset" in unit ? `changeset ${unit.changeset}` : "the move or deletion";
  try {
    const answer = await api.post<ReviewAnswer>(`/suggestions/${action}`, {
      ...unit,
      ...(reply ? { reply } : {}),
    });
    for (const d of answer.documents) {
      record(out, d.path, d.results);
      if (d.removed) out.removed.push(d.path);
    }
    for (const c of answer.changes ?? []) {
      const was = listed.find((l) => l.id === c.id)?.path;
      out.changes.push(was === undefined ? c : { ...c, from: was });
    }
  } catch (e) {
    // A changeset that no longer applies whole (409) changed nothing: the server says why.
    out.errors.push({ path: label, message: e instanceof Error ? e.message : String(e) });
  }
  return out;
}

function record(out: ReviewOutcome, path: string, items: readonly ReviewItem[]): void {
  for (const r of items) {
    if (r.status === "applied") out.applied++;
    else if (r.status === "conflict") out.conflicts.push({ path, id: r.id });
    else out.notFound.push({ path, id: r.id });
  }
}

/** Reviews `ids` of each document in turn (`all` for a whole document). */
export async function review(
  api: Api,
  action: ReviewAction,
  byDocument: ReadonlyMap<string, readonly string[] | "all">,
  /** A reply to the suggestions' authors, kept with each outcome (they see it in `suggestions`). */
  reply?: string,
): Promise<ReviewOutcome> {
  const out = emptyOutcome(action);
  for (const [path, ids] of byDocument) {
    const body = {
      path,
      ...(ids === "all" ? { all: true } : { ids }),
      ...(reply ? { reply } : {}),
    };
    try {
      const answer = await api.post<ReviewAnswer>(`/suggestions/${action}`, body);
      for (const d of answer.documents) {
        record(out, d.path, d.results);
        if (d.removed) out.removed.push(d.path);
        const count = d.results.filter((r) => r.status === "applied").length;
        if (d.undo) out.undos.push({ path: d.path, token: d.undo, count });
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && Array.isArray(e.problem.results)) {
        record(out, path, e.problem.results);
      } else out.errors.push({ path, message: e instanceof Error ? e.message : String(e) });
    }
  }
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One sentence for the notice after a review. */
export function outcomeText(o: ReviewOutcome): string {
  const done = o.action === "accept" ? "Accepted" : "Rejected";
  const changed = o.changes.filter((c) => c.status === "applied");
  const parts = [
    o.applied > 0 || changed.length > 0
      ? `${done} ${[
          ...(o.applied > 0 ? [plural(o.applied, "suggestion")] : []),
          ...changed.map((c) => changeText(c)),
        ].join(", ")}.`
      : `Nothing was ${done.toLowerCase()}.`,
  ];
  for (const c of o.changes) {
    if (c.status !== "applied")
      parts.push(`Left as it was: ${changeText(c)}: ${c.message ?? c.status}.`);
  }
  if (o.removed.length > 0) {
    parts.push(
      `Removed ${o.removed.length === 1 ? o.removed[0] : `${o.removed.length} notes (${o.removed.join(", ")})`}: ${o.removed.length === 1 ? "its" : "their"} creation was rejected.`,
    );
  }
  if (o.conflicts.length > 0) {
    parts.push(
      `${plural(o.conflicts.length, "suggestion")} left pending: resolving ${o.conflicts.length === 1 ? "it" : "them"} would change how the text around ${o.conflicts.length === 1 ? "it" : "them"} reads (CriticMarkup has no escapes). Edit by hand.`,
    );
  }
  if (o.notFound.length > 0) {
    parts.push(
      `${plural(o.notFound.length, "suggestion was", "suggestions were")} no longer pending.`,
    );
  }
  for (const e of o.errors) parts.push(`${e.path}: ${e.message}`);
  return parts.join(" ");
}

/** "the move of A to B" / "the deletion of A", as a notice names it. */
export function changeText(c: {
  kind?: string;
  path?: string;
  to?: string;
  from?: string;
  id: string;
}): string {
  if (c.kind === "move") return `the move of ${c.from ?? c.path} to ${c.to}`;
  if (c.kind === "delete") return `the deletion of ${c.from ?? c.path}`;
  return `change ${c.id}`;
}
