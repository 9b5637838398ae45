// Whose pending suggestions an edit may change (SPEC §4): only its own author's. A suggestion by
// anyone else — a named human, or nobody known (no metadata: hand-written, older Lens, or an
// edit made without an author) — is never merged into the edit, so rejecting the edit can never
// take that suggestion with it.
import { type CriticMark, parseCritic } from "../critic/parse.js";
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

/** The suggestion mark `m` of `raw` belongs to, as a refusal names it (with `m`'s author). */
export function describeOthers(
  raw: string,
  m: CriticMark,
  author: string | undefined,
  touching = false,
): OthersSuggestion {
  const s = findSuggestions(raw).find((x) => x.marks.some((y) => y.start === m.start));
  return {
    author: m.meta?.author,
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

/**
 * What each pending suggestion among `marks` says (kind, old and new text, author, time, reason), for
 * those `author` did not make wholly, in order, with the first of its marks not by `author`.
 * Grouped as findSuggestions groups them (a deletion right before an insertion is one replace),
 * without the ids and lines it works out: this runs on every edit of a text that holds them.
 */
function othersIn(
  marks: readonly CriticMark[],
  author: string | undefined,
): [CriticMark, string][] {
  const out: [CriticMark, string][] = [];
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i]!;
    if (!isSuggestionMark(m)) continue;
    const next = marks[i + 1];
    const pair = m.kind === "delete" && next?.kind === "insert" && next.start === m.end;
    const last = pair ? next : m;
    if (pair) i++;
    const reason = marks[i + 1]?.reason ? marks[++i]!.text : "";
    const theirs = [m, last].find((x) => !madeBy(x, author));
    if (!theirs) continue;
    const kind = pair ? "replace" : m.kind;
    const oldText = m.kind === "insert" ? "" : m.kind === "substitute" ? (m.oldText ?? "") : m.text;
    const newText =
      m.kind === "substitute" ? (m.newText ?? "") : pair || m.kind === "insert" ? last.text : "";
    const who = m.meta?.author ?? last.meta?.author;
    const time = m.meta?.time ?? last.meta?.time;
    out.push([
      theirs,
      [kind, oldText, newText, who ?? "\u0001", time ?? "", reason].join("\u0000"),
    ]);
  }
  return out;
}

/**
 * The first mark of a pending suggestion not by `author` in the text `map` describes that
 * `after` no longer holds saying the same (kind, old and new text, author, time) in the same
 * order; undefined when all are kept. The net under the span check: writing next to another
 * author's mark can join them into one suggestion (`{--theirs--}` then `{++mine++}` read as one
 * replace), and that is refused too. (`after` may hold more: an edit without an author writes
 * suggestions of nobody known.)
 */
export function othersChanged(
  map: ViewMap,
  after: string,
  author: string | undefined,
): CriticMark | undefined {
  const kept = othersIn(map.scan.marks, author);
  if (kept.length === 0) return undefined;
  let at = 0;
  for (const [, said] of othersIn(parseCritic(after), author))
    if (at < kept.length && said === kept[at]![1]) at++;
  return kept[at]?.[0];
}
