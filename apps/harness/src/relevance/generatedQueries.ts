// Relevance queries over a generated corpus: for sampled notes whose name is unique in the
// corpus, the name itself and the name's words with one letter dropped (a typo), and each note's
// unique reference token — each expected to rank that note in the top 3.
import type { Corpus } from "../corpus/generate.js";
import { Random } from "../random/random.js";
import type { RelevanceQuery } from "./evaluate.js";

export function generatedQueries(corpus: Corpus, count: number, seed: number): RelevanceQuery[] {
  const rng = new Random(seed);
  const names = new Map<string, number>();
  for (const d of corpus.plan.docs)
    names.set(d.name.toLowerCase(), (names.get(d.name.toLowerCase()) ?? 0) + 1);
  const folderName = (i: number) => corpus.plan.folders[i]?.name ?? "";
  const candidates = corpus.plan.docs.filter(
    (d) => !d.empty && names.get(d.name.toLowerCase()) === 1,
  );
  const out: RelevanceQuery[] = [];
  for (let i = 0; i < count && candidates.length; i++) {
    const d = candidates[rng.int(0, candidates.length - 1)]!;
    const expected = `${folderName(d.folder)}/${d.path}`;
    const words = d.name.split(/\s+/).filter((w) => w.length > 0);
    const typo = words.map((w) => (w.length >= 6 ? w.slice(0, 2) + w.slice(3) : w)).join(" ");
    out.push({ query: d.name, expected }, { query: typo, expected }, { query: d.ref, expected });
  }
  return out;
}
