// The terms of the note being indexed, as MiniSearch passes them to processTerm: dense terms
// counted here (for DensePostings), other terms left to MiniSearch; and the field's length as
// MiniSearch counts it (distinct tokens before processTerm, dense terms included). One Map
// lookup classifies a token. Stopwords never arrive: weightedTerms leaves them out.
import type { DensePostings } from "./densePostings.js";

export class BodyTally {
  private readonly numbers = new Map<string, number>();
  private readonly counts: Uint32Array;
  private readonly others = new Set<string>();

  constructor(dense: DensePostings) {
    for (const t of dense.terms) this.numbers.set(t, dense.numberOf(t) as number);
    this.counts = new Uint32Array(dense.termCount);
  }

  /** Starts the next note. */
  reset(): void {
    this.counts.fill(0);
    this.others.clear();
  }

  /** What MiniSearch indexes of a token: null for a dense term. */
  body(term: string): string | null {
    const n = this.numbers.get(term);
    if (n === undefined) {
      this.others.add(term);
      return term;
    }
    this.counts[n] = (this.counts[n] as number) + 1;
    return null;
  }

  /** The note's count of each dense term, by its number. */
  denseCounts(): Uint32Array {
    return this.counts;
  }

  /** Distinct tokens of the note. */
  length(): number {
    let n = this.others.size;
    for (const c of this.counts) if (c) n++;
    return n;
  }
}
