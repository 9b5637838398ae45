// Where markdown code is: fenced code blocks and inline code spans, by CommonMark's rules as far
// as a linear scan follows them. The one definition of "code" in @lens/core: CriticMarkup in
// code is text (critic/parse.ts), wikilinks in code are not links (links/wikilink.ts). The
// rules, and what they leave out, are in docs/markdown-code.md.
import { NextOccurrence } from "./nextOccurrence.js";

/** A half-open range of UTF-16 offsets `[start, end)`. */
export interface TextRange {
  start: number;
  end: number;
}

/** A stretch of markdown code: a fenced block (opening line to closing line) or a code span. */
export interface CodeRegion extends TextRange {
  fenced: boolean;
}

const TAB = 0x09;
const CR = 0x0d;
const SPACE = 0x20;
const STAR = 0x2a;
const PLUS = 0x2b;
const DASH = 0x2d;
const DOT = 0x2e;
const RPAREN = 0x29;
const ZERO = 0x30;
const NINE = 0x39;
const GT = 0x3e;
const BACKSLASH = 0x5c;
const BACKTICK = 0x60;
const TILDE = 0x7e;

/**
 * The characters a line may start with when it is indented, blank, quoted, a list item, a
 * thematic break or a fence (indexed by UTF-16 code unit, below 128); any other first character
 * makes the line plain text at column 0.
 */
const MAY_START_BLOCK: boolean[] = (() => {
  const may = new Array<boolean>(128).fill(false);
  for (const c of [SPACE, TAB, CR, GT, BACKTICK, TILDE, DASH, PLUS, STAR]) may[c] = true;
  for (let c = ZERO; c <= NINE; c++) may[c] = true;
  return may;
})();

function lineEnd(s: string, from: number): number {
  const i = s.indexOf("\n", from);
  return i === -1 ? s.length : i;
}

/** True when [pos, end) holds nothing but a line ending's `\r`. */
function restIsBlank(s: string, pos: number, end: number): boolean {
  return pos >= end || (pos + 1 === end && s.charCodeAt(pos) === CR);
}

/** True when [from, end) holds only spaces and tabs (and a line ending's `\r`). */
function onlyBlanks(s: string, from: number, end: number): boolean {
  for (let j = from; j < end; j++) {
    const c = s.charCodeAt(j);
    if (c !== SPACE && c !== TAB && c !== CR) return false;
  }
  return true;
}

/** A line with nothing but spaces, tabs and `>` markers: it ends a paragraph. */
function isBlankLine(s: string, start: number, end: number): boolean {
  for (let j = start; j < end; j++) {
    const c = s.charCodeAt(j);
    if (c !== SPACE && c !== TAB && c !== CR && c !== GT) return false;
  }
  return true;
}

/** Length of the run of `char` starting at `i`. */
function runLength(s: string, i: number, char: number): number {
  let j = i;
  while (s.charCodeAt(j) === char) j++;
  return j - i;
}

/** True when the character at `i` is escaped by an odd number of backslashes before it. */
function isEscaped(s: string, i: number): boolean {
  let n = 0;
  while (i - n - 1 >= 0 && s.charCodeAt(i - n - 1) === BACKSLASH) n++;
  return n % 2 === 1;
}

/** Start of the first run of exactly `length` backticks in [from, limit), or -1. */
function closingBacktickRun(s: string, from: number, length: number, limit: number): number {
  let j = s.indexOf("`", from);
  while (j !== -1 && j < limit) {
    const k = runLength(s, j, BACKTICK);
    if (k === length) return j;
    j = s.indexOf("`", j + k);
  }
  return -1;
}

/** Where a line's text starts once indentation and blockquote markers are read. */
interface Prefix {
  pos: number;
  /** Column of `pos` (tabs stop every 4 columns). */
  col: number;
  /** Column where the content of the innermost blockquote starts (after `>` and one space). */
  base: number;
  /** Blockquote markers read. */
  quotes: number;
}

/**
 * Reads spaces, tabs and up to `maxQuotes` blockquote markers from `pos` (at column `col`). A
 * `>` may follow any indentation (lenient); the one space after it (or one column of a tab)
 * belongs to the marker.
 */
function readPrefix(
  s: string,
  pos: number,
  col: number,
  base: number,
  end: number,
  maxQuotes: number,
): Prefix {
  let quotes = 0;
  for (;;) {
    for (; pos < end; pos++) {
      const c = s.charCodeAt(pos);
      if (c === SPACE) col++;
      else if (c === TAB) col += 4 - (col % 4);
      else break;
    }
    if (quotes >= maxQuotes || pos >= end || s.charCodeAt(pos) !== GT) break;
    pos++;
    col++;
    quotes++;
    const next = s.charCodeAt(pos);
    if (next === SPACE && pos < end) {
      pos++;
      col++;
      base = col;
    } else base = next === TAB && pos < end ? col + 1 : col;
  }
  return { pos, col, base, quotes };
}

/** A thematic break made of `-` or `*` (`---`, `* * *`): not a list item. */
function isThematicBreak(s: string, pos: number, end: number): boolean {
  const c = s.charCodeAt(pos);
  if (c !== DASH && c !== STAR) return false;
  let n = 0;
  for (let j = pos; j < end; j++) {
    const d = s.charCodeAt(j);
    if (d === c) n++;
    else if (d !== SPACE && d !== TAB && d !== CR) return false;
  }
  return n >= 3;
}

/** A list item marker at `pos`: where the text after it starts, and its content column. */
interface ListMarker {
  pos: number;
  col: number;
  content: number;
}

/** The list item marker (`-`, `+`, `*`, `1.`, `1)`) at `pos`, column `col`, if there is one. */
function listMarker(s: string, pos: number, col: number, end: number): ListMarker | undefined {
  const c = s.charCodeAt(pos);
  let p = pos + 1;
  if (c >= ZERO && c <= NINE) {
    while (p < end && p - pos < 9 && s.charCodeAt(p) >= ZERO && s.charCodeAt(p) <= NINE) p++;
    const d = s.charCodeAt(p);
    if (p >= end || (d !== DOT && d !== RPAREN)) return undefined;
    p++;
  } else if (c !== DASH && c !== PLUS && c !== STAR) return undefined;
  const markerEnd = col + (p - pos);
  if (!restIsBlank(s, p, end)) {
    const d = s.charCodeAt(p);
    if (d !== SPACE && d !== TAB) return undefined;
  }
  let q = p;
  let qc = markerEnd;
  for (; q < end; q++) {
    const d = s.charCodeAt(q);
    if (d === SPACE) qc++;
    else if (d === TAB) qc += 4 - (qc % 4);
    else break;
  }
  // Text more than 4 columns after the marker is an indented code block in the item.
  const blank = restIsBlank(s, q, end);
  const content = blank || qc - markerEnd > 4 ? markerEnd + 1 : qc;
  return { pos: q, col: qc, content };
}

/** An open list item: the column its content starts at (within its blockquote), and its parent. */
interface ListItem {
  content: number;
  outer: ListItem | undefined;
}

/** A fence opened on a line, and the container it belongs to. */
interface OpenFence {
  char: number;
  length: number;
  /** Blockquote depth of the fence: a line with fewer markers ends the block. */
  quotes: number;
  /** Content column of the list item holding the fence (0 if none), within its blockquote. */
  indent: number;
}

/** The fence run at `pos`: 3+ backticks or tildes; a backtick fence's info string has no backtick. */
function fenceRun(
  s: string,
  pos: number,
  end: number,
): { char: number; length: number } | undefined {
  const c = s.charCodeAt(pos);
  if (c !== BACKTICK && c !== TILDE) return undefined;
  const length = runLength(s, pos, c);
  if (length < 3) return undefined;
  // Searched backwards from the line's end, so the search never leaves the line.
  if (c === BACKTICK && s.lastIndexOf("`", end - 1) >= pos + length) return undefined;
  return { char: c, length };
}

/**
 * The containers a line is in, as far as fences need them: blockquote depth and open list
 * items, followed line by line. A fence may be indented at most 3 columns past its container.
 */
class Containers {
  constructor(
    private quotes = 0,
    private item: ListItem | undefined = undefined,
  ) {}

  clone(): Containers {
    return new Containers(this.quotes, this.item);
  }

  /** Reads the line [start, end); returns the fence it opens when `fences` allows one. */
  line(s: string, start: number, end: number, fences: boolean): OpenFence | undefined {
    if (start < end && !MAY_START_BLOCK[s.charCodeAt(start)]) {
      // Most lines: text at column 0, no marker of any kind. Such a line is outside every
      // blockquote and list item (items' content starts at column 1 or later) and opens nothing.
      this.quotes = 0;
      this.item = undefined;
      return undefined;
    }
    let p = readPrefix(s, start, 0, 0, end, Number.POSITIVE_INFINITY);
    if (p.quotes !== this.quotes) {
      this.quotes = p.quotes;
      this.item = undefined;
    }
    for (let first = true; ; first = false) {
      if (restIsBlank(s, p.pos, end)) return undefined;
      const indent = p.col - p.base;
      while (this.item && indent < this.item.content) this.item = this.item.outer;
      const inner = this.item?.content ?? 0;
      if (indent - inner > 3) return undefined;
      if (fences) {
        const run = fenceRun(s, p.pos, end);
        if (run) return { ...run, quotes: this.quotes, indent: inner };
      }
      if (s.charCodeAt(p.pos) === GT) {
        // A blockquote inside a list item (`- > text`): its lines are followed by depth only.
        p = readPrefix(s, p.pos, p.col, p.base, end, Number.POSITIVE_INFINITY);
        this.quotes += p.quotes;
        this.item = undefined;
        continue;
      }
      // Checked once a line (it reads to the line's end): `- * * *` nests no further items.
      if (first && isThematicBreak(s, p.pos, end)) return undefined;
      const marker = listMarker(s, p.pos, p.col, end);
      if (!marker) return undefined;
      this.item = { content: marker.content - p.base, outer: this.item };
      p = { ...p, pos: marker.pos, col: marker.col };
    }
  }
}

/**
 * End of the fenced block opened by the line at `lineStart`: the end of its closing fence line
 * (before the newline); the end of its last line when its blockquote or list item ends first
 * (a line without the markers, or a non-blank line indented less than the item's content); the
 * end of the text when neither happens. A closing fence is a run of the fence's character at
 * least as long, indented at most 3 columns past the container, with only blanks after it.
 */
function fencedBlockEnd(s: string, lineStart: number, fence: OpenFence): number {
  let end = lineEnd(s, lineStart);
  while (end < s.length) {
    const start = end + 1;
    const next = lineEnd(s, start);
    const p = readPrefix(s, start, 0, 0, next, fence.quotes);
    if (p.quotes < fence.quotes) return end;
    if (!restIsBlank(s, p.pos, next)) {
      const indent = p.col - p.base;
      if (indent < fence.indent) return end;
      const run = runLength(s, p.pos, fence.char);
      if (indent - fence.indent <= 3 && run >= fence.length && onlyBlanks(s, p.pos + run, next))
        return next;
    }
    end = next;
  }
  return s.length;
}

/** What a scan does at a backtick: the code span it opens, if any, and where to go on. */
export interface BacktickStep {
  span: CodeRegion | undefined;
  next: number;
}

/**
 * Finds code for a left-to-right scan that may skip stretches (CriticMarkup marks, whose
 * content is opaque). Ask `fenceAt` at line starts and `backtickAt` at backticks, with
 * positions that never decrease; each character is looked at a bounded number of times, so a
 * whole scan is linear in the text's length.
 */
export class CodeFinder {
  private readonly containers = new Containers();
  /** Start of the first line `containers` has not read. */
  private unread: number;
  /** Backtick run length → [from, limit) known to hold no run of that length. */
  private readonly spanMissing = new Map<number, { from: number; limit: number }>();
  private paragraph = { from: -1, end: -1 };
  /** Line ends, found once for this finder and the scan driving it. */
  private readonly newline: NextOccurrence;

  /** `from` must be a line start: the scan begins there. */
  constructor(
    private readonly text: string,
    from = 0,
  ) {
    this.unread = from;
    this.newline = new NextOccurrence(text, "\n");
  }

  /** The first newline at or after `from`; the text's length when there is none. */
  nextNewline(from: number): number {
    return this.newline.from(from);
  }

  /**
   * The fenced block opened by the line starting at `lineStart`, or undefined. Lines skipped
   * since the last call are read as lines that open no fence.
   */
  fenceAt(lineStart: number): CodeRegion | undefined {
    this.readTo(lineStart);
    if (lineStart < this.unread) return undefined;
    const s = this.text;
    const end = this.newline.from(lineStart);
    const fence = this.containers.line(s, lineStart, end, true);
    this.unread = end + 1;
    if (!fence) return undefined;
    const blockEnd = fencedBlockEnd(s, lineStart, fence);
    this.unread = blockEnd + 1;
    return { start: lineStart, end: blockEnd, fenced: true };
  }

  /**
   * At the backtick `j` (outside code): a run of n backticks opens a code span closed by the
   * next run of exactly n in the same paragraph; an unmatched run is text, and so is the first
   * backtick of a run escaped by a backslash.
   */
  backtickAt(j: number): BacktickStep {
    const s = this.text;
    if (isEscaped(s, j)) return { span: undefined, next: j + 1 };
    const length = runLength(s, j, BACKTICK);
    const from = j + length;
    const known = this.spanMissing.get(length);
    if (known && from >= known.from && from < known.limit) return { span: undefined, next: from };
    const limit = this.paragraphEnd(from);
    const close = closingBacktickRun(s, from, length, limit);
    if (close === -1) {
      this.spanMissing.set(length, { from, limit });
      return { span: undefined, next: from };
    }
    const end = close + length;
    return { span: { start: j, end, fenced: false }, next: end };
  }

  private readTo(lineStart: number): void {
    const s = this.text;
    while (this.unread < lineStart) {
      const end = this.newline.from(this.unread);
      this.containers.line(s, this.unread, end, false);
      this.unread = end + 1;
    }
  }

  /**
   * Where the paragraph holding `from` ends: the newline before the first later line that is
   * blank (spaces, tabs, `>` only) or opens a fence; the end of the text when there is none.
   */
  private paragraphEnd(from: number): number {
    const p = this.paragraph;
    if (from >= p.from && from <= p.end) return p.end;
    const s = this.text;
    let end = lineEnd(s, from);
    this.readTo(end + 1);
    const ahead = this.containers.clone();
    while (end < s.length) {
      const start = end + 1;
      const next = lineEnd(s, start);
      if (isBlankLine(s, start, next) || ahead.line(s, start, next, true)) break;
      end = next;
    }
    this.paragraph = { from, end };
    return end;
  }
}

/** The code regions of `text[from..]` (`from` a line start), in order and disjoint. */
export function codeRanges(text: string, from = 0): CodeRegion[] {
  const finder = new CodeFinder(text, from);
  const out: CodeRegion[] = [];
  const n = text.length;
  // Between line starts only newlines and backticks matter: jumped to by indexOf.
  const backtick = new NextOccurrence(text, "`");
  let i = from;
  let lineStart = true;
  while (i < n) {
    if (lineStart) {
      lineStart = false;
      const fence = finder.fenceAt(i);
      if (fence) {
        out.push(fence);
        i = fence.end;
        continue;
      }
    }
    const nl = finder.nextNewline(i);
    const tick = backtick.from(i);
    if (nl < tick) {
      i = nl + 1;
      lineStart = true;
    } else if (tick < n) {
      const step = finder.backtickAt(tick);
      if (step.span) out.push(step.span);
      i = step.next;
    } else i = n;
  }
  return out;
}

/** The ranges of `text[from..]` (`from` a line start) outside code: what `codeRanges` leaves. */
export function proseRanges(text: string, from = 0): TextRange[] {
  const out: TextRange[] = [];
  let at = from;
  for (const r of codeRanges(text, from)) {
    if (r.start > at) out.push({ start: at, end: r.start });
    at = r.end;
  }
  if (at < text.length) out.push({ start: at, end: text.length });
  return out;
}
