// The stems of a note's names (its file name and aliases), for the name bonus (nameBonus.ts)
// and the index's map from name stems to notes (rankedIndex.ts).
import { STOPWORDS } from "./stopwords.js";
import { terms } from "./terms.js";

/** The stems of `names` (stopwords left out). */
export function nameStems(names: readonly string[], stemOf: (term: string) => string): Set<string> {
  const stems = new Set<string>();
  for (const name of names) {
    for (const t of terms(name)) if (!STOPWORDS.has(t)) stems.add(stemOf(t));
  }
  return stems;
}
