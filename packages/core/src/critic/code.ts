// Markdown code, where CriticMarkup is plain text: fenced code blocks and inline code spans,
// found by CommonMark's rules (lenient about the indentation of fences).

const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const GT = 0x3e;
const BACKTICK = 0x60;
const TILDE = 0x7e;

/** An opening fence: its character and how long its run is. */
export interface Fence {
  char: number;
  length: number;
}

function lineEnd(s: string, from: number): number {
  const i = s.indexOf("\n", from);
  return i === -1 ? s.length : i;
}

/** Skips what may precede a fence on its line: spaces, tabs and blockquote markers `>`. */
function skipFencePrefix(s: string, i: number, end: number): number {
  while (i < end) {
    const c = s.charCodeAt(i);
    if (c !== SPACE && c !== TAB && c !== GT) break;
    i++;
  }
  return i;
}

/** Length of the run of `char` starting at `i`. */
export function runLength(s: string, i: number, char: number): number {
  let j = i;
  while (s.charCodeAt(j) === char) j++;
  return j - i;
}

/**
 * The fence opened by the line starting at `lineStart`: three or more backticks or tildes
 * after optional indentation / blockquote markers; a backtick fence's info string holds no
 * backtick.
 */
export function fenceOpening(s: string, lineStart: number): Fence | undefined {
  const end = lineEnd(s, lineStart);
  const i = skipFencePrefix(s, lineStart, end);
  const c = s.charCodeAt(i);
  if (c !== BACKTICK && c !== TILDE) return undefined;
  const length = runLength(s, i, c);
  if (length < 3) return undefined;
  if (c === BACKTICK) {
    const tick = s.indexOf("`", i + length);
    if (tick !== -1 && tick < end) return undefined;
  }
  return { char: c, length };
}

/** True when the line [start, end) closes `fence`: a run at least as long, then only blanks. */
function closesFence(s: string, start: number, end: number, fence: Fence): boolean {
  const i = skipFencePrefix(s, start, end);
  const length = runLength(s, i, fence.char);
  if (length < fence.length) return false;
  for (let j = i + length; j < end; j++) {
    const c = s.charCodeAt(j);
    if (c !== SPACE && c !== TAB && c !== CR) return false;
  }
  return true;
}

/**
 * End of the fenced block whose opening line starts at `lineStart`: the end of its closing
 * fence line (before the newline), or the end of the text when the fence is never closed.
 */
export function fencedBlockEnd(s: string, lineStart: number, fence: Fence): number {
  let end = lineEnd(s, lineStart);
  while (end < s.length) {
    const start = end + 1;
    end = lineEnd(s, start);
    if (closesFence(s, start, end, fence)) return end;
  }
  return s.length;
}

/** True when the character at `i` is escaped by an odd number of backslashes before it. */
export function isEscaped(s: string, i: number): boolean {
  let n = 0;
  while (i - n - 1 >= 0 && s.charCodeAt(i - n - 1) === 0x5c) n++;
  return n % 2 === 1;
}

/**
 * Start of the first run of exactly `length` backticks in [from, limit), or -1. `from` must
 * not be inside a backtick run.
 */
export function closingBacktickRun(s: string, from: number, length: number, limit: number): number {
  let j = s.indexOf("`", from);
  while (j !== -1 && j < limit) {
    const k = runLength(s, j, BACKTICK);
    if (k === length) return j;
    j = s.indexOf("`", j + k);
  }
  return -1;
}

const BLANK_LINE = /\n[ \t\r]*\n/g;

/** Where the paragraph holding `from` ends: the newline that starts a blank line, or the end. */
export function paragraphEnd(s: string, from: number): number {
  BLANK_LINE.lastIndex = from;
  const m = BLANK_LINE.exec(s);
  return m ? m.index : s.length;
}
