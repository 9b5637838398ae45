// Public API of review/: listing and resolving pending suggestions across documents, within a
// caller's reach.

export { type AuthorKind, authorKind, writtenByLens } from "./authorKind.js";
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
export { type ChangeKind, changeKind } from "./changeKind.js";
export { textFingerprint } from "./fingerprint.js";
export {
  type PendingSuggestion,
  pendingSuggestions,
  type SuggestionFilter,
  type TokenRoleOf,
} from "./pending.js";
export { type Restore, restoresOf, restoreText } from "./restores.js";
export {
  applyRestores,
  type ReviewUndo,
  reviewUndoOf,
  type UndoneReview,
  undoReview,
} from "./undo.js";
export { withdrawTool } from "./withdraw.js";
