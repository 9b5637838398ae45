// A matcher built from a user pattern: parse → RE2 source → re2js, with a literal or
// class-factor prefilter in front of the engine (the contract is contract.ts).
import { RE2JS } from "re2js";
import { betterThanNeedles, classFactor } from "./classFactor.js";
import type { Matcher, MatcherOptions } from "./contract.js";
import { canMatchNewline, type Emitted, emitRe2 } from "./emit.js";
import { PatternError } from "./errors.js";
import { LiteralMatcher } from "./literalMatcher.js";
import {
  foldedAsciiLiteral,
  literalAlternatives,
  requiredLiterals,
  wholeLiteral,
} from "./literals.js";
import { parsePattern } from "./parse.js";
import { RegexMatcher } from "./regexMatcher.js";
import { checkPatternSize } from "./size.js";

export type { KeptForText, Match, Matcher, MatcherOptions } from "./contract.js";

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
