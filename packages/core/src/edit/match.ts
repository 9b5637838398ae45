// Finding old_string in the AI view: exactly, else tolerating line endings, else tolerating
// curly vs straight quotes — and adapting new_string to what was matched.
import { lineEndingOf, toCrlf, toLf } from "./lineEndings.js";
import { matchQuoteStyle, straightenQuotes } from "./quotes.js";

export type MatchStrategy = "exact" | "line-endings" | "quotes";

export interface Matches {
  strategy: MatchStrategy;
  /** Non-overlapping occurrences, left to right, as AI-view ranges. */
  ranges: { start: number; end: number }[];
  /** new_string adapted to the document: its line endings, and quote style if that mattered. */
  replacement: string;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** True when offset `i` falls between the two halves of a surrogate pair. */
export function splitsSurrogatePair(s: string, i: number): boolean {
  return i > 0 && i < s.length && isHigh(s.charCodeAt(i - 1)) && isLow(s.charCodeAt(i));
}

/**
 * Non-overlapping occurrences of `needle`, skipping any that would split a surrogate pair;
 * the first `limit` of them when given (a caller that only needs to know "more than N").
 */
export function occurrences(
  hay: string,
  needle: string,
  limit = Number.POSITIVE_INFINITY,
): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let i = hay.indexOf(needle);
  while (i !== -1 && out.length < limit) {
    const end = i + needle.length;
    if (splitsSurrogatePair(hay, i) || splitsSurrogatePair(hay, end)) {
      i = hay.indexOf(needle, i + 1);
      continue;
    }
    out.push({ start: i, end });
    i = hay.indexOf(needle, end);
  }
  return out;
}

interface Candidate {
  old: string;
  /** new_string with the line endings that go with this form of old_string. */
  replacement: string;
}

/** old_string as given, then with its line endings switched to the document's. */
function candidates(view: string, oldString: string, newString: string): Candidate[] {
  const docEnding = lineEndingOf(view);
  const asGiven = docEnding === "crlf" ? toCrlf(newString) : newString;
  const out: Candidate[] = [{ old: oldString, replacement: asGiven }];
  if (view.includes("\r\n")) {
    const crlf = toCrlf(oldString);
    if (crlf !== oldString) out.push({ old: crlf, replacement: toCrlf(newString) });
  }
  if (oldString.includes("\r\n")) {
    out.push({ old: toLf(oldString), replacement: toLf(newString) });
  }
  return out;
}

/**
 * Where `oldString` occurs in `view`, by the first strategy that finds it: exact, line-ending
 * tolerant (a `\n` matches `\r\n` and back), then quote tolerant (‘’“” match '"). Undefined
 * when no strategy finds it. With `limit`, at most that many ranges (the search stops there).
 */
export function findMatches(
  view: string,
  oldString: string,
  newString: string,
  limit?: number,
): Matches | undefined {
  const forms = candidates(view, oldString, newString);
  for (let k = 0; k < forms.length; k++) {
    const c = forms[k]!;
    const ranges = occurrences(view, c.old, limit);
    if (ranges.length > 0)
      return { strategy: k === 0 ? "exact" : "line-endings", ranges, replacement: c.replacement };
  }
  const straightView = straightenQuotes(view);
  for (const c of forms) {
    const ranges = occurrences(straightView, straightenQuotes(c.old), limit);
    if (ranges.length === 0) continue;
    const replaced = ranges.map((r) => view.slice(r.start, r.end));
    const first = ranges[0]!;
    const before = first.start > 0 ? view[first.start - 1]! : "";
    return {
      strategy: "quotes",
      ranges,
      replacement: matchQuoteStyle(c.replacement, replaced, before),
    };
  }
  return undefined;
}
