// Matcher: ripgrep-syntax patterns compiled for the linear-time re2js engine.
export type { Node } from "./ast.js";
export type { ClassFactor } from "./classFactor.js";
export { type Emitted, emitRe2 } from "./emit.js";
export { PatternError } from "./errors.js";
export { foldCase } from "./fold.js";
export { type Prefilter, requiredLiterals, wholeLiteral } from "./literals.js";
export {
  compileMatcher,
  type KeptForText,
  type Match,
  type Matcher,
  type MatcherOptions,
} from "./matcher.js";
export { type ParseOptions, parsePattern } from "./parse.js";
