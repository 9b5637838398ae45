// Public API of search/: grep over documents, and its matcher / searcher / printer parts.

export { compileGlobs, type GlobFilter, MAX_GLOB_LENGTH, MAX_GLOBS } from "./glob.js";
export {
  DEFAULT_HEAD_LIMIT,
  DEFAULT_MAX_OUTPUT_CHARS,
  DEFAULT_TIME_LIMIT_MS,
  type GrepFailure,
  type GrepOptions,
  type GrepOutcome,
  type GrepPage,
  type GrepParams,
  type GrepResult,
  type GrepResume,
  grepDocuments,
  grepSearch,
  NO_MATCHES,
  type OutputMode,
  renderGrep,
  type SearchDoc,
} from "./grep.js";
export {
  compileMatcher,
  foldCase,
  type KeptForText,
  type Match,
  type Matcher,
  type MatcherOptions,
  PatternError,
  type Prefilter,
} from "./matcher/index.js";
export { compareBytes, comparePaths } from "./order.js";
export {
  ContentPrinter,
  CountPrinter,
  type EntryFormat,
  type EntryStyle,
  entryFormat,
  FilesPrinter,
  type GrepEntry,
  type OutputLimits,
  OutputLines,
  RG_SEPARATORS,
  renderEntry,
  type Separators,
  STRING_FORMAT,
} from "./printer/index.js";
export {
  RecordingSink,
  type SearchOptions,
  type SearchOutcome,
  type SearchSummary,
  type Sink,
  type SinkEvent,
  searchDocument,
} from "./searcher/index.js";
