// Search quality measured on fixed queries: the bundled sample vault's relevance set, natural
// questions over the help vault, and queries drawn from a generated corpus.
import { type Workspace, workspaceFromTexts } from "@lens/core";
import type { Corpus } from "../corpus/generate.js";
import type { RelevanceQuery } from "./evaluate.js";
import { relevanceQueries } from "./relevanceFiles.js";

export { evaluateRelevance, type RelevanceQuery, type RelevanceReport } from "./evaluate.js";
export { generatedQueries } from "./generatedQueries.js";
export { helpVaultWorkspace } from "./helpVault.js";
export { sampleVaultWorkspace } from "./sampleVault.js";

/** `apps/harness/relevance/sample-vault.json`. */
export function sampleVaultQueries(): RelevanceQuery[] {
  return relevanceQueries("sample-vault");
}

/** `apps/harness/relevance/help-vault.json`: natural questions over the help vault. */
export function helpVaultQueries(): RelevanceQuery[] {
  return relevanceQueries("help-vault");
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
