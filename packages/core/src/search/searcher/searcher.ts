// The searcher: walks one document's lines as ripgrep does, finds matching lines with a matcher,
// gathers and merges -A/-B context, and pushes the result into a sink.

import { newlinesBelow } from "../../text/lines.js";
import type { Matcher } from "../matcher/matcher.js";
import type { SearchSummary, Sink } from "./sink.js";

export interface SearchOptions {
  /** Lines of context before each match (`-B`). */
  before?: number;
  /** Lines of context after each match (`-A`). */
  after?: number;
  /** Matches may span lines (the matcher was compiled for multiline). */
  multiline?: boolean;
  /** Polled as the search goes; true stops it (a deadline). */
  shouldStop?: () => boolean;
  /**
   * Multiline only: report a match that starts at the very end of the text, as rg's standard
   * printer does (its line, or only its before-context when the text ends with `\n`). rg's
   * count and files-with-matches ignore such a match; so does the searcher when this is off.
   */
  endOfTextMatches?: boolean;
  /**
   * `newlineOffsets(text)` of the text searched (BOM included), if the caller keeps it: lines
   * are then numbered by a binary search rather than by walking every newline before them.
   */
  newlines?: () => Int32Array;
  /**
   * Line mode: the caller knows the text holds a matching line (a prefilter's hit that is a
   * match, Matcher.hitIsMatch), so a sink that wants only the first match is told of one
   * without a search.
   */
  holdsMatch?: boolean;
}

export interface SearchOutcome {
  /** False when the sink asked to stop the whole search. */
  goOn: boolean;
  /** The search of this document was stopped by `shouldStop`. */
  stopped: boolean;
}

/**
 * Searches `text` (lines end at `\n`; a `\r` before it stays in the line; a final `\n` does not
 * start a line; a leading byte-order mark is dropped, as rg does) and reports to `sink`.
 */
export function searchDocument(
  matcher: Matcher,
  path: string,
  text: string,
  options: SearchOptions,
  sink: Sink,
): SearchOutcome {
  if (!sink.begin(path)) return { goOn: false, stopped: false };
  const bom = text.charCodeAt(0) === 0xfeff;
  const t = bom ? text.slice(1) : text;
  const walk = new LineWalk(t, bom ? 1 : 0, options, sink);
  const stopped = walk.run(matcher);
  return { goOn: sink.finish(walk.summary), stopped };
}

class LineWalk {
  readonly summary: SearchSummary = { matchedLines: 0, matches: 0 };
  private readonly before: number;
  private readonly after: number;
  private readonly breaks: boolean;
  /** Line number of the line starting at `cursorOff` (moves forward only). */
  private cursorOff = 0;
  private cursorLine = 1;
  /** Last line handed to the sink (0 = none yet) and the offset where the next line starts. */
  private lastLine = 0;
  private nextOff = 0;
  private afterLeft = 0;
  private ok = true;
  /** A line whose end is already known (line mode: the line the matcher found). */
  private knownStart = -1;
  private knownEnd = -1;

  /** The caller's newline offsets of the text, asked for at the first line numbered. */
  private newlines: Int32Array | undefined;

  constructor(
    private readonly t: string,
    /** Where `t` starts in the text the newline offsets are of (1 after a BOM). */
    private readonly shift: number,
    private readonly options: SearchOptions,
    private readonly sink: Sink,
  ) {
    this.before = Math.max(0, options.before ?? 0);
    this.after = Math.max(0, options.after ?? 0);
    this.breaks = this.before > 0 || this.after > 0;
  }

  /** Returns true when stopped by `shouldStop`. */
  run(matcher: Matcher): boolean {
    if (this.sink.totalsOnly && !this.options.multiline && !this.breaks) {
      return this.runTotals(matcher);
    }
    const { t } = this;
    const len = t.length;
    const endsWithNewline = len > 0 && t.charCodeAt(len - 1) === 10;
    let pos = 0;
    let prevEnd = -1;
    while (this.ok) {
      if (this.options.shouldStop?.()) return true;
      const m = this.options.multiline ? matcher.find(t, pos) : matcher.findLine(t, pos);
      if (!m) break;
      const [s, e] = m;
      if (s >= len && (len === 0 || endsWithNewline || this.options.multiline)) {
        if (len > 0 && this.options.multiline && this.options.endOfTextMatches)
          this.endOfText(endsWithNewline);
        break;
      }
      // Counted as Rust's find_iter does: no empty match right where the previous one ended.
      if (e > s || s !== prevEnd) this.summary.matches++;
      prevEnd = e;
      const firstStart = this.lineStart(s);
      // In line mode the match is its line, `[start, end)`: its end needs no scan.
      if (!this.options.multiline) {
        this.knownStart = s;
        this.knownEnd = e;
      }
      const lastStart = this.options.multiline && e > s + 1 ? this.lineStart(e - 1) : firstStart;
      const firstLine = this.lineNumber(firstStart);
      const lastLine = lastStart === firstStart ? firstLine : this.lineNumber(lastStart);
      this.report(firstLine, firstStart, lastLine);
      // A pattern that cannot match `\n` adds nothing more on this line: go to the next one.
      if (this.options.multiline && matcher.canMatchNewline) {
        pos = e > s ? e : s + (isHighSurrogate(t.charCodeAt(s)) ? 2 : 1);
      } else pos = this.lineEnd(lastStart) + 1;
    }
    this.emitAfter(Number.POSITIVE_INFINITY);
    return false;
  }

  /**
   * Line mode for a sink that wants only the totals: the same lines as `run` finds, counted,
   * with no line numbers (a pass over every newline before each match) and no line texts.
   */
  private runTotals(matcher: Matcher): boolean {
    if (this.sink.firstMatchOnly && this.options.holdsMatch) {
      this.summary.matchedLines = 1;
      this.summary.matches = 1;
      return false;
    }
    const { t } = this;
    const len = t.length;
    const endsWithNewline = len > 0 && t.charCodeAt(len - 1) === 10;
    let pos = 0;
    let prevEnd = -1;
    for (;;) {
      if (this.options.shouldStop?.()) return true;
      const m = matcher.findLine(t, pos);
      if (!m) return false;
      const [s, e] = m;
      if (s >= len && (len === 0 || endsWithNewline)) return false;
      if (e > s || s !== prevEnd) this.summary.matches++;
      prevEnd = e;
      this.summary.matchedLines++;
      if (this.sink.firstMatchOnly) return false;
      pos = this.lineEnd(s) + 1;
    }
  }

  /** A match at the end of the text: on the last line, or on the phantom line after a final `\n`. */
  private endOfText(endsWithNewline: boolean): void {
    const len = this.t.length;
    if (!endsWithNewline) {
      const start = this.lineStart(len);
      const line = this.lineNumber(start);
      const { matchedLines } = this.summary;
      this.report(line, start, line);
      this.summary.matchedLines = matchedLines;
      return;
    }
    this.emitAfter(Number.POSITIVE_INFINITY);
    const phantom = this.lineNumber(len);
    const from = Math.max(this.lastLine + 1, phantom - this.before);
    if (from >= phantom) return;
    if (this.breaks && this.lastLine > 0 && from > this.lastLine + 1)
      this.ok &&= this.sink.contextBreak();
    let ls = len;
    const starts: number[] = [];
    for (let n = phantom - 1; n >= from; n--) {
      ls = this.lineStart(ls - 1);
      starts.push(ls);
    }
    starts.reverse().forEach((st, i) => {
      if (this.ok) this.ok = this.sink.context(from + i, this.slice(st));
    });
    this.lastLine = phantom - 1;
    this.nextOff = len;
  }

  /** Reports lines `first..last` as matching, with the context that belongs before them. */
  private report(first: number, firstStart: number, last: number): void {
    // Without context (`breaks` off) there is nothing to print before the lines.
    if (this.breaks && first > this.lastLine) {
      this.emitAfter(first - 1);
      const from = Math.max(this.lastLine + 1, first - this.before);
      if (this.breaks && this.lastLine > 0 && from > this.lastLine + 1)
        this.ok &&= this.sink.contextBreak();
      const starts: number[] = [];
      let ls = firstStart;
      for (let n = first - 1; n >= from; n--) {
        ls = this.lineStart(ls - 1);
        starts.push(ls);
      }
      starts.reverse();
      starts.forEach((st, i) => {
        if (this.ok) this.ok = this.sink.context(from + i, this.slice(st));
      });
    }
    let n = Math.max(first, this.lastLine + 1);
    let ls = n === first ? firstStart : this.nextOff;
    while (this.ok && n <= last) {
      const le = this.lineEnd(ls);
      this.ok = this.sink.matched(n, this.t.slice(ls, le));
      this.summary.matchedLines++;
      this.lastLine = n;
      this.nextOff = le + 1;
      n++;
      ls = le + 1;
    }
    this.afterLeft = this.after;
  }

  /** After-context of the last match, up to line `limit`. */
  private emitAfter(limit: number): void {
    while (this.ok && this.afterLeft > 0 && this.lastLine < limit && this.nextOff < this.t.length) {
      const le = this.lineEnd(this.nextOff);
      this.ok = this.sink.context(this.lastLine + 1, this.t.slice(this.nextOff, le));
      this.lastLine++;
      this.afterLeft--;
      this.nextOff = le + 1;
    }
  }

  private slice(lineStart: number): string {
    return this.t.slice(lineStart, this.lineEnd(lineStart));
  }

  private lineStart(off: number): number {
    return off <= 0 ? 0 : this.t.lastIndexOf("\n", off - 1) + 1;
  }

  private lineEnd(lineStart: number): number {
    if (lineStart === this.knownStart) return this.knownEnd;
    const nl = this.t.indexOf("\n", lineStart);
    return nl === -1 ? this.t.length : nl;
  }

  /** Line number of the line starting at `lineStart` (never before the cursor). */
  private lineNumber(lineStart: number): number {
    if (this.options.newlines) {
      this.newlines ??= this.options.newlines();
      return newlinesBelow(this.newlines, lineStart + this.shift) + 1;
    }
    let i = this.t.indexOf("\n", this.cursorOff);
    while (i !== -1 && i < lineStart) {
      this.cursorLine++;
      i = this.t.indexOf("\n", i + 1);
    }
    this.cursorOff = lineStart;
    return this.cursorLine;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
