// Snippets of a hit: the one or two lines of the note's body (never its frontmatter) that hold
// the most query terms, with the words that matched marked (offsets into the line), clipped
// around the first mark. Words match by stem, as the index holds them: "conflicts" marks
// "conflict" and "Conflicts".
import { findFrontmatter } from "../links/frontmatter.js";
import { StemCache } from "./stems.js";
import { fold, UNSPACED } from "./terms.js";

export interface Snippet {
  /** 1-based line number in the AI view (what read shows). */
  line: number;
  text: string;
  /** [start, end) offsets of matched words in `text`. */
  marks: [number, number][];
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const ASCII = /^[^\u0080-\uffff]*$/;
const ASCII_WORD = /[a-z0-9]+/g;
const MAX_SNIPPET = 240;

/**
 * `matched`: index terms (stems, or character pairs of unspaced scripts); `stemOf` may remember
 * stems across calls (search passes one cache for a page of hits).
 */
export function snippetsOf(
  ai: string,
  matched: readonly string[],
  max = 2,
  stemOf: (folded: string) => string = new StemCache().of,
): Snippet[] {
  if (matched.length === 0) return [];
  const scored: { line: number; text: string; marks: [number, number][]; distinct: number }[] = [];
  // A stem is the start of its words but for a last "i" or "e" that Porter puts in ("happi" of
  // "happy", "hope" of "hoping"): a line that holds none of these starts holds no matched word.
  const starts = matched.map((t) => (t.length > 3 ? t.replace(/[ie]$/, "") : t));
  const bodyStart = findFrontmatter(ai)?.bodyStart ?? 0;
  let lineNo = 0;
  let at = 0;
  for (const text of ai.split("\n")) {
    lineNo++;
    const lineStart = at;
    at += text.length + 1;
    if (lineStart < bodyStart) continue;
    // Most lines hold no term at all: one fold of the line rules them out.
    const folded = fold(text);
    if (!starts.some((t) => folded.includes(t))) continue;
    const marks: [number, number][] = [];
    const seen = new Set<string>();
    if (ASCII.test(text)) {
      // Folded in one go (lower case, same offsets): each word is matched by its stem.
      for (const m of folded.matchAll(ASCII_WORD)) {
        const start = m.index ?? 0;
        const hit = matchedBy(m[0], matched, stemOf);
        if (hit === undefined) continue;
        seen.add(hit);
        marks.push([start, start + m[0].length]);
      }
    } else {
      for (const m of text.matchAll(WORD)) {
        const start = m.index ?? 0;
        for (const [s, e, term] of wordMarks(m[0], matched, stemOf)) {
          seen.add(term);
          marks.push([start + s, start + e]);
        }
      }
    }
    if (marks.length) scored.push({ line: lineNo, text, marks, distinct: seen.size });
  }
  scored.sort((a, b) => b.distinct - a.distinct || a.line - b.line);
  return scored
    .slice(0, max)
    .sort((a, b) => a.line - b.line)
    .map(({ line, text, marks }) => clipped(line, text.replace(/\r$/, ""), marks));
}

/** The matched term a folded word is, or its stem is. */
function matchedBy(
  folded: string,
  matched: readonly string[],
  stemOf: (folded: string) => string,
): string | undefined {
  if (matched.includes(folded)) return folded;
  const s = stemOf(folded);
  return matched.includes(s) ? s : undefined;
}

/**
 * The matched stretches of one word: the whole word when it or its stem is a matched term; in
 * scripts without spaces, each run of matched character pairs.
 */
function wordMarks(
  word: string,
  matched: readonly string[],
  stemOf: (folded: string) => string,
): [number, number, string][] {
  const folded = fold(word);
  if (!UNSPACED.test(word)) {
    const hit = matchedBy(folded, matched, stemOf);
    return hit === undefined ? [] : [[0, word.length, hit]];
  }
  // Fold character by character to map offsets back (folding may change lengths).
  const chars: { at: number; end: number; f: string }[] = [];
  let at = 0;
  for (const ch of word) {
    chars.push({ at, end: at + ch.length, f: fold(ch) });
    at += ch.length;
  }
  const covered: (string | undefined)[] = chars.map(() => undefined);
  for (const t of matched) {
    const n = [...t].length;
    for (let i = 0; i + n <= chars.length; i++) {
      if (
        chars
          .slice(i, i + n)
          .map((c) => c.f)
          .join("") !== t
      )
        continue;
      for (let k = i; k < i + n; k++) covered[k] = t;
    }
  }
  const out: [number, number, string][] = [];
  for (let i = 0; i < chars.length; i++) {
    const term = covered[i];
    if (term === undefined) continue;
    let j = i;
    while (j + 1 < chars.length && covered[j + 1] !== undefined) j++;
    out.push([(chars[i] as { at: number }).at, (chars[j] as { end: number }).end, term]);
    i = j;
  }
  return out;
}

/** Keeps at most MAX_SNIPPET characters of a long line, around its first mark. */
function clipped(line: number, text: string, marks: [number, number][]): Snippet {
  if (text.length <= MAX_SNIPPET) return { line, text, marks };
  const first = marks[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - 60, text.length - MAX_SNIPPET));
  const end = start + MAX_SNIPPET;
  const pre = start > 0 ? "…" : "";
  const shift = pre.length - start;
  return {
    line,
    text: `${pre}${text.slice(start, end)}${end < text.length ? "…" : ""}`,
    marks: marks.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s + shift, e + shift]),
  };
}

/** The snippet with its marks shown as **word**, for an assistant. */
export function markedText(s: Snippet): string {
  let out = "";
  let at = 0;
  for (const [start, end] of s.marks) {
    out += `${s.text.slice(at, start)}**${s.text.slice(start, end)}**`;
    at = end;
  }
  return out + s.text.slice(at);
}
