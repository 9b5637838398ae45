// Accepting or rejecting: one POST per document with its ids, and what happened to each id,
// whether the server answered 200 (per-id statuses) or 409 review-conflict (none resolved,
// statuses in the problem's `results`). Conflicts are reported, never retried or forced.
import { type Api, ApiError } from "../api/client.js";
import type { ReviewAction, ReviewAnswer, ReviewItem } from "../api/types.js";

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
}

export function emptyOutcome(action: ReviewAction): ReviewOutcome {
  return { action, applied: 0, conflicts: [], notFound: [], errors: [], removed: [], undos: [] };
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
  const parts = [
    o.applied > 0
      ? `${done} ${plural(o.applied, "suggestion")}.`
      : `Nothing was ${done.toLowerCase()}.`,
  ];
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
