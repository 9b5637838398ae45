// Literal prefilter: strings that every match must contain, read off the AST, so text without
// any of them is skipped with indexOf before the regex engine runs.
import type { Node } from "./ast.js";

export interface Prefilter {
  /** Every match contains at least one of these (non-empty) strings. */
  needles: string[];
  /** Needles are lowercase ASCII, to be looked for in the case-folded copy (`-i`, fold.ts). */
  folded: boolean;
}

const MAX_SET = 16;
const MAX_LEN = 256;

/** Sets of strings: `exact` = the node matches exactly one of them; `factor` = contains one. */
interface Info {
  exact: string[] | null;
  factor: string[] | null;
}

const NONE: Info = { exact: null, factor: null };

/**
 * The needles of `node`, or undefined when no useful literal is required. With
 * `caseInsensitive`, only ASCII literals qualify and needles are lowercased.
 */
export function requiredLiterals(node: Node, caseInsensitive: boolean): Prefilter | undefined {
  const info = analyze(node, caseInsensitive);
  const needles = best([info.exact, info.factor]);
  return needles ? { needles, folded: caseInsensitive } : undefined;
}

/** The string a pattern made only of case-sensitive literal characters matches, else undefined. */
/**
 * The branches of a pattern that is an alternation of plain case-sensitive strings
 * (`latency|throughput|consensus`), or undefined: then any occurrence of a branch is a match,
 * and the regex engine has nothing to add.
 */
export function literalAlternatives(node: Node): string[] | undefined {
  if (node.type === "group") return literalAlternatives(node.node);
  if (node.type !== "alt") return undefined;
  const out: string[] = [];
  for (const branch of node.nodes) {
    const s = wholeLiteral(branch);
    if (s === undefined || s === "") return undefined;
    out.push(s);
  }
  return out;
}

export function wholeLiteral(node: Node): string | undefined {
  switch (node.type) {
    case "empty":
      return "";
    case "literal":
      return node.fold && hasCase(node.cp) ? undefined : String.fromCodePoint(node.cp);
    case "group":
      return wholeLiteral(node.node);
    case "concat": {
      let out = "";
      for (const n of node.nodes) {
        const s = wholeLiteral(n);
        if (s === undefined) return undefined;
        out += s;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/**
 * The lowercased string a pattern matches when it is made only of ASCII literal characters,
 * some or all case-insensitive (`(?i)kestrel`, `-i` on a plain word), else undefined. An
 * occurrence in a text's case-folded copy (fold.ts, same offsets) is exactly a match.
 */
export function foldedAsciiLiteral(node: Node): string | undefined {
  switch (node.type) {
    case "literal": {
      if (node.cp >= 0x80) return undefined;
      const c = String.fromCodePoint(node.cp);
      // A letter that must keep its case (`(?-i)C`) is not found by a lowercased search.
      return !node.fold && c.toLowerCase() !== c.toUpperCase() ? undefined : c.toLowerCase();
    }
    case "group":
      return foldedAsciiLiteral(node.node);
    case "concat": {
      let out = "";
      for (const n of node.nodes) {
        const s = foldedAsciiLiteral(n);
        if (s === undefined) return undefined;
        out += s;
      }
      return out || undefined;
    }
    default:
      return undefined;
  }
}

function analyze(n: Node, ci: boolean): Info {
  switch (n.type) {
    case "empty":
    case "assert":
      return { exact: [""], factor: null };
    case "literal": {
      const c = literalChar(n.cp, n.fold, ci);
      return c === undefined ? NONE : { exact: [c], factor: null };
    }
    case "class": {
      if (n.negated) return NONE;
      const chars = new Set<string>();
      for (const item of n.items) {
        if (item.type !== "range" || item.hi - item.lo >= MAX_SET) return NONE;
        for (let cp = item.lo; cp <= item.hi; cp++) {
          const c = literalChar(cp, n.fold, ci);
          if (c === undefined) return NONE;
          chars.add(c);
        }
      }
      return chars.size <= MAX_SET ? { exact: [...chars], factor: null } : NONE;
    }
    case "group":
      return analyze(n.node, ci);
    case "repeat": {
      if (n.min === 0) return NONE;
      const child = analyze(n.node, ci);
      let exact: string[] | null = null;
      if (n.min === n.max && child.exact) {
        exact = [""];
        for (let i = 0; i < n.min && exact; i++) exact = product(exact, child.exact);
      }
      return { exact, factor: best([child.exact, child.factor]) };
    }
    case "concat": {
      const candidates: (string[] | null)[] = [];
      let run: string[] = [""];
      let allExact = true;
      for (const child of n.nodes) {
        const info = analyze(child, ci);
        if (info.exact) {
          const joined = product(run, info.exact);
          if (joined) run = joined;
          else {
            allExact = false;
            candidates.push(run);
            run = info.exact;
          }
        } else {
          allExact = false;
          candidates.push(run, info.factor);
          run = [""];
        }
      }
      candidates.push(run);
      return { exact: allExact ? run : null, factor: best(candidates) };
    }
    case "alt": {
      const infos = n.nodes.map((b) => analyze(b, ci));
      let exact: string[] | null = null;
      if (infos.every((i) => i.exact)) {
        const all = new Set(infos.flatMap((i) => i.exact!));
        if (all.size <= MAX_SET) exact = [...all];
      }
      const factors = infos.map((i) => best([i.exact, i.factor]));
      let factor: string[] | null = null;
      if (factors.every((f) => f)) {
        const all = new Set(factors.flatMap((f) => f!));
        if (all.size <= MAX_SET) factor = [...all];
      }
      return { exact, factor };
    }
    default:
      return NONE;
  }
}

/** The literal a character stands for in the prefilter, or undefined when it has none. */
function literalChar(cp: number, fold: boolean, ci: boolean): string | undefined {
  const ch = String.fromCodePoint(cp);
  // Under -i only ASCII: the case-folded copy keeps nothing else (fold.ts).
  if (ci) return cp < 0x80 ? ch.toLowerCase() : undefined;
  return fold && hasCase(cp) ? undefined : ch;
}

function hasCase(cp: number): boolean {
  const ch = String.fromCodePoint(cp);
  return ch.toLowerCase() !== ch.toUpperCase() || cp === 0x130 || cp === 0x131 || cp === 0x17f;
}

function product(a: string[], b: string[]): string[] | null {
  if (a.length * b.length > MAX_SET) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  for (const s of out) if (s.length > MAX_LEN) return null;
  return [...out];
}

/** The most selective set: longest shortest member, then fewest members; null if useless. */
function best(sets: (string[] | null)[]): string[] | null {
  let pick: string[] | null = null;
  let pickScore = 0;
  for (const s of sets) {
    if (!s || s.length === 0) continue;
    const score = Math.min(...s.map((x) => x.length));
    if (score === 0) continue;
    if (!pick || score > pickScore || (score === pickScore && s.length < pick.length)) {
      pick = s;
      pickScore = score;
    }
  }
  return pick;
}
