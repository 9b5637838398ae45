// Pending suggestions of a document: its insertions, deletions and substitutions, with an
// adjacent `{--old--}{++new++}` pair (what Lens writes) counted as one "replace".
import { lineIndexOf, lineStarts } from "../text/lines.js";
import { mayContainMarks } from "./delimiters.js";
import type { CriticMark } from "./parse.js";
import { CONTEXT_CHARS, SuggestionIds } from "./suggestionId.js";
import { buildViewMap } from "./viewMap.js";

export type SuggestionKind = "insert" | "delete" | "substitute" | "replace";

export interface Suggestion {
  /** Stable while the suggestion itself is unchanged; see suggestionId.ts. */
  id: string;
  kind: SuggestionKind;
  /** Raw offsets of the whole suggestion (both marks of a replace). */
  start: number;
  end: number;
  /** 1-based line of the AI view where the suggestion starts. */
  line: number;
  oldText: string;
  newText: string;
  author?: string;
  time?: number;
  /** Why its author suggested it: the comment attached right after it (critic/reason.ts). */
  reason?: string;
  /** The changeset its author put it in (critic/meta.ts). */
  changeset?: string;
  /**
   * The AI-view text around it, for a reviewer: `before` from the start of the line above up to
   * it, `after` from it to the end of the line below (each at most CONTEXT_SHOWN characters, cut
   * on the far side with `…`).
   */
  context?: { before: string; after: string };
}

/** Most characters of context shown on each side of a suggestion. */
export const CONTEXT_SHOWN = 160;

function shownBefore(ai: string, from: number, to: number): string {
  return to - from > CONTEXT_SHOWN ? `…${ai.slice(to - CONTEXT_SHOWN, to)}` : ai.slice(from, to);
}

function shownAfter(ai: string, from: number, to: number): string {
  return to - from > CONTEXT_SHOWN
    ? `${ai.slice(from, from + CONTEXT_SHOWN)}…`
    : ai.slice(from, to);
}

/**
 * A suggestion with the marks it is made of: one, or a delete and an insert for a replace, then
 * its reason comment when it has one (always last).
 */
export interface MarkedSuggestion extends Suggestion {
  marks: CriticMark[];
}

/** Text a suggestion keeps when accepted / rejected: a raw range inside it, or nothing. */
export function keptRange(s: MarkedSuggestion, accept: boolean): [number, number] | undefined {
  const [first, second] = s.marks;
  if (!first) return undefined;
  switch (s.kind) {
    case "insert":
      return accept ? [first.contentStart, first.contentEnd] : undefined;
    case "delete":
      return accept ? undefined : [first.contentStart, first.contentEnd];
    case "substitute": {
      const sep = first.contentStart + (first.oldText ?? "").length;
      return accept ? [sep + 2, first.contentEnd] : [first.contentStart, sep];
    }
    case "replace":
      return accept
        ? [second!.contentStart, second!.contentEnd]
        : [first.contentStart, first.contentEnd];
  }
}

function isSuggestionMark(m: CriticMark): boolean {
  return m.kind === "insert" || m.kind === "delete" || m.kind === "substitute";
}

/** Every pending suggestion of `raw`, in document order. Comments and highlights are not. */
export function listSuggestions(raw: string): Suggestion[] {
  return findSuggestions(raw).map(withoutMarks);
}

function withoutMarks(s: MarkedSuggestion): Suggestion {
  const out: Suggestion = {
    id: s.id,
    kind: s.kind,
    start: s.start,
    end: s.end,
    line: s.line,
    oldText: s.oldText,
    newText: s.newText,
  };
  if (s.author !== undefined) out.author = s.author;
  if (s.time !== undefined) out.time = s.time;
  if (s.reason !== undefined) out.reason = s.reason;
  if (s.changeset !== undefined) out.changeset = s.changeset;
  if (s.context !== undefined) out.context = s.context;
  return out;
}

/** Like listSuggestions, with each suggestion's marks. */
export function findSuggestions(raw: string): MarkedSuggestion[] {
  if (!mayContainMarks(raw)) return [];
  const map = buildViewMap(raw);
  const marks = map.scan.marks;
  if (marks.length === 0) return [];
  const starts = lineStarts(map.ai);
  const ids = new SuggestionIds();
  const out: MarkedSuggestion[] = [];
  for (let i = 0; i < marks.length; i++) {
    const m = marks[i]!;
    if (!isSuggestionMark(m)) continue;
    const next = marks[i + 1];
    const pair = m.kind === "delete" && next?.kind === "insert" && next.start === m.end;
    const parts = pair ? [m, next] : [m];
    if (pair) i++;
    const kind = pair ? "replace" : (m.kind as SuggestionKind);
    const last = parts[parts.length - 1]!;
    const reason = marks[i + 1]?.reason ? marks[i + 1] : undefined;
    if (reason) {
      parts.push(reason);
      i++;
    }
    const end = parts[parts.length - 1]!.end;
    const oldText = m.kind === "insert" ? "" : m.kind === "substitute" ? (m.oldText ?? "") : m.text;
    const newText =
      m.kind === "substitute" ? (m.newText ?? "") : pair || m.kind === "insert" ? last.text : "";
    const author = m.meta?.author ?? last.meta?.author;
    const time = m.meta?.time ?? last.meta?.time;
    const changeset = m.meta?.changeset ?? last.meta?.changeset;
    const aiStart = map.rawToAi(m.start);
    const aiEnd = map.rawToAi(end);
    const lineIndex = starts.length === 0 ? 0 : lineIndexOf(starts, aiStart);
    const s: MarkedSuggestion = {
      id: "",
      kind,
      start: m.start,
      end,
      line: lineIndex + 1,
      oldText,
      newText,
      marks: parts,
    };
    if (author !== undefined) s.author = author;
    if (time !== undefined) s.time = time;
    if (changeset !== undefined) s.changeset = changeset;
    if (reason) s.reason = reason.text;
    const lineStart = starts[lineIndex] ?? 0;
    const aboveStart = starts[Math.max(0, lineIndex - 1)] ?? 0;
    const endLine = starts.length === 0 ? 0 : lineIndexOf(starts, Math.max(aiStart, aiEnd - 1));
    // The end of the line below, without its line break.
    let belowEnd = (starts[endLine + 2] ?? map.ai.length + 1) - 1;
    if (map.ai[belowEnd - 1] === "\n") belowEnd--;
    if (map.ai[belowEnd - 1] === "\r") belowEnd--;
    s.context = {
      before: shownBefore(map.ai, aboveStart, aiStart),
      after: shownAfter(map.ai, aiEnd, Math.max(aiEnd, belowEnd)),
    };
    const after = map.ai.slice(aiEnd, aiEnd + CONTEXT_CHARS);
    const nl = after.indexOf("\n");
    s.id = ids.next(s, {
      before: map.ai.slice(Math.max(lineStart, aiStart - CONTEXT_CHARS), aiStart),
      after: nl === -1 ? after : after.slice(0, nl),
    });
    out.push(s);
  }
  return out;
}
