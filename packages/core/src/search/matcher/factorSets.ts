// The sets of a class factor, read off the AST: a fixed-length sequence of character sets such
// that every match contains k consecutive characters, the j-th in set j. Like literals.ts, each
// node gets an `exact` sequence (every match is k characters, the j-th in set j), a `prefix` and
// a `suffix` (every match starts / ends with such characters) and a `factor` (contains them).
// Sequences are supersets: a union of alternatives, an assertion read as nothing. A prefilter
// may only find too many places, never too few.
import { RE2JS } from "re2js";
import type { Node } from "./ast.js";
import { emitRe2 } from "./emit.js";

/** Longest run looked for: the scan costs O(n·MAX_LEN) at worst. */
export const MAX_LEN = 16;

/** One position: its ASCII members (exact, as re2js says) and whether it may hold others. */
export interface CharSet {
  /** `ascii[c] === 1` when code point `c` < 128 is in the set. Never `\n` (line mode). */
  ascii: Uint8Array;
  /** The set may hold a non-ASCII code point; when false it certainly holds none. */
  other: boolean;
  /** Rough chance that a character of printable ASCII text is in the set. */
  chance: number;
}

function charSet(ascii: Uint8Array, other: boolean): CharSet {
  let n = other ? 1 : 0;
  for (let c = 0x20; c < 0x7f; c++) n += ascii[c]!;
  return { ascii, other, chance: Math.min(1, n / 95) };
}

type Seq = CharSet[];

interface Info {
  exact: Seq | null;
  prefix: Seq;
  suffix: Seq;
  factor: Seq | null;
}

const NOTHING: Info = { exact: null, prefix: [], suffix: [], factor: null };

/** A window found by chance at about this rate per position (printable ASCII text) is useless. */
const MAX_CHANCE = 0.01;

/**
 * The sets of the class factor of a line-mode pattern, or undefined. `decides` (see
 * `decidingSets`) when a hit made of members of the exact sets is itself a match; otherwise the
 * sets are only returned when a hit is rare enough for the scan to pay off.
 */
export function classFactorSets(ast: Node): { sets: Seq; decides: boolean } | undefined {
  const sets = new AtomSets();
  try {
    const deciding = decidingSets(ast, sets);
    if (deciding) return { sets: deciding, decides: true };
    const info = analyze(ast, sets);
    const best = bestWindow([info.exact, info.factor, info.prefix, info.suffix]);
    return best && chance(best) <= MAX_CHANCE ? { sets: best, decides: false } : undefined;
  } catch {
    // An atom re2js refuses on its own: the whole pattern would have been refused first.
    return undefined;
  }
}

/**
 * When the pattern is a concatenation of single-character atoms, each repeated `{a,b}` (a bare
 * atom is `{1,1}`), and every atom between the first and the last with a > 0 has a = b, a line
 * holds a match exactly when it holds the run F = the atoms with a > 0, each taken a times:
 * - every match holds F: its blocks are r ≥ a characters of their atom; the last a of the first
 *   such block, the whole inner blocks (r = a) and the first a of the last one are consecutive;
 * - every string of F is a match: each block taken its minimum number of times (a ≤ b; atoms
 *   with a = 0 taken zero times).
 * So a hit made of members of the exact sets decides the line without the engine. Line mode
 * only: no set holds `\n`, so a hit never crosses a line.
 */
function decidingSets(ast: Node, sets: AtomSets): Seq | undefined {
  const parts = flatten(ast);
  if (!parts) return undefined;
  const required = parts.flatMap((p, i) => (p.min > 0 ? [i] : []));
  if (required.length === 0) return undefined;
  const first = required[0]!;
  const last = required[required.length - 1]!;
  const out: Seq = [];
  for (let i = first; i <= last; i++) {
    const p = parts[i]!;
    if (i > first && i < last && p.min !== p.max) return undefined;
    if (out.length + p.min > MAX_LEN) return undefined;
    const set = p.min > 0 ? sets.of(p.atom) : undefined;
    for (let r = 0; r < p.min; r++) out.push(set!);
  }
  return out;
}

interface Part {
  atom: Node;
  min: number;
  max: number;
}

/** The pattern as atoms with counts, or undefined when it is not of that shape. */
function flatten(n: Node): Part[] | undefined {
  switch (n.type) {
    case "group":
      return flatten(n.node);
    case "empty":
      return [];
    case "concat": {
      const out: Part[] = [];
      for (const child of n.nodes) {
        const parts = flatten(child);
        if (!parts) return undefined;
        out.push(...parts);
      }
      return out;
    }
    case "repeat": {
      const atom = unwrap(n.node);
      return isAtom(atom) ? [{ atom, min: n.min, max: n.max }] : undefined;
    }
    default:
      return isAtom(n) ? [{ atom: n, min: 1, max: 1 }] : undefined;
  }
}

function unwrap(n: Node): Node {
  return n.type === "group" ? unwrap(n.node) : n;
}

/** Nodes that match exactly one character. */
function isAtom(n: Node): boolean {
  return (
    n.type === "literal" ||
    n.type === "class" ||
    n.type === "perl" ||
    n.type === "unicode" ||
    n.type === "dot"
  );
}

// ---- required sequences of sets ---------------------------------------------------------------

function analyze(n: Node, sets: AtomSets): Info {
  switch (n.type) {
    case "empty":
    case "assert":
      return fixed([]);
    case "literal":
    case "class":
    case "perl":
    case "unicode":
    case "dot":
      return fixed([sets.of(n)]);
    case "group":
      return analyze(n.node, sets);
    case "repeat":
      return repeat(analyze(n.node, sets), n.min, n.max);
    case "concat":
      return n.nodes.reduce((acc, child) => concat(acc, analyze(child, sets)), fixed([]));
    case "alt":
      return alternation(n.nodes.map((b) => analyze(b, sets)));
  }
}

/** A node matching k characters, the j-th in `seq[j]`; a long one keeps only its ends. */
function fixed(seq: Seq): Info {
  if (seq.length <= MAX_LEN) return { exact: seq, prefix: seq, suffix: seq, factor: null };
  return {
    exact: null,
    prefix: seq.slice(0, MAX_LEN),
    suffix: seq.slice(-MAX_LEN),
    factor: bestWindow([seq]),
  };
}

function concat(a: Info, b: Info): Info {
  if (a.exact && b.exact) return fixed([...a.exact, ...b.exact]);
  return {
    exact: null,
    prefix: a.exact ? [...a.exact, ...b.prefix].slice(0, MAX_LEN) : a.prefix,
    suffix: b.exact ? [...a.suffix, ...b.exact].slice(-MAX_LEN) : b.suffix,
    factor: bestWindow([a.factor, b.factor, [...a.suffix, ...b.prefix]]),
  };
}

function repeat(child: Info, min: number, max: number): Info {
  if (max === 0) return fixed([]);
  if (min === 0) return NOTHING;
  if (child.exact) {
    // min copies in a row; past 2·MAX_LEN + 2 copies no new window, prefix or suffix appears.
    let run = fixed([]);
    for (let i = 0; i < Math.min(min, 2 * MAX_LEN + 2); i++) run = concat(run, child);
    if (min === max && min <= 2 * MAX_LEN + 2) return run;
    return { exact: null, prefix: run.prefix, suffix: run.suffix, factor: run.exact ?? run.factor };
  }
  const across = min >= 2 ? [...child.suffix, ...child.prefix] : null;
  return {
    exact: null,
    prefix: child.prefix,
    suffix: child.suffix,
    factor: bestWindow([child.factor, across]),
  };
}

/** Branches of one width give the union at each position; any other alternation gives nothing. */
function alternation(branches: Info[]): Info {
  const width = branches[0]?.exact?.length;
  if (width === undefined || branches.some((b) => b.exact?.length !== width)) return NOTHING;
  const seq: Seq = [];
  for (let j = 0; j < width; j++) seq.push(union(branches.map((b) => b.exact![j]!)));
  return fixed(seq);
}

function union(sets: CharSet[]): CharSet {
  const ascii = new Uint8Array(128);
  for (const s of sets) for (let c = 0; c < 128; c++) ascii[c]! |= s.ascii[c]!;
  return charSet(
    ascii,
    sets.some((s) => s.other),
  );
}

// ---- choosing a window ------------------------------------------------------------------------

/** The rarest window of at most MAX_LEN positions among the candidates, or null. */
function bestWindow(candidates: (Seq | null)[]): Seq | null {
  let best: Seq | null = null;
  let bestChance = 1;
  for (const seq of candidates) {
    if (!seq || seq.length === 0) continue;
    const len = Math.min(seq.length, MAX_LEN);
    for (let start = 0; start + len <= seq.length; start++) {
      const window = seq.slice(start, start + len);
      const c = chance(window);
      if (!best || c < bestChance) {
        best = window;
        bestChance = c;
      }
    }
  }
  return best;
}

/** Rough chance that printable ASCII text holds the window at a given place. */
function chance(seq: Seq): number {
  return seq.reduce((p, s) => p * s.chance, 1);
}

// ---- the set of one atom ----------------------------------------------------------------------

/** Sets of single-character atoms, asked of re2js once per distinct RE2 source. */
class AtomSets {
  private readonly known = new Map<string, CharSet>();

  of(atom: Node): CharSet {
    if (atom.type === "literal" && !atom.fold && atom.cp !== 10) {
      // A literal without folding is its own code point (the common case in long patterns).
      const ascii = new Uint8Array(128);
      if (atom.cp < 128) ascii[atom.cp] = 1;
      return charSet(ascii, atom.cp >= 128);
    }
    const source = emitRe2(atom, true).source;
    let set = this.known.get(source);
    if (!set) {
      const re = RE2JS.compile(source);
      const ascii = new Uint8Array(128);
      for (let c = 0; c < 128; c++) {
        if (c !== 10 && re.test(String.fromCharCode(c))) ascii[c] = 1;
      }
      set = charSet(ascii, !certainlyAscii(atom, ascii));
      this.known.set(source, set);
    }
    return set;
  }
}

/**
 * True only when the atom certainly matches no code point ≥ 128: plain ASCII ranges, POSIX
 * classes and ASCII `\d \s \w`, not negated; under case folding only without letters (`k` and
 * `s` fold to the Kelvin sign and long s).
 */
function certainlyAscii(atom: Node, ascii: Uint8Array): boolean {
  const letters = () =>
    ascii.some((m, c) => m === 1 && ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)));
  switch (atom.type) {
    case "literal":
      return atom.cp < 128 && !(atom.fold && letters());
    case "perl":
      return !atom.unicode && !atom.negated;
    case "class":
      return (
        !atom.negated &&
        atom.items.every(
          (item) =>
            (item.type === "range" && item.hi < 128) ||
            (item.type === "posix" && !item.negated) ||
            (item.type === "perl" && !item.unicode && !item.negated),
        ) &&
        !(atom.fold && letters())
      );
    default:
      return false;
  }
}
