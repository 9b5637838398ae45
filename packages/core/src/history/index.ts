// Public API of history/: the records of suggestions tools wrote and what became of them.
export {
  type HistoryFilter,
  type HistoryItem,
  MAX_HISTORY_RECORDS,
  SuggestionHistory,
} from "./suggestionHistory.js";
export {
  MAX_REPLY_CHARS,
  RECORD_TEXT_CHARS,
  SUGGESTION_STATUSES,
  type SuggestionResolution,
  type SuggestionStatus,
  type WrittenSuggestion,
  writtenSuggestion,
} from "./suggestionRecord.js";
export { suggestionsWritten } from "./written.js";
