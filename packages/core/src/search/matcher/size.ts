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

/** Deepest syntax tree accepted: every later pass walks the tree recursively. */
export const MAX_PATTERN_DEPTH = 500;

/** Depth of the tree, measured without recursion (the tree may be absurdly deep). */
function depthOf(root: Node): number {
  let deepest = 0;
  const stack: [Node, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (node.type === "group" || node.type === "repeat") stack.push([node.node, depth + 1]);
    else if (node.type === "concat" || node.type === "alt") {
      for (const n of node.nodes) stack.push([n, depth + 1]);
    }
  }
  return deepest;
}

/**
 * Throws PatternError for a pattern nested too deeply (groups within repetitions within
 * groups…) or whose expansion passes MAX_PATTERN_SIZE.
 */
export function checkPatternSize(node: Node): void {
  if (depthOf(node) > MAX_PATTERN_DEPTH) {
    throw new PatternError(
      `the pattern is nested too deeply (groups and repetitions more than ${MAX_PATTERN_DEPTH} levels)`,
    );
  }
  const size = patternSize(node);
  if (size > MAX_PATTERN_SIZE) {
    throw new PatternError(
      `the pattern is too large once its repetitions are expanded (${size > 1e9 ? "over a billion" : size} elements; at most ${MAX_PATTERN_SIZE}), like ripgrep's regex size limit. Use smaller counts such as \\w{100}, or + and *`,
    );
  }
}
