// Public API of review/: listing and resolving pending suggestions across documents, within a
// caller's reach.
export {
  type BatchReview,
  type DocumentReview,
  type ReviewAction,
  type ReviewError,
  type ReviewedSuggestion,
  type ReviewOutcome,
  type ReviewRequest,
  reviewSuggestions,
} from "./batchReview.js";
export { type PendingSuggestion, pendingSuggestions, type SuggestionFilter } from "./pending.js";
export { withdrawTool } from "./withdraw.js";
