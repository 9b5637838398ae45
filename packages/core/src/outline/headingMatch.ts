// Which heading a `heading` argument names: its text, exact and case-sensitive after trimming,
// given with or without its `#`s (with them, the level must match too).
import { type Heading, headingText } from "./headings.js";

export type HeadingMatch =
  | { kind: "found"; index: number }
  | { kind: "ambiguous"; candidates: Heading[] }
  | { kind: "missing"; nearby: Heading[] };

/** Headings a refusal lists at most. */
const MAX_LISTED = 10;

/** The heading `query` names among `headings`, or the candidates to name in a refusal. */
export function matchHeading(headings: readonly Heading[], query: string): HeadingMatch {
  const wanted = parseQuery(query);
  const hits: number[] = [];
  headings.forEach((h, i) => {
    if (h.text === wanted.text && (wanted.level === undefined || h.level === wanted.level))
      hits.push(i);
  });
  if (hits.length === 1) return { kind: "found", index: hits[0] as number };
  if (hits.length > 1) return { kind: "ambiguous", candidates: hits.map((i) => headings[i]!) };
  return { kind: "missing", nearby: nearby(headings, wanted.text) };
}

function parseQuery(query: string): { text: string; level?: number } {
  const t = query.trim();
  const m = /^(#{1,6})(?:[ \t]+|$)/.exec(t);
  if (!m) return { text: t };
  return { text: headingText(t.slice(m[0].length)), level: (m[1] as string).length };
}

/** Headings most like `text` first (same letters ignoring case, then sharing a word), then the rest. */
function nearby(headings: readonly Heading[], text: string): Heading[] {
  const folded = text.toLowerCase();
  const words = new Set(folded.split(/\W+/u).filter((w) => w.length > 2));
  const score = (h: Heading): number => {
    const t = h.text.toLowerCase();
    if (t === folded) return 3;
    if (folded !== "" && t.includes(folded)) return 2;
    if (t.length > 2 && folded.includes(t)) return 2;
    return t.split(/\W+/u).some((w) => words.has(w)) ? 1 : 0;
  };
  return headings
    .map((h, i) => ({ h, i, s: score(h) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, MAX_LISTED)
    .map((x) => x.h);
}

/** `"## Tasks" (line 12)`: how a refusal names a heading. */
export function describeHeading(h: Heading): string {
  return `"${"#".repeat(h.level)} ${h.text}" (line ${h.line})`;
}
