// Searcher: lines, matches and context of one document, reported to a sink.
export { RecordingSink, type SinkEvent } from "./recordingSink.js";
export { type SearchOptions, type SearchOutcome, searchDocument } from "./searcher.js";
export type { SearchSummary, Sink } from "./sink.js";
