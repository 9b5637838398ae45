// Planning an edit: each AI-view replacement widened to whole marks and code regions (a mark
// cannot sit inside another mark or inside code), overlapping ones merged into one span.
import type { ViewMap, ViewSegment } from "../critic/viewMap.js";

/** Replace AI-view [start, end) by `text`. */
export interface Replacement {
  start: number;
  end: number;
  text: string;
}

/** A stretch of raw text to rewrite, and what it must show in each view afterwards. */
export interface Span {
  rawStart: number;
  rawEnd: number;
  /** Base view of the raw range: kept as the suggestion's old text. */
  base: string;
  /** AI view of the range once the replacements are made: the suggestion's new text. */
  ai: string;
  /** True when the range holds pending marks (merged), false when it is plain text. */
  hasMarks: boolean;
  /** Reasons of the suggestions merged into the span (critic/reason.ts), in order. */
  reasons?: string[];
}

export type Plan =
  | { ok: true; spans: Span[] }
  | { ok: false; blockedBy: ViewSegment & { kind: "comment" | "highlight" } };

interface Group {
  first: number;
  last: number;
  rawStart: number;
  rawEnd: number;
  aiStart: number;
  aiEnd: number;
  reps: Replacement[];
}

function isText(seg: ViewSegment): boolean {
  return seg.kind === "text";
}

/** A comment or highlight a reviewer wrote; a suggestion's reason is part of the suggestion. */
function isReviewerNote(seg: ViewSegment): seg is ViewSegment & { kind: "comment" | "highlight" } {
  return (seg.kind === "comment" || seg.kind === "highlight") && !seg.mark?.reason;
}

/**
 * Spans for `reps` (sorted, non-overlapping, non-empty AI ranges). Refused when a replacement
 * touches a comment or highlight, whose text shows verbatim in the AI view.
 */
export function planSpans(map: ViewMap, reps: readonly Replacement[]): Plan {
  const segs = map.segments;
  const groups: Group[] = [];
  for (const rep of reps) {
    let first = map.segmentAt(rep.start);
    let last = map.segmentAt(rep.end - 1);
    // A suggestion keeps its reason: the comment right after it goes with it.
    if (segs[last]?.mark && segs[last + 1]?.mark?.reason) last++;
    for (let i = first; i <= last; i++) {
      const seg = segs[i]!;
      if (isReviewerNote(seg)) return { ok: false, blockedBy: seg };
    }
    const fs = segs[first]!;
    const ls = segs[last]!;
    let rawStart = isText(fs) ? fs.rawStart + (rep.start - fs.aiStart) : fs.rawStart;
    const aiStart = isText(fs) ? rep.start : fs.aiStart;
    // An insertion keeps the deletion it is paired with: `{--a--}{++b++}` is one suggestion.
    const prev = segs[first - 1];
    if (fs.kind === "insert" && prev?.kind === "delete" && prev.rawEnd === fs.rawStart) {
      first--;
      rawStart = prev.rawStart;
    }
    const rawEnd = isText(ls) ? ls.rawStart + (rep.end - ls.aiStart) : ls.rawEnd;
    const aiEnd = isText(ls) ? rep.end : ls.aiEnd;
    const top = groups[groups.length - 1];
    if (top && rawStart <= top.rawEnd) {
      top.last = Math.max(top.last, last);
      top.rawEnd = Math.max(top.rawEnd, rawEnd);
      top.aiEnd = Math.max(top.aiEnd, aiEnd);
      top.reps.push(rep);
    } else groups.push({ first, last, rawStart, rawEnd, aiStart, aiEnd, reps: [rep] });
  }
  return { ok: true, spans: groups.map((g) => toSpan(map, g)) };
}

function toSpan(map: ViewMap, g: Group): Span {
  const pieces: string[] = [];
  let at = g.aiStart;
  for (const r of g.reps) {
    pieces.push(map.ai.slice(at, r.start), r.text);
    at = r.end;
  }
  pieces.push(map.ai.slice(at, g.aiEnd));
  let hasMarks = false;
  const reasons: string[] = [];
  for (let i = g.first; i <= g.last; i++) {
    const mark = map.segments[i]!.mark;
    if (mark) hasMarks = true;
    if (mark?.reason) reasons.push(mark.text);
  }
  return trimLineEnds(map, {
    rawStart: g.rawStart,
    rawEnd: g.rawEnd,
    base: map.baseOf(g.rawStart, g.rawEnd),
    ai: pieces.join(""),
    hasMarks,
    ...(reasons.length ? { reasons } : {}),
  });
}

/** The line ending both sides share at an end of the span, if it is plain text in the raw. */
function sharedLineEnd(map: ViewMap, span: Span, atEnd: boolean): number {
  for (const nl of ["\r\n", "\n"]) {
    const has = (s: string) => (atEnd ? s.endsWith(nl) : s.startsWith(nl));
    if (!has(span.base) || !has(span.ai)) continue;
    const from = atEnd ? span.rawEnd - nl.length : span.rawStart;
    if (map.raw.slice(from, from + nl.length) !== nl) continue;
    const seg = map.segments[map.segmentAtRaw(from)]!;
    if (isText(seg) && seg.rawEnd >= from + nl.length) return nl.length;
  }
  return 0;
}

/**
 * Leaves a line ending shared by both sides outside the marks, so the line after the span
 * still starts a line in the raw text (a fence there stays a fence) and reviewers see
 * `{--old--}{++new++}` without stray newlines.
 */
function trimLineEnds(map: ViewMap, span: Span): Span {
  if (span.base === span.ai) return span;
  const tail = sharedLineEnd(map, span, true);
  let s = tail
    ? {
        ...span,
        rawEnd: span.rawEnd - tail,
        base: span.base.slice(0, -tail),
        ai: span.ai.slice(0, -tail),
      }
    : span;
  const head = s.rawEnd - s.rawStart > 0 ? sharedLineEnd(map, s, false) : 0;
  if (head)
    s = { ...s, rawStart: s.rawStart + head, base: s.base.slice(head), ai: s.ai.slice(head) };
  return s;
}
