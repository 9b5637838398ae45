// @lens/harness public entry: the corpus generator, scenario replay across adapters, and the
// pieces of the benchmark suite, for scripts and tests.

export { BENCH_PARTS, type BenchOptions, runBench } from "./bench/runBench.js";
export { type CachedCorpus, corpusKey, ensureCorpus, GENERATOR_VERSION } from "./corpus/cache.js";
export { type DocStats, type GeneratedDoc, generateDocument } from "./corpus/document.js";
export { type Corpus, generateCorpus, generateDocs } from "./corpus/generate.js";
export { LINK_FORMS, type LinkForm } from "./corpus/links.js";
export { CRITIC_FORMS, type CriticForm } from "./corpus/marks.js";
export { CORPUS_DEFAULTS, type CorpusOptions, resolveCorpusOptions } from "./corpus/options.js";
export { type CorpusPlan, type DocPlan, type FolderPlan, planCorpus } from "./corpus/plan.js";
export { type CorpusStats, CorpusStatsBuilder } from "./corpus/stats.js";
export {
  contentDocIdOf,
  folderDocId,
  type WriteDataOptions,
  writeDataDir,
} from "./corpus/writeData.js";
export { type WriteVaultOptions, writeVault } from "./corpus/writeVault.js";
export { mixSeed, Random } from "./random/random.js";
export type { Adapter, ServerTarget, ToolSession } from "./scenario/adapter.js";
export { type CallOutcome, checkOutcome, type Mismatch } from "./scenario/expect.js";
export { defaultScenarioDir, loadScenarioFile, loadScenarios } from "./scenario/load.js";
export { connectMcp, mcpAdapter } from "./scenario/mcpAdapter.js";
export {
  type Difference,
  formatReplayReport,
  type ReplayReport,
  replayScenarios,
  type ScenarioRun,
} from "./scenario/replay.js";
export { restAdapter } from "./scenario/restAdapter.js";
export {
  ADAPTERS,
  type AdapterName,
  type Expectation,
  type Scenario,
  ScenarioError,
  type ScenarioStep,
  TOOLS,
  type ToolName,
  validateScenario,
} from "./scenario/schema.js";
export { type LensServeOptions, type LensServer, startLensServe } from "./server/lensServe.js";
