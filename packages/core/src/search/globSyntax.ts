// Glob syntax check: the globs ripgrep refuses ("error parsing glob") are refused here too,
// with its reasons, instead of compiling to a filter that silently matches nothing.
// picomatch reads `{a` or `[a` as literal text and an inverted range `[z-a]` as "no match";
// rg (globset) calls them errors, and so do we. Nested braces are the one thing rg refuses and
// picomatch understands: they stay accepted.

/**
 * Why `glob` is not a usable glob, in rg's words, or undefined when it is. Follows globset's
 * tokenizer: `\` escapes the next character (outside classes); a class starts with `[`,
 * an optional `!`/`^`, and a leading `]` or `-` is literal; `{` opens alternatives up to `}`.
 */
export function globSyntaxError(glob: string): string | undefined {
  const chars = Array.from(glob);
  let braces = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === "\\") {
      if (i + 1 >= chars.length) return "dangling '\\' (to match a backslash write '\\\\')";
      i++;
    } else if (c === "[") {
      const end = classEnd(chars, i + 1);
      if (typeof end === "string") return end;
      i = end;
    } else if (c === "{") {
      braces++;
    } else if (c === "}" && braces > 0) {
      braces--;
    }
  }
  if (braces > 0) return "unclosed alternate group; missing '}' (to match '{' write '[{]')";
  return undefined;
}

/** Index of the `]` closing the class whose body starts at `start`, or why it is invalid. */
function classEnd(chars: string[], start: number): number | string {
  let i = start;
  if (chars[i] === "!" || chars[i] === "^") i++;
  let first = true;
  let last = ""; // where the last member (or range) starts
  let inRange = false; // a '-' after a member: the next character ends a range
  for (; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === "]" && !first) return i;
    if (c === "-" && !first && !inRange) {
      inRange = true;
    } else if (inRange) {
      if (cmp(c, last) < 0) return `invalid range; '${last}' > '${c}'`;
      inRange = false;
    } else {
      last = c;
    }
    first = false;
  }
  return "unclosed character class; missing ']' (to match '[' write '[[]')";
}

/** Compares two characters by code point, as globset compares Rust chars. */
function cmp(a: string, b: string): number {
  return a.codePointAt(0)! - b.codePointAt(0)!;
}
