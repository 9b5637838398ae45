// The name bonus: a note whose name (or one of its aliases) holds a word of the query is about
// that word, whatever the length of its text. BM25 over the weighted fields (weightedTerms.ts)
// normalizes by the whole note's length, so a long note named "Conflict handling" can rank below
// short notes that only mention conflicts. Such notes get, for each query word their name holds
// (a term the word matched: itself, by prefix or with a typo), the word's IDF × NAME_BONUS,
// times the number of such words; doubled when the query is the name itself (as typed, case,
// accents and punctuation aside), so "Postmortem and" finds the note of that name before
// "Postmortem" and "Postmortem sync". The index keeps which notes each name stem is in, so
// finding them costs a lookup per matched term; the bonus is added to their BM25 scores before
// the page is picked.
import { normalizeSpaces } from "./query.js";
import type { WordMatch } from "./rankedScores.js";
import { fold } from "./terms.js";

export const NAME_BONUS = 3;

/** What the bonus needs of the index. */
export interface NamedNotes {
  /** The notes whose name or an alias holds `term` (a stem). */
  namedBy(term: string): ReadonlySet<string> | undefined;
  /** A note's name, then its aliases. */
  namesOf(docId: string): string[];
}

/** IDF as BM25 has it, from the notes a word matched out of all. */
export function idf(matched: number, notes: number): number {
  return Math.log(1 + (notes - matched + 0.5) / (matched + 0.5));
}

/** A name or query as compared whole: folded, runs of other characters as one space. */
export function wholeName(text: string): string {
  return normalizeSpaces(fold(text));
}

/**
 * The bonus of each note whose name holds a term some word matched (`perWord`, by word; a
 * repeated word matched no note of its own and counts once); `notes` in all, `query` as
 * wholeName gives it.
 */
export function nameBonuses(
  index: NamedNotes,
  perWord: readonly WordMatch[],
  notes: number,
  query: string,
): Map<string, number> {
  const found = new Map<string, { sum: number; words: number }>();
  for (const w of perWord) {
    if (w.notes === 0) continue;
    const weight = idf(w.notes, notes);
    const seen = new Set<string>();
    for (const term of w.terms) {
      for (const id of index.namedBy(term) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const f = found.get(id);
        if (f) {
          f.sum += weight;
          f.words++;
        } else found.set(id, { sum: weight, words: 1 });
      }
    }
  }
  const out = new Map<string, number>();
  const words = perWord.filter((w) => w.notes > 0).length;
  for (const [id, f] of found) {
    // Only a name holding every word, and about as long (folding and spacing aside), can be
    // the query itself: the test is cheap, folding every name of a common word is not.
    const whole =
      f.words === words &&
      index
        .namesOf(id)
        .some((n) => Math.abs(n.length - query.length) <= 4 && wholeName(n) === query)
        ? 2
        : 1;
    out.set(id, f.sum * NAME_BONUS * f.words * whole);
  }
  return out;
}
