// The matcher of any other pattern: re2js behind a literal or class-factor prefilter.
import type { RE2JS, Matcher as RE2Matcher } from "re2js";
import type { ClassFactor } from "./classFactor.js";
import type { KeptForText, Match, Matcher } from "./contract.js";
import { foldCase } from "./fold.js";
import { LinesOf } from "./lineOf.js";
import { isWholeMatchNeedle } from "./literalMatcher.js";
import type { Prefilter } from "./literals.js";

/** Lines handed to the engine's fast yes/no test at once, in line mode. */
const CHUNK_CHARS = 4096;
const NON_ASCII = /[\u0080-\uffff]/;

/**
 * A regex on re2js. re2js answers "is there a match" (`test`, a DFA) several times faster than
 * it finds where (`matcher.find`), so line mode asks only `test`: of chunks of whole lines, then
 * of the lines of a chunk that matches; with needles, only of lines holding one. On ASCII-only
 * text the variant with RE2's own `\b` (no look-behind) is used.
 */
export class RegexMatcher implements Matcher {
  private lastText: string | undefined;
  private lastMatcher: RE2Matcher | undefined;
  /** The last text's case-folded copy (fold.ts: same offsets as the text). */
  private folded: { text: string; copy: string } | undefined;
  /**
   * Each needle's next occurrence in the last haystack, kept across calls: `at[k]` is the
   * first occurrence at or after `from[k]` (-1: none), so a later call from a position between
   * the two reuses it — a searcher walking a document line by line looks for each needle once
   * per occurrence, not once per matching line (a rare needle would be re-scanned to the end).
   */
  private needleHits: { haystack: string; from: number[]; at: number[] } | undefined;
  private readonly lines = new LinesOf();
  readonly hitIsMatch: boolean;

  constructor(
    private readonly re: RE2JS,
    private readonly ascii: RE2JS,
    readonly prefilter: Prefilter | undefined,
    readonly canMatchNewline: boolean,
    /** The needles are the pattern's whole alternation: a line holding one matches. */
    private readonly needlesAreMatches = false,
    /** Line mode: only lines holding a hit of the factor can match (see classFactor.ts). */
    readonly classFactor: ClassFactor | undefined = undefined,
  ) {
    this.hitIsMatch =
      needlesAreMatches && !classFactor && (prefilter?.needles.every(isWholeMatchNeedle) ?? false);
  }

  mayMatch(text: string, kept?: KeptForText): boolean {
    this.lines.keep(text, kept);
    if (this.classFactor) return this.classFactor.next(text, 0) !== -1;
    const p = this.prefilter;
    if (!p) return true;
    const haystack = p.folded ? this.foldedFor(text, kept?.folded) : text;
    return this.hitIsMatch ? this.anyHit(haystack, p.needles) : this.firstHits(haystack, p.needles);
  }

  /**
   * Whether `haystack` holds a needle, looking for one after another and stopping at the first
   * found: when a hit is a match, a text holding the first needle is not scanned for the others
   * (a needle it lacks would be a scan to its end). What it found is kept as `needleHits`
   * keeps it; the needles not looked for are unknown there (from -1).
   */
  private anyHit(haystack: string, needles: string[]): boolean {
    const from = needles.map(() => -1);
    const at = needles.map(() => -1);
    this.needleHits = { haystack, from, at };
    for (let k = 0; k < needles.length; k++) {
      at[k] = haystack.indexOf(needles[k]!);
      from[k] = 0;
      if (at[k] !== -1) return true;
    }
    return false;
  }

  /**
   * Whether `haystack` holds a needle, finding each one's first occurrence and keeping it as
   * `needleHits` does: the line search that follows starts from them instead of scanning the
   * text again (what it would do anyway: it looks for every needle).
   */
  private firstHits(haystack: string, needles: string[]): boolean {
    const at = needles.map((n) => haystack.indexOf(n));
    this.needleHits = { haystack, from: needles.map(() => 0), at };
    return at.some((a) => a !== -1);
  }

  private foldedFor(text: string, folded?: () => string): string {
    const copy = folded ? folded() : foldCase(text);
    this.folded = { text, copy };
    return copy;
  }

  find(text: string, from: number): Match | undefined {
    if (from > text.length) return undefined;
    if (from === 0 && !this.engineFor(text).test(text)) return undefined;
    const m = this.matcherFor(text);
    return m.find(from) ? [m.start(), m.end()] : undefined;
  }

  findLine(text: string, from: number): Match | undefined {
    if (from > text.length) return undefined;
    if (this.classFactor) return this.lineByFactor(text, from, this.classFactor);
    const p = this.prefilter;
    if (p && !p.folded) return this.lineByNeedle(text, text, from, p.needles);
    if (p?.folded) {
      const copy = this.folded?.text === text ? this.folded.copy : this.foldedFor(text);
      return this.lineByNeedle(text, copy, from, p.needles);
    }
    return this.lineByChunk(text, from);
  }

  /**
   * Only lines holding a needle are handed to the engine. `haystack` is the text itself, or
   * its case-folded copy (same offsets) for `-i`.
   */
  private lineByNeedle(
    text: string,
    haystack: string,
    from: number,
    needles: string[],
  ): Match | undefined {
    let cache = this.needleHits;
    if (cache?.haystack !== haystack) {
      cache = { haystack, from: needles.map(() => -1), at: needles.map(() => -1) };
      this.needleHits = cache;
    }
    // Needles are whole matches: in the text itself, or (folded ASCII needles) in its
    // case-folded copy with the same offsets, which is all lineByNeedle is given.
    const exact = this.needlesAreMatches;
    let pos = from;
    while (pos <= text.length) {
      let hit = -1;
      for (let k = 0; k < needles.length; k++) {
        let at = cache.at[k]!;
        const known = cache.from[k]! !== -1 && cache.from[k]! <= pos && (at === -1 || at >= pos);
        if (!known) {
          at = haystack.indexOf(needles[k]!, pos);
          cache.at[k] = at;
          cache.from[k] = pos;
        }
        if (at !== -1 && (hit === -1 || at < hit)) hit = at;
      }
      if (hit === -1) return undefined;
      const line = this.lines.around(text, hit);
      const start = Math.max(line[0], pos);
      if (exact || this.lineMatches(text.slice(start, line[1]))) return [start, line[1]];
      pos = line[1] + 1;
    }
    return undefined;
  }

  /**
   * Only lines holding a hit of the class factor can match. When the factor decides, a line
   * whose hit is certain (all ASCII, each character in its exact set) matches without the
   * engine; any other hit's line is asked of the engine.
   */
  private lineByFactor(text: string, from: number, factor: ClassFactor): Match | undefined {
    let pos = from;
    while (pos <= text.length) {
      const hit = factor.next(text, pos);
      if (hit === -1) return undefined;
      const line = this.lines.around(text, hit);
      const start = Math.max(line[0], pos);
      if (factor.decides && factor.certainAt(text, hit)) return [start, line[1]];
      if (this.lineMatches(text.slice(start, line[1]))) return [start, line[1]];
      pos = line[1] + 1;
    }
    return undefined;
  }

  /** Chunks of whole lines go to the DFA; only a chunk that holds a match is tried line by line. */
  private lineByChunk(text: string, from: number): Match | undefined {
    const len = text.length;
    let pos = from;
    while (pos <= len) {
      let end = Math.min(len, pos + CHUNK_CHARS);
      if (end < len) {
        const nl = text.indexOf("\n", end);
        end = nl === -1 ? len : nl;
      }
      if (this.lineMatches(text.slice(pos, end))) {
        for (let ls = pos; ls <= end; ) {
          const nl = text.indexOf("\n", ls);
          const le = nl === -1 || nl > end ? end : nl;
          if (this.lineMatches(text.slice(ls, le))) return [ls, le];
          ls = le + 1;
        }
      }
      pos = end + 1;
    }
    return undefined;
  }

  private lineMatches(lines: string): boolean {
    return this.engineFor(lines).test(lines);
  }

  private engineFor(text: string): RE2JS {
    return this.ascii === this.re || NON_ASCII.test(text) ? this.re : this.ascii;
  }

  private matcherFor(text: string): RE2Matcher {
    if (this.lastText !== text || !this.lastMatcher) {
      this.lastMatcher = this.engineFor(text).matcher(text);
      this.lastText = text;
    }
    return this.lastMatcher;
  }
}
