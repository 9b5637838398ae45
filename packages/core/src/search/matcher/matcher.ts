// The matcher contract (find the first match at or after a position) and its construction from
// a user pattern: parse → RE2 source → re2js, with a literal or class-factor prefilter in front
// of the engine.
import { RE2JS, type Matcher as RE2Matcher } from "re2js";
import { newlinesBelow } from "../../text/lines.js";
import { betterThanNeedles, type ClassFactor, classFactor } from "./classFactor.js";
import { canMatchNewline, type Emitted, emitRe2 } from "./emit.js";
import { PatternError } from "./errors.js";
import { foldCase } from "./fold.js";
import {
  foldedAsciiLiteral,
  literalAlternatives,
  type Prefilter,
  requiredLiterals,
  wholeLiteral,
} from "./literals.js";
import { parsePattern } from "./parse.js";
import { checkPatternSize } from "./size.js";

/** What a caller may keep beside a text so that every search of it reuses the work. */
export interface KeptForText {
  /** `foldCase(text)`: what the `-i` prefilter searches. */
  folded?: () => string;
  /** `newlineOffsets(text)`: a found line's start and end by binary search. */
  newlines?: () => Int32Array;
}

/** A match as UTF-16 offsets `[start, end)` into the searched text. */
export type Match = readonly [start: number, end: number];

export interface Matcher {
  /**
   * The leftmost match starting at or after `from`. In line mode no match spans a `\n`, and
   * callers resume at a line start; in multiline mode matches may span lines.
   */
  find(text: string, from: number): Match | undefined;
  /**
   * Line mode: the first line at or after `from` (a line start) that holds a match, as
   * `[lineStart, lineEnd)` without its `\n` — rg's candidate-line search. The engine only
   * answers yes or no per line here, which re2js does several times faster than `find`.
   */
  findLine(text: string, from: number): Match | undefined;
  /**
   * False when `text` certainly holds no match. Called first for each text searched: what
   * `kept` gives is used for that text's `findLine` calls too.
   */
  mayMatch(text: string, kept?: KeptForText): boolean;
  /** Some atom can consume a `\n` (matters to multiline counting, like rg's). */
  readonly canMatchNewline: boolean;
  /** The literal prefilter in use, if any (exposed for tests and docs). */
  readonly prefilter: Prefilter | undefined;
  /** The class-factor prefilter in use, if any (line mode; exposed for tests and docs). */
  readonly classFactor: ClassFactor | undefined;
}

export interface MatcherOptions {
  /** `-i`. */
  caseInsensitive?: boolean;
  /** `rg -U --multiline-dotall`: matches may span lines and `.` matches `\n`. */
  multiline?: boolean;
}

/** Compiles a pattern in ripgrep's syntax; throws PatternError when it is invalid or unsupported. */
export function compileMatcher(pattern: string, options: MatcherOptions = {}): Matcher {
  const caseInsensitive = options.caseInsensitive ?? false;
  const multiline = options.multiline ?? false;
  const ast = parsePattern(pattern, { caseInsensitive, dotAll: multiline });
  checkPatternSize(ast);
  const emitted = emitRe2(ast, !multiline);
  const literal = wholeLiteral(ast);
  const newline = multiline && canMatchNewline(ast);
  if (literal !== undefined) return new LiteralMatcher(literal, newline);
  const re = compileRe2(emitted);
  const ascii = emitted.lookbehind ? compileRe2(emitRe2(ast, !multiline, true)) : re;
  const alternatives = multiline ? undefined : literalAlternatives(ast);
  if (alternatives) {
    // Every branch is a needle, and a line holding one matches: the engine only finds columns.
    return new RegexMatcher(re, ascii, { needles: alternatives, folded: false }, newline, true);
  }
  const folded = multiline ? undefined : foldedAsciiLiteral(ast);
  if (folded !== undefined) {
    // `-i` on a plain ASCII word: a hit in the case-folded copy is a match (see literals.ts).
    return new RegexMatcher(re, ascii, { needles: [folded], folded: true }, newline, true);
  }
  const literals = requiredLiterals(ast, caseInsensitive);
  const factor = multiline ? undefined : classFactor(ast);
  if (factor && (!literals || betterThanNeedles(factor, literals.needles))) {
    return new RegexMatcher(re, ascii, undefined, newline, false, factor);
  }
  return new RegexMatcher(re, ascii, literals, newline);
}

function compileRe2(emitted: Emitted): RE2JS {
  try {
    return RE2JS.compile(emitted.source, emitted.lookbehind ? RE2JS.LOOKBEHINDS : 0);
  } catch (e) {
    throw new PatternError(`invalid pattern: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** A pattern that is one case-sensitive string: indexOf alone finds its matches. */
class LiteralMatcher implements Matcher {
  readonly prefilter: Prefilter | undefined;
  readonly classFactor = undefined;
  constructor(
    private readonly literal: string,
    readonly canMatchNewline: boolean,
  ) {
    this.prefilter = literal ? { needles: [literal], folded: false } : undefined;
  }

  /** The first occurrence in the text `mayMatch` last looked at: `find` does not scan again. */
  private first: { text: string; at: number } | undefined;
  private readonly lines = new LinesOf();

  find(text: string, from: number): Match | undefined {
    if (from > text.length) return undefined;
    const f = this.first;
    // Every occurrence at or after `from` is at or after the first one.
    const i = f?.text === text && from <= f.at ? f.at : text.indexOf(this.literal, from);
    return i === -1 ? undefined : [i, i + this.literal.length];
  }

  findLine(text: string, from: number): Match | undefined {
    const m = this.find(text, from);
    return m ? this.lines.around(text, m[0]) : undefined;
  }

  mayMatch(text: string, kept?: KeptForText): boolean {
    const at = text.indexOf(this.literal);
    this.first = { text, at };
    this.lines.keep(text, kept);
    return at !== -1;
  }
}

/** The line holding offset `at`, without its `\n`. */
function lineAround(text: string, at: number): Match {
  const start = at === 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
  const nl = text.indexOf("\n", at);
  return [start, nl === -1 ? text.length : nl];
}

/** The lines around offsets of the text `mayMatch` last saw: by its kept newlines if any. */
class LinesOf {
  private text: string | undefined;
  private kept: (() => Int32Array) | undefined;
  private newlines: Int32Array | undefined;

  keep(text: string, kept: KeptForText | undefined): void {
    this.text = text;
    this.kept = kept?.newlines;
    this.newlines = undefined;
  }

  /** The line holding offset `at`, without its `\n`. */
  around(text: string, at: number): Match {
    if (text !== this.text || !this.kept) return lineAround(text, at);
    this.newlines ??= this.kept();
    const nl = this.newlines;
    const k = newlinesBelow(nl, at);
    return [k === 0 ? 0 : nl[k - 1]! + 1, k < nl.length ? nl[k]! : text.length];
  }
}

/** Lines handed to the engine's fast yes/no test at once, in line mode. */
const CHUNK_CHARS = 4096;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * A regex on re2js. re2js answers "is there a match" (`test`, a DFA) several times faster than
 * it finds where (`matcher.find`), so line mode asks only `test`: of chunks of whole lines, then
 * of the lines of a chunk that matches; with needles, only of lines holding one. On ASCII-only
 * text the variant with RE2's own `\b` (no look-behind) is used.
 */
class RegexMatcher implements Matcher {
  private lastText: string | undefined;
  private lastMatcher: RE2Matcher | undefined;
  /** The last text's case-folded copy (fold.ts), when its offsets line up with the text's. */
  private folded: { text: string; copy: string | undefined } | undefined;
  /**
   * Each needle's next occurrence in the last haystack, kept across calls: `at[k]` is the
   * first occurrence at or after `from[k]` (-1: none), so a later call from a position between
   * the two reuses it — a searcher walking a document line by line looks for each needle once
   * per occurrence, not once per matching line (a rare needle would be re-scanned to the end).
   */
  private needleHits: { haystack: string; from: number[]; at: number[] } | undefined;
  private readonly lines = new LinesOf();

  constructor(
    private readonly re: RE2JS,
    private readonly ascii: RE2JS,
    readonly prefilter: Prefilter | undefined,
    readonly canMatchNewline: boolean,
    /** The needles are the pattern's whole alternation: a line holding one matches. */
    private readonly needlesAreMatches = false,
    /** Line mode: only lines holding a hit of the factor can match (see classFactor.ts). */
    readonly classFactor: ClassFactor | undefined = undefined,
  ) {}

  mayMatch(text: string, kept?: KeptForText): boolean {
    this.lines.keep(text, kept);
    if (this.classFactor) return this.classFactor.next(text, 0) !== -1;
    const p = this.prefilter;
    if (!p) return true;
    return this.firstHits(p.folded ? this.foldedFor(text, kept?.folded) : text, p.needles);
  }

  /**
   * Whether `haystack` holds a needle, finding each one's first occurrence and keeping it as
   * `needleHits` does: the line search that follows starts from them instead of scanning the
   * text again (what it would do anyway: it looks for every needle).
   */
  private firstHits(haystack: string, needles: string[]): boolean {
    const at = needles.map((n) => haystack.indexOf(n));
    this.needleHits = { haystack, from: needles.map(() => 0), at };
    return at.some((a) => a !== -1);
  }

  private foldedFor(text: string, folded?: () => string): string {
    const copy = folded ? folded() : foldCase(text);
    this.folded = { text, copy: copy.length === text.length ? copy : undefined };
    return copy;
  }

  find(text: string, from: number): Match | undefined {
    if (from > text.length) return undefined;
    if (from === 0 && !this.engineFor(text).test(text)) return undefined;
    const m = this.matcherFor(text);
    return m.find(from) ? [m.start(), m.end()] : undefined;
  }

  findLine(text: string, from: number): Match | undefined {
    if (from > text.length) return undefined;
    if (this.classFactor) return this.lineByFactor(text, from, this.classFactor);
    const p = this.prefilter;
    if (p && !p.folded) return this.lineByNeedle(text, text, from, p.needles);
    if (p?.folded) {
      if (this.folded?.text !== text) this.foldedFor(text);
      const copy = this.folded?.copy;
      if (copy !== undefined) return this.lineByNeedle(text, copy, from, p.needles);
    }
    return this.lineByChunk(text, from);
  }

  /**
   * Only lines holding a needle are handed to the engine. `haystack` is the text itself, or
   * its case-folded copy (same offsets) for `-i`.
   */
  private lineByNeedle(
    text: string,
    haystack: string,
    from: number,
    needles: string[],
  ): Match | undefined {
    let cache = this.needleHits;
    if (cache?.haystack !== haystack) {
      cache = { haystack, from: needles.map(() => -1), at: needles.map(() => -1) };
      this.needleHits = cache;
    }
    // Needles are whole matches: in the text itself, or (folded ASCII needles) in its
    // case-folded copy with the same offsets, which is all lineByNeedle is given.
    const exact = this.needlesAreMatches;
    let pos = from;
    while (pos <= text.length) {
      let hit = -1;
      for (let k = 0; k < needles.length; k++) {
        let at = cache.at[k]!;
        const known = cache.from[k]! !== -1 && cache.from[k]! <= pos && (at === -1 || at >= pos);
        if (!known) {
          at = haystack.indexOf(needles[k]!, pos);
          cache.at[k] = at;
          cache.from[k] = pos;
        }
        if (at !== -1 && (hit === -1 || at < hit)) hit = at;
      }
      if (hit === -1) return undefined;
      const line = this.lines.around(text, hit);
      const start = Math.max(line[0], pos);
      if (exact || this.lineMatches(text.slice(start, line[1]))) return [start, line[1]];
      pos = line[1] + 1;
    }
    return undefined;
  }

  /**
   * Only lines holding a hit of the class factor can match. When the factor decides, a line
   * whose hit is certain (all ASCII, each character in its exact set) matches without the
   * engine; any other hit's line is asked of the engine.
   */
  private lineByFactor(text: string, from: number, factor: ClassFactor): Match | undefined {
    let pos = from;
    while (pos <= text.length) {
      const hit = factor.next(text, pos);
      if (hit === -1) return undefined;
      const line = this.lines.around(text, hit);
      const start = Math.max(line[0], pos);
      if (factor.decides && factor.certainAt(text, hit)) return [start, line[1]];
      if (this.lineMatches(text.slice(start, line[1]))) return [start, line[1]];
      pos = line[1] + 1;
    }
    return undefined;
  }

  /** Chunks of whole lines go to the DFA; only a chunk that holds a match is tried line by line. */
  private lineByChunk(text: string, from: number): Match | undefined {
    const len = text.length;
    let pos = from;
    while (pos <= len) {
      let end = Math.min(len, pos + CHUNK_CHARS);
      if (end < len) {
        const nl = text.indexOf("\n", end);
        end = nl === -1 ? len : nl;
      }
      if (this.lineMatches(text.slice(pos, end))) {
        for (let ls = pos; ls <= end; ) {
          const nl = text.indexOf("\n", ls);
          const le = nl === -1 || nl > end ? end : nl;
          if (this.lineMatches(text.slice(ls, le))) return [ls, le];
          ls = le + 1;
        }
      }
      pos = end + 1;
    }
    return undefined;
  }

  private lineMatches(lines: string): boolean {
    return this.engineFor(lines).test(lines);
  }

  private engineFor(text: string): RE2JS {
    return this.ascii === this.re || NON_ASCII.test(text) ? this.re : this.ascii;
  }

  private matcherFor(text: string): RE2Matcher {
    if (this.lastText !== text || !this.lastMatcher) {
      this.lastMatcher = this.engineFor(text).matcher(text);
      this.lastText = text;
    }
    return this.lastMatcher;
  }
}
