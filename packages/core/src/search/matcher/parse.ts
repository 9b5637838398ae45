// Parser for ripgrep's default regex syntax (Rust `regex`): builds the AST of ast.ts, resolving
// inline flags as it goes, and refuses what a linear-time engine cannot run, naming the construct.
import type { ClassItem, Node, PerlClass, UnicodeClass } from "./ast.js";
import { PatternError } from "./errors.js";
import { unicodeClassName } from "./unicodeNames.js";

/** Flags in force at a point of the pattern (Rust's `i m s U u x`). */
interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
  U: boolean;
  u: boolean;
  x: boolean;
}

export interface ParseOptions {
  /** `-i`: start with the `i` flag set. */
  caseInsensitive?: boolean;
  /** `--multiline-dotall`: start with the `s` flag set. */
  dotAll?: boolean;
}

/** Parses `pattern`; throws PatternError for invalid or unsupported syntax. */
export function parsePattern(pattern: string, options: ParseOptions = {}): Node {
  const flags: Flags = {
    i: options.caseInsensitive ?? false,
    m: true, // ripgrep always enables multi-line anchors: ^ and $ match at line boundaries
    s: options.dotAll ?? false,
    U: false,
    u: true,
    x: false,
  };
  return new Parser(pattern).parse(flags);
}

const REPEAT_MAX = 1000;
/** Deepest group nesting accepted (ripgrep's default nest limit), so parsing never overflows. */
const NEST_MAX = 250;

class Parser {
  private pos = 0;
  constructor(private readonly src: string) {}

  parse(flags: Flags): Node {
    const node = this.alternation({ ...flags }, 0);
    if (this.pos < this.src.length) this.fail("unopened group: `)` without a matching `(`", ")");
    return node;
  }

  // ---- structure ----------------------------------------------------------------------------

  private alternation(flags: Flags, depth: number): Node {
    const branches: Node[] = [];
    let seq: Node[] = [];
    while (true) {
      this.skipIgnored(flags);
      if (this.pos >= this.src.length) break;
      const c = this.src[this.pos]!;
      if (c === ")") {
        if (depth === 0) this.fail("unopened group: `)` without a matching `(`", ")");
        break;
      }
      if (c === "|") {
        this.pos++;
        branches.push(concat(seq));
        seq = [];
        continue;
      }
      const atom = this.atom(flags, depth);
      if (atom === undefined) continue;
      seq.push(this.quantifiers(atom, flags));
    }
    branches.push(concat(seq));
    return branches.length === 1 ? branches[0]! : { type: "alt", nodes: branches };
  }

  private quantifiers(atom: Node, flags: Flags): Node {
    let node = atom;
    for (let stacked = 0; ; stacked++) {
      this.skipIgnored(flags);
      const start = this.pos;
      const c = this.src[this.pos];
      // `a**…` is valid, but each operator nests the tree one level deeper.
      if (stacked >= NEST_MAX && (c === "*" || c === "+" || c === "?" || c === "{")) {
        this.fail(`too many repetition operators in a row (at most ${NEST_MAX})`, c, start);
      }
      let min: number;
      let max: number;
      if (c === "*" || c === "+" || c === "?") {
        this.pos++;
        min = c === "+" ? 1 : 0;
        max = c === "?" ? 1 : Number.POSITIVE_INFINITY;
      } else if (c === "{") {
        const counted = this.countedRepeat();
        if (!counted) return node;
        [min, max] = counted;
      } else {
        return node;
      }
      let greedy = !flags.U;
      if (this.src[this.pos] === "?") {
        this.pos++;
        greedy = !greedy;
      } else if (this.src[this.pos] === "+") {
        const written = this.src.slice(start, this.pos + 1);
        this.fail(
          `possessive quantifier \`${written}\` is not supported (ripgrep's regex flavour has no possessive or atomic matching); drop the trailing \`+\``,
          written,
          start,
        );
      }
      node = { type: "repeat", node, min, max, greedy };
    }
  }

  /** `{n}`, `{n,}`, `{n,m}` (and `{,m}` as `{0,m}`); undefined when `{` starts no count. */
  private countedRepeat(): [number, number] | undefined {
    const m = /^\{\s*(\d*)\s*(,\s*(\d*)\s*)?\}/.exec(this.src.slice(this.pos));
    if (!m || (m[1] === "" && (m[2] === undefined || m[3] === ""))) {
      this.fail(
        "invalid repetition: `{` must start a count such as {2} or {1,3}; write `\\{` for a literal brace",
        "{",
      );
    }
    const min = m[1] === "" ? 0 : Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === "" ? Number.POSITIVE_INFINITY : Number(m[3]);
    if (min > max) this.fail(`invalid repetition ${m[0]}: the minimum exceeds the maximum`, m[0]);
    if (min > REPEAT_MAX || (max !== Number.POSITIVE_INFINITY && max > REPEAT_MAX)) {
      this.fail(`repetition count ${m[0]} is too large (at most ${REPEAT_MAX})`, m[0]);
    }
    this.pos += m[0].length;
    return [min, max];
  }

  /** One atom, or undefined for a flag-only group such as `(?i)`. */
  private atom(flags: Flags, depth: number): Node | undefined {
    const start = this.pos;
    const c = this.src[this.pos]!;
    switch (c) {
      case "(":
        return this.group(flags, depth);
      case "[":
        return this.bracketClass(flags);
      case ".":
        this.pos++;
        return { type: "dot", dotAll: flags.s };
      case "^":
        this.pos++;
        return { type: "assert", kind: flags.m ? "lineStart" : "textStart", unicode: flags.u };
      case "$":
        this.pos++;
        return { type: "assert", kind: flags.m ? "lineEnd" : "textEnd", unicode: flags.u };
      case "\\":
        return this.escape(flags);
      case "*":
      case "+":
      case "?":
        this.fail(
          `repetition operator \`${c}\` has nothing to repeat; write \`\\${c}\` for a literal`,
          c,
          start,
        );
        break;
      case "{":
        this.fail(
          "repetition `{` has nothing to repeat; write `\\{` for a literal brace",
          c,
          start,
        );
        break;
    }
    const cp = this.src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return { type: "literal", cp, fold: flags.i };
  }

  private group(outer: Flags, depth: number): Node | undefined {
    const start = this.pos;
    if (depth >= NEST_MAX) {
      this.fail(`groups are nested too deeply (at most ${NEST_MAX} levels)`, "(", start);
    }
    this.pos++; // (
    let inner: Flags = { ...outer };
    if (this.src[this.pos] === "?") {
      const rest = this.src.slice(this.pos + 1);
      const unsupported = unsupportedGroup(rest);
      if (unsupported) this.fail(unsupported.message, unsupported.construct, start);
      const named = /^P?<([A-Za-z_][A-Za-z0-9_.[\]]*)>/.exec(rest);
      if (named) {
        this.pos += 1 + named[0].length;
      } else {
        const m = /^([A-Za-z-]*)([:)])/.exec(rest);
        if (!m)
          this.fail(
            `unsupported group syntax \`(?${rest.slice(0, 3)}\``,
            `(?${rest.slice(0, 1)}`,
            start,
          );
        const letters = m[1]!;
        const target = m[2] === ")" ? outer : inner;
        this.applyFlags(letters, target, start);
        this.pos += 1 + m[0].length;
        if (m[2] === ")") return undefined; // (?flags): applies to the rest of the enclosing group
        inner = target;
      }
    }
    const node = this.alternation(inner, depth + 1);
    if (this.src[this.pos] !== ")")
      this.fail("unclosed group: `(` without a matching `)`", "(", start);
    this.pos++;
    return { type: "group", node };
  }

  private applyFlags(letters: string, flags: Flags, start: number): void {
    let on = true;
    for (const ch of letters) {
      if (ch === "-") {
        on = false;
        continue;
      }
      if (ch === "i" || ch === "m" || ch === "s" || ch === "U" || ch === "u" || ch === "x") {
        flags[ch] = on;
      } else if (ch === "R") {
      } else {
        this.fail(
          `unknown flag \`${ch}\` in \`(?${letters}\`; supported flags are i m s U u x`,
          `(?${letters}`,
          start,
        );
      }
    }
  }

  // ---- escapes ------------------------------------------------------------------------------

  private escape(flags: Flags): Node {
    const start = this.pos;
    const c = this.src[this.pos + 1];
    if (c === undefined) this.fail("pattern ends with a lone backslash `\\`", "\\", start);
    const written = `\\${c}`;
    switch (c) {
      case "A":
        this.pos += 2;
        return { type: "assert", kind: "textStart", unicode: flags.u };
      case "z":
        this.pos += 2;
        return { type: "assert", kind: "textEnd", unicode: flags.u };
      case "b":
        if (this.src[this.pos + 2] === "{") {
          this.fail(
            "word-boundary assertions `\\b{start}`/`\\b{end}` are not supported; use `\\b`",
            "\\b{",
            start,
          );
        }
        this.pos += 2;
        return { type: "assert", kind: "word", unicode: flags.u };
      case "B":
        this.pos += 2;
        return { type: "assert", kind: "notWord", unicode: flags.u };
      case "<":
      case ">":
        this.fail(
          `word-start/end assertion \`${written}\` is not supported; use \`\\b\``,
          written,
          start,
        );
        break;
      case "Z":
        this.fail(
          "`\\Z` is not supported; use `\\z` (end of text) or `$` (end of line)",
          written,
          start,
        );
        break;
    }
    const cls = this.classEscape(flags);
    if (cls) return { type: "class", negated: false, items: [cls], fold: flags.i };
    return { type: "literal", cp: this.charEscape(), fold: flags.i };
  }

  /** `\d \D \s \S \w \W \p… \P…` at the current position, consumed; else undefined. */
  private classEscape(flags: Flags): PerlClass | UnicodeClass | undefined {
    const c = this.src[this.pos + 1]!;
    const lower = c.toLowerCase();
    if (lower === "d" || lower === "s" || lower === "w") {
      this.pos += 2;
      return { type: "perl", kind: lower, negated: c !== lower, unicode: flags.u };
    }
    if (c === "p" || c === "P") {
      const start = this.pos;
      let raw: string;
      if (this.src[this.pos + 2] === "{") {
        const close = this.src.indexOf("}", this.pos + 3);
        if (close === -1) this.fail("unclosed Unicode class `\\p{`", "\\p{", start);
        raw = this.src.slice(this.pos + 3, close);
        this.pos = close + 1;
      } else {
        const cp = this.src.codePointAt(this.pos + 2);
        if (cp === undefined)
          this.fail("`\\p` needs a class name, e.g. `\\pL` or `\\p{Greek}`", "\\p", start);
        raw = String.fromCodePoint(cp);
        this.pos += 2 + raw.length;
      }
      let negated = c === "P";
      if (raw.startsWith("^")) {
        negated = !negated;
        raw = raw.slice(1);
      }
      const name = unicodeClassName(raw);
      if (!name) this.fail(`unknown Unicode class \`\\${c}{${raw}}\``, `\\${c}{${raw}}`, start);
      return { type: "unicode", name, negated };
    }
    return undefined;
  }

  /** A single-character escape (consumed); fails for anything else, naming it. */
  private charEscape(): number {
    const start = this.pos;
    const c = this.src[this.pos + 1]!;
    const written = `\\${c}`;
    const simple: Record<string, number> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };
    if (simple[c] !== undefined) {
      this.pos += 2;
      return simple[c];
    }
    if (c === "x" || c === "u" || c === "U") {
      const digits = c === "x" ? 2 : c === "u" ? 4 : 8;
      const rest = this.src.slice(this.pos + 2);
      const m = rest.startsWith("{")
        ? /^\{([0-9A-Fa-f]{1,8})\}/.exec(rest)
        : new RegExp(`^[0-9A-Fa-f]{${digits}}`).exec(rest);
      if (!m) this.fail(`invalid hex escape after \`${written}\``, written, start);
      const cp = Number.parseInt(m[1] ?? m[0], 16);
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
        this.fail(
          `escape \`${written}${m[0]}\` is not a Unicode scalar value`,
          `${written}${m[0]}`,
          start,
        );
      }
      this.pos += 2 + m[0].length;
      return cp;
    }
    if (c >= "0" && c <= "9") {
      this.fail(
        `backreference \`${written}\` is not supported (ripgrep's regex flavour is linear-time: no backreferences)`,
        written,
        start,
      );
    }
    if (c === "k" || c === "g") {
      this.fail(
        `backreference \`${written}\` is not supported (no backreferences in ripgrep's regex flavour)`,
        written,
        start,
      );
    }
    const cp = c.codePointAt(0)!;
    if (cp < 0x80 && !/[0-9A-Za-z]/.test(c)) {
      this.pos += 2;
      return cp; // any escaped ASCII punctuation or space is itself
    }
    this.fail(`unsupported escape sequence \`${written}\``, written, start);
  }

  // ---- bracket classes ----------------------------------------------------------------------

  private bracketClass(flags: Flags): Node {
    const { negated, items } = this.classBody(flags, 0);
    return { type: "class", negated, items, fold: flags.i };
  }

  private classBody(flags: Flags, depth: number): { negated: boolean; items: ClassItem[] } {
    const start = this.pos;
    if (depth >= NEST_MAX) {
      this.fail(`classes are nested too deeply (at most ${NEST_MAX} levels)`, "[", start);
    }
    this.pos++; // [
    const negated = this.src[this.pos] === "^";
    if (negated) this.pos++;
    const items: ClassItem[] = [];
    let first = true;
    while (true) {
      this.skipIgnored(flags);
      if (this.pos >= this.src.length) this.fail("unclosed character class `[`", "[", start);
      const c = this.src[this.pos]!;
      if (c === "]" && !first) {
        this.pos++;
        break;
      }
      first = false;
      const two = this.src.slice(this.pos, this.pos + 2);
      if (two === "&&" || two === "~~" || (two === "--" && items.length > 0)) {
        this.fail(
          `character class set operation \`${two}\` is not supported; write the class out`,
          two,
        );
      }
      if (c === "[") {
        const posix = /^\[:(\^?)([a-z]+):\]/.exec(this.src.slice(this.pos));
        if (posix) {
          if (!POSIX_NAMES.has(posix[2]!))
            this.fail(`unknown POSIX class \`${posix[0]}\``, posix[0]);
          items.push({ type: "posix", name: posix[2]!, negated: posix[1] === "^" });
          this.pos += posix[0].length;
          continue;
        }
        const nestedStart = this.pos;
        const nested = this.classBody(flags, depth + 1);
        if (nested.negated) {
          this.fail(
            "a negated class nested in a class (`[...[^...]...]`) is not supported",
            "[^",
            nestedStart,
          );
        }
        items.push(...nested.items);
        continue;
      }
      const lo = this.classAtom(flags);
      if (typeof lo !== "number") {
        items.push(lo);
        continue;
      }
      this.skipIgnored(flags);
      if (this.src[this.pos] === "-" && this.src[this.pos + 1] !== "]") {
        const dash = this.pos;
        this.pos++;
        this.skipIgnored(flags);
        const hi = this.classAtom(flags);
        if (typeof hi !== "number") this.fail("a class like `\\d` cannot end a range", "-", dash);
        if (hi < lo)
          this.fail(
            `invalid class range: ${String.fromCodePoint(lo)}-${String.fromCodePoint(hi)} is backwards`,
            "-",
            dash,
          );
        items.push({ type: "range", lo, hi });
      } else {
        items.push({ type: "range", lo, hi: lo });
      }
    }
    return { negated, items };
  }

  private classAtom(flags: Flags): number | PerlClass | UnicodeClass {
    if (this.src[this.pos] === "\\") {
      const cls = this.classEscape(flags);
      if (cls) return cls;
      const c = this.src[this.pos + 1];
      if (c === "b") {
        this.pos += 2;
        return 8; // backspace inside a class
      }
      if (c === undefined) this.fail("pattern ends with a lone backslash `\\`", "\\");
      return this.charEscape();
    }
    const cp = this.src.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  // ---- helpers ------------------------------------------------------------------------------

  /** In `x` mode, skips whitespace and `#` comments. */
  private skipIgnored(flags: Flags): void {
    if (!flags.x) return;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos]!;
      if (/\s/u.test(c)) this.pos++;
      else if (c === "#") {
        const nl = this.src.indexOf("\n", this.pos);
        this.pos = nl === -1 ? this.src.length : nl + 1;
      } else break;
    }
  }

  private fail(message: string, construct?: string, offset = this.pos): never {
    throw new PatternError(message, construct, offset);
  }
}

const POSIX_NAMES = new Set([
  "alnum",
  "alpha",
  "ascii",
  "blank",
  "cntrl",
  "digit",
  "graph",
  "lower",
  "print",
  "punct",
  "space",
  "upper",
  "word",
  "xdigit",
]);

function concat(nodes: Node[]): Node {
  if (nodes.length === 0) return { type: "empty" };
  if (nodes.length === 1) return nodes[0]!;
  return { type: "concat", nodes };
}

/** Group openings from other regex flavours, with what to tell the assistant. */
function unsupportedGroup(rest: string): { message: string; construct: string } | undefined {
  const table: [RegExp, string, string][] = [
    [/^=/, "(?=", "look-ahead `(?=…)`"],
    [/^!/, "(?!", "negative look-ahead `(?!…)`"],
    [/^<=/, "(?<=", "look-behind `(?<=…)`"],
    [/^<!/, "(?<!", "negative look-behind `(?<!…)`"],
    [/^>/, "(?>", "atomic group `(?>…)`"],
    [/^#/, "(?#", "comment group `(?#…)`"],
    [/^\|/, "(?|", "branch-reset group `(?|…)`"],
    [/^P=/, "(?P=", "named backreference `(?P=name)`"],
    [/^P>/, "(?P>", "subroutine call `(?P>name)`"],
    [/^&/, "(?&", "subroutine call `(?&name)`"],
    [/^[+-]?\d/, "(?1", "recursion / subroutine call `(?N)`"],
    [/^R\)/, "(?R)", "recursion `(?R)`"],
    [/^'/, "(?'", "group syntax `(?'name'…)` (use `(?P<name>…)`)"],
    [/^\(/, "(?(", "conditional group `(?(…)…)`"],
  ];
  for (const [re, construct, what] of table) {
    if (re.test(rest)) {
      return {
        construct,
        message: `${what} is not supported: ripgrep's regex flavour has no look-around, backreferences or recursion (it matches in linear time). Rewrite the pattern without it, e.g. match the surrounding text too.`,
      };
    }
  }
  return undefined;
}
