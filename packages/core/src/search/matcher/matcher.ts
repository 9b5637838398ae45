// The matcher contract (find the first match at or after a position) and its construction from
// a user pattern: parse → RE2 source → re2js, with a literal or class-factor prefilter in front
// of the engine.
import { RE2JS } from "re2js";
import { betterThanNeedles, type ClassFactor, classFactor } from "./classFactor.js";
import { canMatchNewline, type Emitted, emitRe2 } from "./emit.js";
import { PatternError } from "./errors.js";
import { LiteralMatcher } from "./literalMatcher.js";
import {
  foldedAsciiLiteral,
  literalAlternatives,
  type Prefilter,
  requiredLiterals,
  wholeLiteral,
} from "./literals.js";
import { parsePattern } from "./parse.js";
import { RegexMatcher } from "./regexMatcher.js";
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
