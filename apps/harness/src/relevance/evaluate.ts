// Search quality: queries with the note each should find, scored as recall@3 (how often it is in
// the top 3) and MRR (mean of 1 / its rank, 0 when not in the top 10).
import { rankedSearch, type Workspace } from "@lens/core";

export interface RelevanceQuery {
  query: string;
  expected: string;
}

export interface RelevanceReport {
  queries: number;
  recallAt3: number;
  mrr: number;
  /** Queries whose note was not in the top 3, with the top 3 found. */
  misses: { query: string; expected: string; rank: number | undefined; top: string[] }[];
}

export function evaluateRelevance(
  ws: Workspace,
  queries: readonly RelevanceQuery[],
): RelevanceReport {
  let inTop3 = 0;
  let reciprocal = 0;
  const misses: RelevanceReport["misses"] = [];
  for (const q of queries) {
    const found = rankedSearch(ws, q.query, { limit: 10, offset: 0 });
    const hits = found && "hits" in found ? found.hits : [];
    const at = hits.findIndex((h) => h.path === q.expected);
    const rank = at === -1 ? undefined : at + 1;
    if (rank !== undefined) reciprocal += 1 / rank;
    if (rank !== undefined && rank <= 3) inTop3++;
    else
      misses.push({
        query: q.query,
        expected: q.expected,
        rank,
        top: hits.slice(0, 3).map((h) => h.path),
      });
  }
  const n = Math.max(1, queries.length);
  return { queries: queries.length, recallAt3: inTop3 / n, mrr: reciprocal / n, misses };
}
