// The matcher of a pattern that is one case-sensitive string: indexOf finds every match.

import type { KeptForText, Match, Matcher } from "./contract.js";
import { LinesOf } from "./lineOf.js";
import type { Prefilter } from "./literals.js";

/**
 * Whether finding `needle` anywhere in a text is finding a match of it in line mode: it is not
 * empty (an empty match at the very end of a text is no match), and it does not start with a
 * byte-order mark (the searcher drops a leading one before it looks for lines).
 */
export function isWholeMatchNeedle(needle: string): boolean {
  return needle.length > 0 && needle.charCodeAt(0) !== 0xfeff;
}

/** A pattern that is one case-sensitive string: indexOf alone finds its matches. */
export class LiteralMatcher implements Matcher {
  readonly prefilter: Prefilter | undefined;
  readonly classFactor = undefined;
  readonly hitIsMatch: boolean;
  constructor(
    private readonly literal: string,
    readonly canMatchNewline: boolean,
  ) {
    this.prefilter = literal ? { needles: [literal], folded: false } : undefined;
    this.hitIsMatch = isWholeMatchNeedle(literal);
  }

  /** The first occurrence in the text `mayMatch` last looked at: `find` does not scan again. */
  private first: { text: string; at: number } | undefined;
  private readonly lines = new LinesOf();

  find(text: string, from: number): Match | undefined {
    if (from > text.length) return undefined;
    const f = this.first;
    // Every occurrence at or after `from` is at or after the first one.
    const i = f?.text === text && from <= f.at ? f.at : text.indexOf(this.literal, from);
    return i === -1 ? undefined : [i, i + this.literal.length];
  }

  findLine(text: string, from: number): Match | undefined {
    const m = this.find(text, from);
    return m ? this.lines.around(text, m[0]) : undefined;
  }

  mayMatch(text: string, kept?: KeptForText): boolean {
    const at = text.indexOf(this.literal);
    this.first = { text, at };
    this.lines.keep(text, kept);
    return at !== -1;
  }
}
