// YAML frontmatter at the top of a note, and the quoted strings in it: Obsidian counts a
// wikilink in frontmatter only when it is written inside a quoted scalar (`up: "[[Home]]"`).
import type { TextRange } from "../text/markdownCode.js";

export interface Frontmatter {
  /** Offset of the first line after the opening `---`. */
  start: number;
  /** Offset where the closing `---` (or `...`) line starts. */
  end: number;
  /** Offset of the first line after the closing line (may be `text.length`). */
  bodyStart: number;
}

const OPEN = /^---[ \t]*\r?$/;
const CLOSE = /^(---|\.\.\.)[ \t]*\r?$/;

/** The frontmatter block: `---` as the very first line, closed by a `---` or `...` line. */
export function findFrontmatter(text: string): Frontmatter | undefined {
  const firstEnd = lineEnd(text, 0);
  if (!OPEN.test(text.slice(0, firstEnd))) return undefined;
  const start = Math.min(firstEnd + 1, text.length);
  for (let pos = start; pos < text.length; ) {
    const end = lineEnd(text, pos);
    if (CLOSE.test(text.slice(pos, end))) {
      return { start, end: pos, bodyStart: Math.min(end + 1, text.length) };
    }
    pos = end + 1;
  }
  return undefined;
}

function lineEnd(text: string, pos: number): number {
  const nl = text.indexOf("\n", pos);
  return nl === -1 ? text.length : nl;
}

/** Where a quote may open a YAML quoted scalar: line start or after one of these. */
const OPENS_SCALAR = new Set([-1, 0x3a, 0x2d, 0x5b, 0x7b, 0x2c, 0x3f]); // none : - [ { , ?
const HASH = 0x23;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

/** The characters of the regex class `\s`, by code (no regex run per character). */
function isSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Contents (without the quotes) of the single-line quoted scalars in `text[range]`. A quote
 * opens a scalar only at a value's start (after `key:`, `- `, `[`, `{` or `,`), so an
 * apostrophe in plain text does not; `#` after whitespace starts a comment.
 */
export function quotedRanges(text: string, range: TextRange): TextRange[] {
  const out: TextRange[] = [];
  for (let pos = range.start; pos < range.end; ) {
    const end = Math.min(lineEnd(text, pos), range.end);
    scanLine(text, pos, end, out);
    pos = end + 1;
  }
  return out;
}

function scanLine(text: string, start: number, end: number, out: TextRange[]): void {
  /** The last non-blank character before `i` on the line (-1: none yet). */
  let prev = -1;
  for (let i = start; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === HASH && (i === start || isSpace(text.charCodeAt(i - 1)))) return;
    if ((ch === DQUOTE || ch === SQUOTE) && OPENS_SCALAR.has(prev)) {
      const close = closingQuote(text, i, end);
      if (close === -1) return;
      out.push({ start: i + 1, end: close });
      i = close;
      prev = ch;
      continue;
    }
    if (!isSpace(ch)) prev = ch;
  }
}

/** Offset of the quote closing the scalar opened at `open`, or -1 on this line. */
function closingQuote(text: string, open: number, end: number): number {
  const quote = text[open];
  for (let j = open + 1; j < end; j++) {
    const ch = text[j];
    if (quote === '"' && ch === "\\") j++;
    else if (ch === quote) {
      if (quote === "'" && text[j + 1] === "'") j++;
      else return j;
    }
  }
  return -1;
}
