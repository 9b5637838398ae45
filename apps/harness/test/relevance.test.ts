// Search quality floors: the sample vault's relevance set, natural questions over the help vault
// (issue 35's goals: recall@3 ≥ 0.85, MRR ≥ 0.75) and queries drawn from a generated corpus, as
// recall@3 and MRR. The measured values are in apps/harness/README.md.
import { describe, expect, it } from "vitest";
import { generateCorpus } from "../src/corpus/generate.js";
import {
  corpusWorkspace,
  evaluateRelevance,
  generatedQueries,
  helpVaultQueries,
  helpVaultWorkspace,
  sampleVaultQueries,
  sampleVaultWorkspace,
} from "../src/relevance/index.js";

describe("search relevance", () => {
  it("finds the expected note in the top 3 on the sample vault", () => {
    const report = evaluateRelevance(sampleVaultWorkspace(), sampleVaultQueries());
    console.log(
      `sample vault: recall@3 ${report.recallAt3.toFixed(2)}, MRR ${report.mrr.toFixed(2)}`,
      report.misses,
    );
    expect(report.queries).toBe(20);
    expect(report.recallAt3).toBeGreaterThanOrEqual(0.95);
    expect(report.mrr).toBeGreaterThanOrEqual(0.9);
  });

  it("answers natural questions over the help vault", () => {
    const report = evaluateRelevance(helpVaultWorkspace(), helpVaultQueries());
    console.log(
      `help vault: recall@3 ${report.recallAt3.toFixed(2)}, MRR ${report.mrr.toFixed(2)}`,
      report.misses,
    );
    expect(report.queries).toBe(84);
    expect(report.recallAt3).toBeGreaterThanOrEqual(0.85);
    expect(report.mrr).toBeGreaterThanOrEqual(0.75);
  });

  it("finds notes of a generated corpus by name, with a typo, and by reference", () => {
    const corpus = generateCorpus({ seed: 7, docs: 600, folders: 3 });
    const queries = generatedQueries(corpus, 40, 7);
    const report = evaluateRelevance(corpusWorkspace(corpus), queries);
    console.log(
      `generated: recall@3 ${report.recallAt3.toFixed(2)}, MRR ${report.mrr.toFixed(2)}`,
      report.misses.slice(0, 5),
    );
    expect(report.queries).toBe(120);
    expect(report.recallAt3).toBeGreaterThanOrEqual(0.9);
    expect(report.mrr).toBeGreaterThanOrEqual(0.85);
  });
});
