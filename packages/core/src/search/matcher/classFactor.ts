// Class-factor prefilter: a fixed-length run of character sets that every match must contain
// (`\p{Lu}{3,}` ⇒ three uppercase letters in a row), read off the AST and looked for with a
// native RegExp made only of that many character classes — no quantifier, alternation, group
// or assertion — so a backtracking engine runs it in O(n·k) for a run of k ≤ MAX_LEN classes.
//
// Each set's ASCII part is exact: it is asked of re2js itself, one character at a time, on the
// class as the emitter writes it. Everything else (every non-ASCII code unit) is let through,
// so the run can only find too many places, never too few. See factorSets.ts for the sets.
import type { Node } from "./ast.js";
import { type CharSet, classFactorSets } from "./factorSets.js";

export interface ClassFactor {
  /** The RegExp source looked for (`[A-Z\u0080-\uffff]…`; exposed for tests and docs). */
  readonly source: string;
  /** Characters in the run. */
  readonly length: number;
  /** Every set holds only ASCII characters. */
  readonly asciiOnly: boolean;
  /**
   * A line holding a hit that `certainAt` confirms holds a match of the whole pattern: the
   * pattern is the run itself with some of its classes repeated (`\p{Lu}{3,}`).
   */
  readonly decides: boolean;
  /** Offset of the first hit at or after `from`, or -1: no match starts before it. */
  next(text: string, from: number): number;
  /** The hit at `at` is all ASCII, each character in its exact set. */
  certainAt(text: string, at: number): boolean;
}

/** The class factor of a line-mode pattern, or undefined when there is none worth scanning for. */
export function classFactor(ast: Node): ClassFactor | undefined {
  const found = classFactorSets(ast);
  return found ? new FactorScan(found.sets, found.decides) : undefined;
}

/**
 * Whether the factor should be used rather than the literal prefilter's needles (indexOf is
 * cheaper than a RegExp): always when every hit decides its line without the engine (a deciding
 * factor of ASCII-only sets); never against needles of 3 characters or more, or non-ASCII ones
 * (rare in most text); otherwise when the factor is the longer.
 */
export function betterThanNeedles(factor: ClassFactor, needles: string[]): boolean {
  if (factor.decides && factor.asciiOnly) return true;
  if (needles.every((n) => n.length >= 3 || [...n].some((c) => c.charCodeAt(0) >= 128)))
    return false;
  return factor.length > Math.min(...needles.map((n) => n.length));
}

const NON_ASCII = "\\u0080-\\uffff";

class FactorScan implements ClassFactor {
  readonly source: string;
  readonly length: number;
  readonly asciiOnly: boolean;
  private readonly re: RegExp;
  /** The last answer of `next`: `lastAt` is the first hit at or after `lastFrom` in `lastText`. */
  private lastText: string | undefined;
  private lastFrom = 0;
  private lastAt = -1;

  constructor(
    private readonly sets: CharSet[],
    readonly decides: boolean,
  ) {
    this.length = sets.length;
    this.asciiOnly = sets.every((s) => !s.other);
    this.source = searchClasses(sets).join("");
    // No `u` flag: classes of UTF-16 code units, surrogates included in NON_ASCII.
    this.re = new RegExp(this.source, "g");
  }

  next(text: string, from: number): number {
    const known = this.lastText === text && this.lastFrom <= from;
    if (known && (this.lastAt === -1 || this.lastAt >= from)) return this.lastAt;
    this.re.lastIndex = from;
    // A hit is always `length` code units (one per class): no match object needed.
    const at = this.re.test(text) ? this.re.lastIndex - this.length : -1;
    this.lastText = text;
    this.lastFrom = from;
    this.lastAt = at;
    return at;
  }

  certainAt(text: string, at: number): boolean {
    for (let j = 0; j < this.sets.length; j++) {
      const c = text.charCodeAt(at + j);
      if (!(c < 128 && this.sets[j]!.ascii[c] === 1)) return false;
    }
    return true;
  }
}

/**
 * The class looked for at each position. Without astral characters a match's k code points are
 * its first k code units, so position j takes set j's ASCII characters plus every non-ASCII
 * unit. An astral character (two units) shifts what follows by one: the ASCII character at unit
 * j then belongs to an earlier set, at most as many back as sets before j may hold non-ASCII
 * characters, so position j also takes those sets' ASCII characters.
 */
function searchClasses(sets: CharSet[]): string[] {
  const out: string[] = [];
  let shift = 0;
  for (let j = 0; j < sets.length; j++) {
    const members = new Uint8Array(128);
    for (let i = Math.max(0, j - shift); i <= j; i++) {
      const a = sets[i]!.ascii;
      for (let c = 0; c < 128; c++) members[c]! |= a[c]!;
    }
    const other = sets.slice(Math.max(0, j - shift), j + 1).some((s) => s.other);
    out.push(`[${asciiRanges(members)}${other ? NON_ASCII : ""}]`);
    if (sets[j]!.other) shift++;
  }
  return out;
}

/** `\xHH` ranges of the members, so no character needs escaping rules. */
function asciiRanges(members: Uint8Array): string {
  const hex = (c: number) => `\\x${c.toString(16).padStart(2, "0")}`;
  let out = "";
  for (let c = 0; c < 128; c++) {
    if (!members[c]) continue;
    let hi = c;
    while (hi + 1 < 128 && members[hi + 1]) hi++;
    out += hi === c ? hex(c) : `${hex(c)}-${hex(hi)}`;
    c = hi;
  }
  return out;
}
