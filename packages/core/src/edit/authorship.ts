// Whose pending suggestions an edit may change (SPEC §4): only its own author's. A suggestion by
// anyone else — a named human, or nobody known (no metadata: hand-written, older Lens, or an
// edit made without an author) — is never merged into the edit, so rejecting the edit can never
// take that suggestion with it.
import type { CriticMark } from "../critic/parse.js";
import { findSuggestions, type MarkedSuggestion } from "../critic/suggestions.js";
import type { ViewMap } from "../critic/viewMap.js";
import { clip } from "../text/clip.js";
import type { OthersSuggestion } from "./outcome.js";
import type { Span } from "./plan.js";

function isSuggestionMark(m: CriticMark): boolean {
  return m.kind === "insert" || m.kind === "delete" || m.kind === "substitute";
}

/** True when `author` made mark `m`: its metadata names exactly that author. */
function madeBy(m: CriticMark, author: string | undefined): boolean {
  return author !== undefined && author !== "" && m.meta?.author === author;
}

/** The first pending suggestion mark within `spans` (raw ranges) that `author` did not make. */
export function othersMarkIn(
  map: ViewMap,
  spans: readonly Span[],
  author: string | undefined,
): CriticMark | undefined {
  for (const span of spans) {
    if (!span.hasMarks) continue;
    for (let i = map.segmentAtRaw(span.rawStart); i < map.segments.length; i++) {
      const seg = map.segments[i]!;
      if (seg.rawStart >= span.rawEnd) break;
      if (seg.rawEnd <= span.rawStart || !seg.mark) continue;
      if (isSuggestionMark(seg.mark) && !madeBy(seg.mark, author)) return seg.mark;
    }
  }
  return undefined;
}

/**
 * Suggestion `s` (or the one mark `m` of `raw` belongs to) as a refusal names it: `m`'s author,
 * else the first of its marks' not by `author`.
 */
export function describeOthers(
  raw: string,
  found: { mark: CriticMark } | { suggestion: MarkedSuggestion },
  author: string | undefined,
  touching = false,
): OthersSuggestion {
  const s =
    "suggestion" in found
      ? found.suggestion
      : findSuggestions(raw).find((x) => x.marks.some((y) => y.start === found.mark.start));
  const mark =
    "mark" in found ? found.mark : (s?.marks.find((m) => !madeBy(m, author)) ?? s?.marks[0]);
  return {
    author: mark?.meta?.author,
    line: s?.line ?? 1,
    change: s ? changeOf(s) : "a suggestion",
    editorHasAuthor: author !== undefined && author !== "",
    touching,
  };
}

function changeOf(s: MarkedSuggestion): string {
  const q = (t: string) => JSON.stringify(clip(t, 80));
  switch (s.kind) {
    case "insert":
      return `insert ${q(s.newText)}`;
    case "delete":
      return `delete ${q(s.oldText)}`;
    default:
      return `replace ${q(s.oldText)} with ${q(s.newText)}`;
  }
}

/** True when `raw` holds a pending suggestion mark that `author` did not make. */
export function hasOthersMarks(map: ViewMap, author: string | undefined): boolean {
  return map.scan.marks.some((m) => isSuggestionMark(m) && !madeBy(m, author));
}

/** The pending suggestions of `raw` that `author` did not make wholly, with what each says. */
function othersIn(raw: string, author: string | undefined): [MarkedSuggestion, string][] {
  const out: [MarkedSuggestion, string][] = [];
  for (const s of findSuggestions(raw)) {
    if (s.marks.every((m) => madeBy(m, author))) continue;
    out.push([s, JSON.stringify([s.kind, s.oldText, s.newText, s.author, s.time])]);
  }
  return out;
}

/**
 * The first pending suggestion not by `author` in `before` that `after` no longer holds saying
 * the same (kind, old and new text, author, time) in the same order; undefined when all are
 * kept. The net under the span check: writing next to another author's mark can join them into
 * one suggestion (`{--theirs--}` then `{++mine++}` read as one replace), and that is refused
 * too. (`after` may hold more: an edit without an author writes suggestions of nobody known.)
 */
export function othersChanged(
  before: string,
  after: string,
  author: string | undefined,
): MarkedSuggestion | undefined {
  const kept = othersIn(before, author);
  let at = 0;
  for (const [, said] of othersIn(after, author))
    if (at < kept.length && said === kept[at]![1]) at++;
  return kept[at]?.[0];
}
