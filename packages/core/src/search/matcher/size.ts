// How large a pattern's compiled program gets, estimated on its syntax tree: counted
// repetitions copy what they repeat (`\w{1000}` is a thousand `\w`), nested ones multiply. The
// bound plays the part of ripgrep's --regex-size-limit: a pattern past it is refused with a
// clear message instead of building a program that takes seconds per line to run.

import type { Node } from "./ast.js";
import { PatternError } from "./errors.js";

/** Most pattern elements a compiled pattern may hold, repetitions expanded. */
export const MAX_PATTERN_SIZE = 50_000;

/** Elements of `node` once its counted repetitions are expanded. */
export function patternSize(node: Node): number {
  switch (node.type) {
    case "group":
      return patternSize(node.node);
    case "repeat": {
      const copies = Number.isFinite(node.max) ? Math.max(node.max, 1) : Math.max(node.min, 1);
      return patternSize(node.node) * copies;
    }
    case "concat":
    case "alt":
      return node.nodes.reduce((sum, n) => sum + patternSize(n), 0);
    default:
      return 1;
  }
}

/** Throws PatternError for a pattern whose expansion passes MAX_PATTERN_SIZE. */
export function checkPatternSize(node: Node): void {
  const size = patternSize(node);
  if (size > MAX_PATTERN_SIZE) {
    throw new PatternError(
      `the pattern is too large once its repetitions are expanded (${size > 1e9 ? "over a billion" : size} elements; at most ${MAX_PATTERN_SIZE}), like ripgrep's regex size limit. Use smaller counts such as \\w{100}, or + and *`,
    );
  }
}
