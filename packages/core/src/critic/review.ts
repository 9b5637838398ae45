// Review of suggestions: accept (keep the new text) or reject (keep the old text) some or all
// pending suggestions of a document, in one Yjs transaction.
import type * as Y from "yjs";
import { parseCritic } from "./parse.js";
import { findSuggestions, keptRange, type MarkedSuggestion } from "./suggestions.js";
import { aiView, baseView } from "./views.js";

export { listSuggestions, type Suggestion, type SuggestionKind } from "./suggestions.js";

/** Transaction origin of accept / reject when the caller gives none. */
export const LENS_REVIEW_ORIGIN = { name: "lens-review" } as const;

export interface ReviewResult {
  id: string;
  /**
   * `not_found`: no pending suggestion has this id any more (resolved, or changed since).
   * `conflict`: resolving it would change how the text around it parses (its text would
   * close or open a code span, or form CriticMarkup with its neighbours), so it was left as is.
   */
  status: "applied" | "not_found" | "conflict";
}

/** Accepts suggestions: each is replaced by its new text. */
export function acceptSuggestions(
  text: Y.Text,
  ids: readonly string[] | "all",
  origin: unknown = LENS_REVIEW_ORIGIN,
): ReviewResult[] {
  return review(text, ids, true, origin);
}

/** Rejects suggestions: each is replaced by its old text. */
export function rejectSuggestions(
  text: Y.Text,
  ids: readonly string[] | "all",
  origin: unknown = LENS_REVIEW_ORIGIN,
): ReviewResult[] {
  return review(text, ids, false, origin);
}

function review(
  text: Y.Text,
  ids: readonly string[] | "all",
  accept: boolean,
  origin: unknown,
): ReviewResult[] {
  const doc = text.doc;
  if (!doc) throw new Error("the Y.Text must belong to a Y.Doc");
  let results: ReviewResult[] = [];
  doc.transact(() => {
    const raw = text.toString();
    const all = findSuggestions(raw);
    let chosen: MarkedSuggestion[];
    const status = new Map<MarkedSuggestion, ReviewResult["status"]>();
    if (ids === "all") chosen = all;
    else {
      const byId = new Map(all.map((s) => [s.id, s]));
      const picked = new Set<MarkedSuggestion>();
      for (const id of ids) {
        const s = byId.get(id);
        if (s) picked.add(s);
      }
      chosen = all.filter((s) => picked.has(s));
    }
    const safe = safeSubset(raw, chosen, accept);
    for (const s of chosen) status.set(s, safe.has(s) ? "applied" : "conflict");
    // Right to left, so earlier offsets stay valid.
    for (let i = chosen.length - 1; i >= 0; i--) {
      if (safe.has(chosen[i]!)) resolve(text, chosen[i]!, accept);
    }
    const byId = new Map(all.map((s) => [s.id, s]));
    results =
      ids === "all"
        ? chosen.map((s) => ({ id: s.id, status: status.get(s)! }))
        : ids.map((id) => {
            const s = byId.get(id);
            return { id, status: s ? status.get(s)! : "not_found" };
          });
  }, origin);
  return results;
}

/**
 * The suggestions that can be resolved without changing how anything else parses: accepting
 * keeps the AI view and rejecting keeps the base, and exactly the resolved suggestions' marks
 * go away (neighbours may re-pair into one replace; that changes nothing they say). Tries all
 * at once; if that breaks the rule, goes right to left one at a time and leaves out each one
 * that would.
 */
function safeSubset(
  raw: string,
  chosen: MarkedSuggestion[],
  accept: boolean,
): Set<MarkedSuggestion> {
  const view = accept ? aiView : baseView;
  const expected = view(raw);
  const marksBefore = suggestionMarks(raw);
  const keeps = (candidate: string, removedMarks: number) =>
    view(candidate) === expected && suggestionMarks(candidate) === marksBefore - removedMarks;
  const allMarks = chosen.reduce((n, s) => n + s.marks.length, 0);
  if (keeps(resolveAll(raw, chosen, accept), allMarks)) return new Set(chosen);
  const safe = new Set<MarkedSuggestion>();
  let current = raw;
  let removed = 0;
  for (let i = chosen.length - 1; i >= 0; i--) {
    const s = chosen[i]!;
    const candidate = resolveInString(current, s, accept);
    if (keeps(candidate, removed + s.marks.length)) {
      safe.add(s);
      removed += s.marks.length;
      current = candidate;
    }
  }
  return safe;
}

/**
 * The marks of suggestions in a raw text: insertions, deletions, substitutions and reasons
 * (comments and highlights aside).
 */
function suggestionMarks(raw: string): number {
  let n = 0;
  for (const m of parseCritic(raw))
    if ((m.kind !== "comment" && m.kind !== "highlight") || m.reason) n++;
  return n;
}

function resolveAll(raw: string, chosen: MarkedSuggestion[], accept: boolean): string {
  let out = raw;
  for (let i = chosen.length - 1; i >= 0; i--) out = resolveInString(out, chosen[i]!, accept);
  return out;
}

/** What `resolve` does to the Y.Text, done to a string. */
function resolveInString(raw: string, s: MarkedSuggestion, accept: boolean): string {
  const kept = keptRange(s, accept);
  if (!kept) return raw.slice(0, s.start) + raw.slice(s.end);
  return raw.slice(0, s.start) + raw.slice(kept[0], kept[1]) + raw.slice(s.end);
}

/** Deletes the suggestion's markup and the side it drops, keeping the other side's text. */
function resolve(text: Y.Text, s: MarkedSuggestion, accept: boolean): void {
  const kept = keptRange(s, accept);
  if (!kept) {
    text.delete(s.start, s.end - s.start);
    return;
  }
  const [from, to] = kept;
  if (s.end > to) text.delete(to, s.end - to);
  if (from > s.start) text.delete(s.start, from - s.start);
}
