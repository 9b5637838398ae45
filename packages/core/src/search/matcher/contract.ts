// The matcher contract: find the first match (or matching line) at or after a position, and
// say cheaply when a text certainly holds none. compileMatcher (matcher.ts) builds one.
import type { ClassFactor } from "./classFactor.js";
import type { Prefilter } from "./literals.js";

/** What a caller may keep beside a text so that every search of it reuses the work. */
export interface KeptForText {
  /** `foldCase(text)`: what the `-i` prefilter searches (one byte a character, fold.ts). */
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
  /**
   * Line mode: a yes from `mayMatch` is itself a match — the pattern is a string or an
   * alternation of strings, one of which `mayMatch` found — so a caller that wants only whether
   * a text matches (files_with_matches) needs no line search after it. `mayMatch` then stops
   * at the first string found rather than finding each one's first occurrence.
   */
  readonly hitIsMatch: boolean;
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
