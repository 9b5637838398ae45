// Corpus generation as a stream of documents (so 50 000 of them never need to sit in memory
// at once), or all at once for small corpora and tests.
import { type GeneratedDoc, generateDocument } from "./document.js";
import type { CorpusOptions } from "./options.js";
import { type CorpusPlan, planCorpus } from "./plan.js";
import { type CorpusStats, CorpusStatsBuilder } from "./stats.js";

/** Every document of the plan, in plan order, generated one at a time. */
export function* generateDocs(plan: CorpusPlan): Generator<GeneratedDoc> {
  for (const doc of plan.docs) yield generateDocument(plan, doc);
}

export interface Corpus {
  plan: CorpusPlan;
  docs: GeneratedDoc[];
  stats: CorpusStats;
}

export function generateCorpus(options: CorpusOptions): Corpus {
  const plan = planCorpus(options);
  const stats = new CorpusStatsBuilder(plan);
  const docs: GeneratedDoc[] = [];
  for (const doc of generateDocs(plan)) {
    stats.add(doc);
    docs.push(doc);
  }
  return { plan, docs, stats: stats.result() };
}
