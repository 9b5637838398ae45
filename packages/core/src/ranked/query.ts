// A ranked-search query as people type it: words (found by prefix and, when long, with typos),
// "quoted phrases", -excluded words or phrases, and #tags.
import { fold, terms } from "./terms.js";

export interface RankedQuery {
  /** Folded terms to rank by (words and the words of phrases). */
  terms: string[];
  /** Folded phrases (single spaces) a hit must contain. */
  phrases: string[];
  /** Term lists of excluded words or phrases: a note holding all terms of one is dropped. */
  excluded: string[][];
  /** Folded tags without `#`, every one of which a hit must carry. */
  tags: string[];
}

const PART = /(-?)(?:"([^"]*)"?|(\S+))/g;

export function parseQuery(input: string): RankedQuery {
  const q: RankedQuery = { terms: [], phrases: [], excluded: [], tags: [] };
  for (const m of input.matchAll(PART)) {
    const negative = m[1] === "-";
    const phrase = m[2];
    const word = m[3] ?? "";
    if (phrase === undefined && !negative && /^#[\p{L}\p{N}_\-/]+$/u.test(word)) {
      q.tags.push(word.slice(1).toLowerCase().normalize("NFC"));
      continue;
    }
    const parts = terms(phrase ?? word);
    if (parts.length === 0) continue;
    if (negative) q.excluded.push(parts);
    else {
      q.terms.push(...parts);
      if (phrase !== undefined && parts.length > 1) q.phrases.push(normalizeSpaces(fold(phrase)));
    }
  }
  return q;
}

/** Folded text with every run of non-word characters as one space, for phrase matching. */
export function normalizeSpaces(folded: string): string {
  return folded.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}
