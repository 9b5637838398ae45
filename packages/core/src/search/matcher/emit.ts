// Writes the AST out as an RE2 (re2js) pattern with ripgrep's meaning: Unicode `\w \s \d`, `\b`
// judged on Unicode word characters, and, in line mode, no atom that can match a `\n`.
import { RE2JS } from "re2js";
import type { ClassItem, Node } from "./ast.js";
import {
  ASCII_PERL,
  complement,
  isWordChar,
  POSIX,
  type Ranges,
  rangesBody,
  UNICODE_SPACE,
  WORD_CLASS_BODY,
  without,
} from "./charSets.js";
import { PatternError } from "./errors.js";

export interface Emitted {
  source: string;
  /** The source uses look-behind (for Unicode `\b`); compile with RE2JS.LOOKBEHINDS. */
  lookbehind: boolean;
}

/**
 * RE2 source for `node`. With `asciiWordBoundary`, `\b` stays RE2's ASCII one (for text known
 * to be ASCII, where it means the same). In line mode (rg without -U) the result is searched over whole text
 * yet never matches across a `\n`: every atom excludes it, and `\A` / `\z` become line anchors.
 */
export function emitRe2(node: Node, lineMode: boolean, asciiWordBoundary = false): Emitted {
  const e = new Emitter(lineMode, asciiWordBoundary);
  const source = e.node(node, true);
  return { source, lookbehind: e.lookbehind };
}

/** True when some atom of `node` can consume a `\n` (multiline mode: matches may span lines). */
export function canMatchNewline(node: Node): boolean {
  const e = new Emitter(false);
  const test = (n: Node) => RE2JS.compile(e.node(n, false)).test("\n");
  const walk = (n: Node): boolean => {
    switch (n.type) {
      case "group":
        return walk(n.node);
      case "repeat":
        return n.max > 0 && walk(n.node);
      case "concat":
      case "alt":
        return n.nodes.some(walk);
      case "empty":
      case "assert":
        return false;
      default:
        return test(n);
    }
  };
  return walk(node);
}

type Kind = "word" | "nonword" | "unknown" | "none";

const NEVER = "[^\\x{0}-\\x{10FFFF}]";
const NEWLINE_IN_LINE_MODE =
  "the pattern contains a literal newline `\\n`, but lines never contain one; set multiline: true to match across lines";

class Emitter {
  lookbehind = false;
  private readonly newlineCache = new Map<string, boolean>();
  constructor(
    private readonly lineMode: boolean,
    /** Emit RE2's ASCII `\b`: equivalent, and much faster, on text that is all ASCII. */
    private readonly asciiWordBoundary = false,
  ) {}

  node(n: Node, atEnd: boolean): string {
    switch (n.type) {
      case "empty":
        return "(?:)";
      case "literal":
        if (this.lineMode && n.cp === 10) throw new PatternError(NEWLINE_IN_LINE_MODE, "\\n");
        return fold(literal(n.cp), n.fold && hasCase(n.cp));
      case "dot":
        return n.dotAll && !this.lineMode ? "(?s:.)" : "[^\\n]";
      case "class":
        return fold(this.bracket(n.items, n.negated), n.fold);
      case "perl":
      case "unicode":
        return this.bracket([n], false);
      case "assert":
        return this.assertion(n.kind, n.unicode, "unknown", "unknown", atEnd);
      case "group":
        return `(?:${this.node(n.node, atEnd)})`;
      case "repeat":
        return `(?:${this.node(n.node, false)})${quantifier(n.min, n.max)}${n.greedy ? "" : "?"}`;
      case "alt":
        return `(?:${n.nodes.map((b) => this.node(b, atEnd)).join("|")})`;
      case "concat":
        return n.nodes
          .map((child, i) => {
            const last = i === n.nodes.length - 1;
            if (child.type === "assert" && (child.kind === "word" || child.kind === "notWord")) {
              const prev = seqKind(n.nodes.slice(0, i).reverse(), "last");
              const next = seqKind(n.nodes.slice(i + 1), "first");
              return this.assertion(child.kind, child.unicode, prev, next, atEnd && last);
            }
            return this.node(child, atEnd && last);
          })
          .join("");
    }
  }

  private assertion(
    kind: "lineStart" | "lineEnd" | "textStart" | "textEnd" | "word" | "notWord",
    unicode: boolean,
    prev: Kind,
    next: Kind,
    atEnd: boolean,
  ): string {
    switch (kind) {
      case "lineStart":
        return "(?m:^)";
      case "lineEnd":
        return "(?m:$)";
      case "textStart":
        return this.lineMode ? "(?m:^)" : "\\A";
      case "textEnd":
        return this.lineMode ? "(?m:$)" : "\\z";
    }
    const ascii = kind === "word" ? "\\b" : "\\B";
    if (!unicode || this.asciiWordBoundary) return ascii;
    return this.wordBoundary(kind === "word", prev, next, atEnd) ?? ascii;
  }

  /**
   * RE2's `\b` knows only ASCII word characters; Rust's is Unicode. When the character on one
   * side is known from the pattern, the other side is checked with a Unicode look-behind, or,
   * at the very end of the pattern, by consuming it (which changes neither which lines match
   * nor which lines a match touches). Otherwise undefined: fall back to RE2's ASCII `\b`.
   */
  private wordBoundary(
    isBoundary: boolean,
    prev: Kind,
    next: Kind,
    atEnd: boolean,
  ): string | undefined {
    const W = WORD_CLASS_BODY;
    const known = (k: Kind) => k === "word" || k === "nonword";
    if (known(prev) && known(next)) return (prev !== next) === isBoundary ? "" : NEVER;
    const lookbehind = (wantWord: boolean) => {
      this.lookbehind = true;
      return wantWord ? `(?<=[${W}])` : `(?<![${W}])`;
    };
    // prev must be word exactly when (next is nonword) == isBoundary
    if (known(next)) return lookbehind((next === "nonword") === isBoundary);
    if (known(prev) && atEnd) {
      const wantNextWord = (prev === "nonword") === isBoundary;
      return wantNextWord ? `[${W}]` : `(?:[^${W}\\n]|(?m:$))`;
    }
    if (atEnd) {
      const wordThenNot = `(?<=[${W}])(?:[^${W}\\n]|(?m:$))`;
      const notThenWord = `(?<![${W}])[${W}]`;
      this.lookbehind = true;
      return isBoundary
        ? `(?:${wordThenNot}|${notThenWord})`
        : `(?:(?<=[${W}])[${W}]|(?<![${W}])(?:[^${W}\\n]|(?m:$)))`;
    }
    return undefined;
  }

  // ---- bracket classes ----------------------------------------------------------------------

  private bracket(items: ClassItem[], negated: boolean): string {
    const nl = this.lineMode;
    let ranges: Ranges = [];
    const body: string[] = [];
    const standalone: string[] = [];
    for (const item of items) {
      if (item.type === "range") {
        if (nl && !negated && item.lo === 10 && item.hi === 10 && items.length === 1) {
          throw new PatternError(NEWLINE_IN_LINE_MODE, "\\n");
        }
        ranges.push([item.lo, item.hi]);
      } else if (item.type === "posix") {
        const r = POSIX[item.name]!;
        ranges.push(...(item.negated ? complement(r) : r));
      } else if (item.type === "perl" && (!item.unicode || item.kind === "s")) {
        const r = item.unicode ? UNICODE_SPACE : ASCII_PERL[item.kind];
        ranges.push(...(item.negated ? complement(r) : r));
      } else if (item.type === "perl" && item.kind === "w") {
        if (!item.negated) body.push(W_BODY);
        else if (negated) {
          throw new PatternError(
            "`\\W` inside a negated class `[^…]` is not supported; use `\\w` with the other items",
            "\\W",
          );
        } else standalone.push(nl ? `[^${W_BODY}\\n]` : `[^${W_BODY}]`);
      } else {
        // \d \D (Unicode Nd) and \p{…} \P{…}
        const name = item.type === "perl" ? "Nd" : item.name;
        const neg = item.negated;
        const hasNewline = neg !== this.matchesNewline(name);
        if (nl && !negated && hasNewline) standalone.push(`[^\\n${neg ? "\\p" : "\\P"}{${name}}]`);
        else body.push(`${neg ? "\\P" : "\\p"}{${name}}`);
      }
    }
    ranges = normalise(ranges);
    if (negated) {
      if (nl) ranges = normalise([...ranges, [10, 10]]);
      return `[^${rangesBody(ranges)}${body.join("")}]`;
    }
    if (nl) ranges = without(ranges, 10);
    const inner = rangesBody(ranges) + body.join("");
    const pieces = inner ? [`[${inner}]`, ...standalone] : standalone;
    if (pieces.length === 0) return NEVER;
    return pieces.length === 1 ? pieces[0]! : `(?:${pieces.join("|")})`;
  }

  /** Whether `\p{name}` contains `\n`; also checks that RE2 knows the class. */
  private matchesNewline(name: string): boolean {
    let v = this.newlineCache.get(name);
    if (v === undefined) {
      try {
        v = RE2JS.compile(`\\p{${name}}`).test("\n");
      } catch {
        throw new PatternError(`unknown Unicode class \`\\p{${name}}\``, `\\p{${name}}`);
      }
      this.newlineCache.set(name, v);
    }
    return v;
  }
}

const W_BODY = WORD_CLASS_BODY;

function normalise(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function quantifier(min: number, max: number): string {
  if (min === 0 && max === Number.POSITIVE_INFINITY) return "*";
  if (min === 1 && max === Number.POSITIVE_INFINITY) return "+";
  if (min === 0 && max === 1) return "?";
  if (max === Number.POSITIVE_INFINITY) return `{${min},}`;
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

function literal(cp: number): string {
  const ch = String.fromCodePoint(cp);
  if (cp < 0x80 && /[\\.+*?()|[\]{}^$#&~-]/.test(ch)) return `\\${ch}`;
  if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0)) return `\\x{${cp.toString(16)}}`;
  return ch;
}

function hasCase(cp: number): boolean {
  const ch = String.fromCodePoint(cp);
  return ch.toLowerCase() !== ch.toUpperCase() || cp === 0x130 || cp === 0x131 || cp === 0x17f;
}

function fold(source: string, on: boolean): string {
  return on ? `(?i:${source})` : source;
}

// ---- what character sits on each side of a word boundary --------------------------------------

/** Kind of the character at the edge of a sequence (siblings scanned outward from the `\b`). */
function seqKind(nodes: Node[], side: "first" | "last"): Kind {
  const k = scan(nodes, side);
  return k === "none" ? "unknown" : k;
}

function scan(nodes: Node[], side: "first" | "last"): Kind {
  for (const n of nodes) {
    const k = edgeKind(n, side);
    if (k !== "none") return k;
  }
  return "none";
}

function edgeKind(n: Node, side: "first" | "last"): Kind {
  switch (n.type) {
    case "empty":
      return "none";
    case "literal":
      return isWordChar(n.cp) ? "word" : "nonword";
    case "assert":
      if (side === "last" && (n.kind === "lineStart" || n.kind === "textStart")) return "nonword";
      if (side === "first" && (n.kind === "lineEnd" || n.kind === "textEnd")) return "nonword";
      return "none";
    case "dot":
      return "unknown";
    case "perl":
      if (n.kind === "s") return n.negated ? "unknown" : "nonword";
      if (n.kind === "w" && n.negated) return n.unicode ? "nonword" : "unknown";
      return n.negated ? "unknown" : "word";
    case "unicode":
      if (n.negated) return "unknown";
      if (/^(L[ultmo]?|M[nce]?|Nd|Nl|Pc)$/.test(n.name)) return "word";
      if (/^(Z[slp]?|Cc)$/.test(n.name)) return "nonword";
      return "unknown";
    case "class":
      return n.negated ? "unknown" : classKind(n.items);
    case "group":
      return edgeKind(n.node, side);
    case "repeat":
      if (n.max === 0) return "none";
      return n.min === 0 ? "unknown" : edgeKind(n.node, side);
    case "concat":
      return scan(side === "first" ? n.nodes : [...n.nodes].reverse(), side);
    case "alt": {
      const kinds = new Set(n.nodes.map((b) => edgeKind(b, side)));
      return kinds.size === 1 && !kinds.has("none") ? [...kinds][0]! : "unknown";
    }
  }
}

function classKind(items: ClassItem[]): Kind {
  const kinds = new Set<Kind>();
  for (const item of items) {
    if (item.type === "range") {
      if (item.hi - item.lo > 256) return "unknown";
      for (let cp = item.lo; cp <= item.hi; cp++) kinds.add(isWordChar(cp) ? "word" : "nonword");
    } else if (item.type === "posix") {
      kinds.add(item.negated ? "unknown" : (POSIX_KIND[item.name] ?? "unknown"));
    } else {
      kinds.add(edgeKind(item, "first"));
    }
    if (kinds.size > 1) return "unknown";
  }
  return kinds.size === 1 ? [...kinds][0]! : "unknown";
}

const POSIX_KIND: Record<string, Kind> = {
  alnum: "word",
  alpha: "word",
  digit: "word",
  lower: "word",
  upper: "word",
  word: "word",
  xdigit: "word",
  blank: "nonword",
  space: "nonword",
  cntrl: "nonword",
};
