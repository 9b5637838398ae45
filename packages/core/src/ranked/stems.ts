// Stems of ranked search: English words cut to their stem by Porter's algorithm (the `stemmer`
// package), on the index and the query side alike, so "conflicts" finds a note titled "Conflict
// handling" and "handled" finds it too. Only words of plain letters are stemmed: numbers, words
// with digits and the character pairs of unspaced scripts stay as they are.
import { stemmer } from "stemmer";

const LETTERS = /^[a-z]+$/;

/** The stem of a folded term (the term itself when it is not a word of 3+ plain letters). */
export function stem(term: string): string {
  return term.length > 2 && LETTERS.test(term) ? stemmer(term) : term;
}

/**
 * Stems remembered while a batch of notes is indexed: stemming costs ~1.3 µs a word, a lookup
 * ~0.05 µs, and a vault repeats its words. Bounded, and cleared by the index once nothing is
 * left to index (kept across the slices of one background build), so it holds no memory between
 * builds.
 */
export class StemCache {
  private readonly stems = new Map<string, string>();

  constructor(private readonly max = 200_000) {}

  /** The stem of `term` (a function of its own: pass it around as it is). */
  readonly of = (term: string): string => {
    let s = this.stems.get(term);
    if (s === undefined) {
      s = stem(term);
      if (this.stems.size >= this.max) this.stems.clear();
      this.stems.set(term, s);
    }
    return s;
  };

  clear(): void {
    this.stems.clear();
  }
}

const TYPED_SUFFIX = /(?:ing|ed)$/;

/**
 * The stem a word typed in a query stands for: its stem; but when the stemmer left a word ending
 * in -ing or -ed as it was and the index does not hold it, the word less the suffix (and less
 * one of a doubled last letter, as Porter does): a typo took out the vowel that Porter's rule
 * needs ("plnning"), and "pln" is one typo from the stem "plan" where "plnning" is three.
 */
export function queryStem(word: string, known: (term: string) => boolean): string {
  const s = stem(word);
  if (s !== word || !TYPED_SUFFIX.test(word) || known(word)) return s;
  let base = word.replace(TYPED_SUFFIX, "");
  if (base.length >= 3 && base.at(-1) === base.at(-2)) base = base.slice(0, -1);
  return base.length >= 2 ? base : s;
}
