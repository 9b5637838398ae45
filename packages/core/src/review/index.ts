// Public API of review/: listing and resolving pending suggestions across documents, within a
// caller's reach.

export {
  type ChangeFilter,
  changesIn,
  findChange,
  type LocatedChange,
  pendingChangesOf,
} from "../changes/changes.js";
export { type ChangeRequest, suggestChange } from "../changes/suggestChange.js";
export { textFingerprint } from "../critic/fingerprint.js";
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
export {
  type PendingSuggestion,
  pendingSuggestions,
  type SuggestionFilter,
  type TokenRoleOf,
} from "./pending.js";
export { type ListedChange, pendingChanges } from "./pendingChanges.js";
export { type ChangeAction, type ResolvedChange, resolveChange } from "./resolveChange.js";
export { type Restore, restoresOf, restoreText } from "./restores.js";
export {
  applyRestores,
  type ReviewUndo,
  reviewUndoOf,
  type UndoneReview,
  undoReview,
} from "./undo.js";
export { type ChangeResult, reviewUnits, type UnitRequest, type UnitReview } from "./unitReview.js";
export { withdrawTool } from "./withdraw.js";
