// Ranked search over the index: BM25 with field boosts, prefix and typo matching, phrases,
// exclusions, tags and the caller's scope and reach; hits with snippets, by score.
import MiniSearch from "minisearch";
import { EVERYWHERE, type Reach, reachesEntry } from "../access/reach.js";
import type { Workspace } from "../workspace/workspace.js";
import { normalizeSpaces, parseQuery } from "./query.js";
import { FIELD_BOOST, rankedIndexOf } from "./rankedIndex.js";
import { type Snippet, snippetsOf } from "./snippets.js";
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
  // Stopwords rank nothing; a phrase made only of them is still looked for, in every note.
  const words = q.terms.filter((t) => !STOPWORDS.has(t));
  if (words.length === 0 && q.tags.length === 0 && q.phrases.length === 0) return undefined;
  if (words.length + q.excluded.length > RANKED_MAX_WORDS) {
    return { tooManyWords: words.length + q.excluded.length };
  }
  const reach = options.reach ?? EVERYWHERE;
  const scopePrefix = options.scope ? `${options.scope}/` : undefined;
  const excluded = new Set<string>();
  for (const list of q.excluded) {
    for (const r of index.mini.search(list.join(" "), { combineWith: "AND", tokenize: split }))
      excluded.add(r.id);
  }
  const keep = (docId: string): boolean => {
    const path = index.pathOf(docId);
    if (path === undefined || excluded.has(docId)) return false;
    if (scopePrefix && !path.startsWith(scopePrefix)) return false;
    if (!reach.all && !reachesEntry(ws, reach, { path, docId })) return false;
    const tags = index.tagsOf(docId);
    if (!q.tags.every((t) => tags.has(t))) return false;
    if (q.phrases.length) {
      const text = normalizeSpaces(fold(ws.view(docId)?.ai ?? ""));
      if (!q.phrases.every((p) => ` ${text} `.includes(` ${p} `))) return false;
    }
    return true;
  };
  const results = words.length
    ? index.mini.search(words.join(" "), {
        tokenize: split,
        boost: { ...FIELD_BOOST },
        // Prefix on the last word only, as it is typed: earlier words are complete.
        prefix: (term, i, all) => i === all.length - 1 && term.length >= 3,
        // One wrong, missing or extra letter from 5 letters, two from 8 (a swap costs two).
        fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false),
        maxFuzzy: 2,
        // With a phrase every word must be there: far fewer notes for the phrase check to read.
        combineWith: q.phrases.length ? "AND" : "OR",
        filter: (r) => keep(r.id),
      })
    : index.mini.search(MiniSearch.wildcard, { filter: (r) => keep(r.id) });
  const ranked = results
    .map((r) => ({
      id: r.id as string,
      score: r.score,
      terms: r.terms,
      path: index.pathOf(r.id) ?? "",
    }))
    .sort((a, b) => b.score - a.score || compare(a.path, b.path));
  const page = ranked.slice(options.offset, options.offset + options.limit);
  return {
    total: ranked.length,
    hits: page.map((r) => ({
      path: r.path,
      score: Math.round(r.score * 100) / 100,
      snippets: snippetsOf(ws.view(r.id)?.ai ?? "", r.terms.length ? r.terms : q.terms),
    })),
  };
}

/** The query side is tokenized already: terms joined by spaces. */
function split(text: string): string[] {
  return text.split(" ").filter(Boolean);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
