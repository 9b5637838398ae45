// The name bonus: a note whose name (or one of its aliases) holds a word of the query is about
// that word, whatever the length of its text. BM25 over the weighted fields (weightedTerms.ts)
// normalizes by the whole note's length, so a long note named "Conflict handling" can rank below
// short notes that only mention conflicts; the best candidates are ranked again with, for each
// query word in the name, the word's IDF × NAME_BONUS added, times the number of such words;
// doubled when the query is the name itself (as typed, case, accents and punctuation aside),
// so "Postmortem and" finds the note of that name before "Postmortem" and "Postmortem sync".
// The notes ranked again are the best NAME_RERANK by BM25 and every note whose name holds a
// term a query word matched (the index keeps which notes each name stem is in).

import { nameStems } from "./nameStems.js";
import { normalizeSpaces } from "./query.js";
import { editDistance, MAX_FUZZY, type QueryWord } from "./rankedScores.js";
import { stem } from "./stems.js";
import { fold } from "./terms.js";

export const NAME_BONUS = 3;

/** The best this many by BM25 (or to the page's end, when further) are ranked again. */
export const NAME_RERANK = 100;

/** IDF as BM25 has it, from the notes a word matched out of all. */
export function idf(matched: number, notes: number): number {
  return Math.log(1 + (notes - matched + 0.5) / (matched + 0.5));
}

/** A name or query as compared whole: folded, runs of other characters as one space. */
export function wholeName(text: string): string {
  return normalizeSpaces(fold(text));
}

/**
 * The bonus of a note named `names` (its name, then its aliases); `idfs` by word, `query` the
 * query as wholeName gives it.
 */
export function nameBonus(
  names: readonly string[],
  words: readonly QueryWord[],
  idfs: readonly number[],
  query: string,
  stemOf: (term: string) => string = stem,
): number {
  const stems = nameStems(names, stemOf);
  if (stems.size === 0) return 0;
  let sum = 0;
  let found = 0;
  const seen = new Set<string>();
  words.forEach((w, i) => {
    if (seen.has(w.term) || !inName(stems, w)) return;
    seen.add(w.term);
    sum += idfs[i] ?? 0;
    found++;
  });
  const whole = names.some((n) => wholeName(n) === query) ? 2 : 1;
  return sum * NAME_BONUS * found * whole;
}

function inName(stems: ReadonlySet<string>, w: QueryWord): boolean {
  if (stems.has(w.term)) return true;
  const distance =
    w.fuzzy === false ? 0 : w.fuzzy < 1 ? Math.round(w.term.length * w.fuzzy) : w.fuzzy;
  for (const s of stems) {
    if (w.prefix && s.startsWith(w.term)) return true;
    if (distance > 0 && editDistance(w.term, s, Math.min(distance, MAX_FUZZY)) <= distance)
      return true;
  }
  return false;
}
