// Ranked search over the index: BM25F-like field weights over stems, prefix and typo matching,
// phrases, exclusions, tags and the caller's scope and reach; hits with snippets, by score.
import MiniSearch from "minisearch";
import { EVERYWHERE, type Reach, reachesEntry } from "../access/reach.js";
import type { Workspace } from "../workspace/workspace.js";
import { nameBonuses, wholeName } from "./nameBonus.js";
import { normalizeSpaces, parseQuery, type RankedQuery } from "./query.js";
import { type RankedIndex, rankedIndexOf } from "./rankedIndex.js";
import { type QueryWord, rankedScores, type Scored, type WordMatch } from "./rankedScores.js";
import { type Snippet, snippetsOf } from "./snippets.js";
import { queryStem, StemCache, stem } from "./stems.js";
import { STOPWORDS } from "./stopwords.js";
import { fold } from "./terms.js";

export interface RankedHit {
  path: string;
  score: number;
  snippets: Snippet[];
}

/** Most words a query may hold: each costs a walk of the term tree (with typos, a wide one). */
export const RANKED_MAX_WORDS = 32;

export interface RankedResult {
  hits: RankedHit[];
  /** Hits in all, before paging. */
  total: number;
}

export interface RankedOptions {
  /** Only notes whose path starts with this folder or sub-folder path (`Team/Notes`). */
  scope?: string;
  reach?: Reach;
  limit: number;
  offset: number;
}

/**
 * Runs `query`; undefined when it holds nothing to look for (no word, phrase or tag), and
 * `tooManyWords` when it holds more than RANKED_MAX_WORDS.
 */
export function rankedSearch(
  ws: Workspace,
  query: string,
  options: RankedOptions,
): RankedResult | { tooManyWords: number } | undefined {
  const index = rankedIndexOf(ws);
  index.flush();
  const q = parseQuery(query);
  const words = rankingWords(q.terms);
  if (words.length === 0 && q.tags.length === 0 && q.phrases.length === 0) return undefined;
  if (words.length + q.excluded.length > RANKED_MAX_WORDS) {
    return { tooManyWords: words.length + q.excluded.length };
  }
  const perWord: WordMatch[] = [];
  const matches = withNameBonus(
    index,
    rankedMatches(ws, index, q, options, perWord),
    perWord,
    wholeName(query),
  );
  const page = best(matches, options.offset + options.limit).slice(options.offset);
  // The page's snippets stem the same words again and again: one cache for all.
  const stemOf = new StemCache().of;
  return {
    total: matches.length,
    hits: page.map((r) => {
      const { id, score } = r.note;
      // Longest first: a word is marked for the most specific term, whatever the order found.
      const terms = r.note.terms().sort(longestFirst);
      return {
        path: r.path,
        score: Math.round(score * 100) / 100,
        snippets: snippetsOf(ws.view(id)?.ai ?? "", terms.length ? terms : words, 2, stemOf),
      };
    }),
  };
}

export interface RankedMatch {
  path: string;
  note: Scored;
}

/** `matches` with the name bonus (nameBonus.ts) added to the scores of the notes it is for. */
function withNameBonus(
  index: RankedIndex,
  matches: RankedMatch[],
  perWord: readonly WordMatch[],
  whole: string,
): RankedMatch[] {
  const bonuses = nameBonuses(index, perWord, index.mini.documentCount, whole);
  if (bonuses.size === 0) return matches;
  return matches.map((m) => {
    const bonus = bonuses.get(m.note.id);
    if (!bonus) return m;
    const note = m.note;
    return {
      path: m.path,
      note: { id: note.id, score: note.score + bonus, terms: () => note.terms() },
    };
  });
}

/**
 * The stems a query ranks by: stopwords rank nothing (a phrase made only of them is still looked
 * for, in every note), the other words as the index holds them, stemmed.
 */
export function rankingWords(terms: readonly string[]): string[] {
  return unstemmed(terms).map(stem);
}

/** The words of a query that rank, before stemming. */
function unstemmed(terms: readonly string[]): string[] {
  return terms.filter((t) => !STOPWORDS.has(t));
}

/** The notes of the flushed `index` that match `q` in the caller's scope and reach (any order). */
export function rankedMatches(
  ws: Workspace,
  index: RankedIndex,
  q: RankedQuery,
  options: Pick<RankedOptions, "scope" | "reach">,
  perWord?: WordMatch[],
): RankedMatch[] {
  const reach = options.reach ?? EVERYWHERE;
  const scopePrefix = options.scope ? `${options.scope}/` : undefined;
  const excluded = excludedNotes(index, q);
  /** The note's path when it is a hit, else undefined. */
  const kept = (docId: string): string | undefined => {
    const path = index.pathOf(docId);
    if (path === undefined || excluded.has(docId)) return undefined;
    if (scopePrefix && !path.startsWith(scopePrefix)) return undefined;
    if (!reach.all && !reachesEntry(ws, reach, { path, docId })) return undefined;
    const tags = index.tagsOf(docId);
    if (!q.tags.every((t) => tags.has(t))) return undefined;
    if (q.phrases.length) {
      const text = normalizeSpaces(fold(ws.view(docId)?.aiOnce() ?? ""));
      if (!q.phrases.every((p) => ` ${text} `.includes(` ${p} `))) return undefined;
    }
    return path;
  };
  const hits: RankedMatch[] = [];
  for (const note of scoredNotes(index, q, perWord)) {
    const path = kept(note.id);
    if (path !== undefined) hits.push({ path, note });
  }
  return hits;
}

/** Notes holding all the words of one of the excluded words or phrases. */
function excludedNotes(index: RankedIndex, q: RankedQuery): Set<string> {
  const excluded = new Set<string>();
  for (const list of q.excluded) {
    const exact = rankingWords(list).map((term) => ({
      term,
      prefix: false,
      fuzzy: false as const,
    }));
    for (const r of rankedScores(index, exact, "AND")) excluded.add(r.id);
  }
  return excluded;
}

/** Every note the words match, scored; every note, scored 1, for a query of tags or phrases. */
function scoredNotes(index: RankedIndex, q: RankedQuery, perWord?: WordMatch[]): Scored[] {
  const words = unstemmed(q.terms);
  if (words.length === 0) {
    return index.mini
      .search(MiniSearch.wildcard)
      .map((r) => ({ id: r.id, score: r.score, terms: () => [] }));
  }
  // With a phrase every word must be there: far fewer notes for the phrase check to read.
  const how = queryWords(words, index.knows);
  return rankedScores(index, how, q.phrases.length ? "AND" : "OR", perWord);
}

/** Best first: by score, then by path. */
export function byRank(a: RankedMatch, b: RankedMatch): number {
  return b.note.score - a.note.score || compare(a.path, b.path);
}

/** The first `count` of `matches` by rank, without sorting them all (a query may match most notes). */
function best(matches: RankedMatch[], count: number): RankedMatch[] {
  if (count <= 0) return [];
  if (count >= matches.length / 4) return matches.sort(byRank).slice(0, count);
  const top: RankedMatch[] = [];
  for (const m of matches) {
    if (top.length === count && byRank(m, top[count - 1] as RankedMatch) >= 0) continue;
    let at = top.length;
    while (at > 0 && byRank(m, top[at - 1] as RankedMatch) < 0) at--;
    top.splice(at, 0, m);
    if (top.length > count) top.pop();
  }
  return top;
}

/**
 * How each word may match, `words` as typed (folded, stopwords out): by its stem (`queryStem`,
 * `known` telling which terms the index holds); by prefix the last word only, as it is typed
 * (earlier words are complete), from 3 letters, unless the stemmer cut it (a whole word); with one wrong, missing or extra letter from 5
 * letters as typed, two from 8 (a swap costs two), and two only when the stem has 6 letters or more.
 */
export function queryWords(
  words: readonly string[],
  known: (term: string) => boolean = () => true,
): QueryWord[] {
  return words.map((word, i) => {
    const term = queryStem(word, known);
    // As typed, but two only from a 6-letter stem: "planning" is 8 letters, yet two typos from
    // its stem "plan" is most short words ("onbaording" → "onbaord" still gets two).
    const typos = Math.min(
      word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0,
      Math.max(1, Math.ceil((term.length - 1) / 4)),
    );
    return {
      term,
      // A word the stemmer cut ("handling") was whole: its stem needs no prefix matching.
      prefix: i === words.length - 1 && word.length >= 3 && term === word,
      fuzzy: typos > 0 ? typos : false,
    };
  });
}

function longestFirst(a: string, b: string): number {
  return b.length - a.length || compare(a, b);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
