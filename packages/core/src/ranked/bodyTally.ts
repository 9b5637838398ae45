// The body of the note being indexed, token by token as MiniSearch passes them to processTerm:
// stopwords dropped, dense terms counted here (for DensePostings), other terms left to
// MiniSearch; and the body's length as MiniSearch counts it (distinct tokens before processTerm,
// stopwords and dense terms included). One Map lookup classifies a token.
import type { DensePostings } from "./densePostings.js";
import { STOPWORDS } from "./stopwords.js";

export class BodyTally {
  /** Stopwords are numbered 0 to stopwords - 1, then dense terms after them. */
  private readonly numbers = new Map<string, number>();
  private readonly stopwords: number;
  private readonly counts: Uint32Array;
  private readonly others = new Set<string>();

  constructor(dense: DensePostings) {
    for (const w of STOPWORDS) this.numbers.set(w, this.numbers.size);
    this.stopwords = this.numbers.size;
    for (const t of dense.terms)
      this.numbers.set(t, this.stopwords + (dense.numberOf(t) as number));
    this.counts = new Uint32Array(this.stopwords + dense.termCount);
  }

  /** Starts the next body. */
  reset(): void {
    this.counts.fill(0);
    this.others.clear();
  }

  /** What MiniSearch indexes of a body token: null for a stopword or a dense term. */
  body(term: string): string | null {
    const n = this.numbers.get(term);
    if (n === undefined) {
      this.others.add(term);
      return term;
    }
    this.counts[n] = (this.counts[n] as number) + 1;
    return null;
  }

  /** What MiniSearch indexes of a token of another field, or of a query: not a stopword. */
  other(term: string): string | null {
    const n = this.numbers.get(term);
    return n !== undefined && n < this.stopwords ? null : term;
  }

  /** The body's count of each dense term, by its number. */
  denseCounts(): Uint32Array {
    return this.counts.subarray(this.stopwords);
  }

  /** Distinct tokens of the body. */
  length(): number {
    let n = this.others.size;
    for (const c of this.counts) if (c) n++;
    return n;
  }
}
