// Search quality measured on fixed queries: the bundled sample vault's relevance set and queries
// drawn from a generated corpus.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Workspace, workspaceFromTexts } from "@lens/core";
import type { Corpus } from "../corpus/generate.js";
import type { RelevanceQuery } from "./evaluate.js";

export { evaluateRelevance, type RelevanceQuery, type RelevanceReport } from "./evaluate.js";
export { generatedQueries } from "./generatedQueries.js";
export { sampleVaultWorkspace } from "./sampleVault.js";

/** `apps/harness/relevance/sample-vault.json`, found from src/ (tests) or dist/ (the CLI). */
export function sampleVaultQueries(): RelevanceQuery[] {
  for (const rel of ["../../relevance/sample-vault.json", "../relevance/sample-vault.json"]) {
    try {
      const file = fileURLToPath(new URL(rel, import.meta.url));
      return (JSON.parse(readFileSync(file, "utf8")) as { queries: RelevanceQuery[] }).queries;
    } catch {
      // try the next layout
    }
  }
  throw new Error("relevance/sample-vault.json not found");
}

/** A workspace holding a generated corpus (documents by folder and path). */
export function corpusWorkspace(corpus: Corpus): Workspace {
  return workspaceFromTexts(
    corpus.plan.folders.map((f) => ({
      name: f.name,
      files: Object.fromEntries(
        corpus.docs.filter((d) => d.plan.folder === f.index).map((d) => [d.plan.path, d.text]),
      ),
    })),
  );
}
