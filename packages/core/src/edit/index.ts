// Public API of edit/: the CriticMarkup edit engine.
export { applyEdit, applyReplacements } from "./applyEdit.js";
export { LENS_EDIT_ORIGIN } from "./origin.js";
export type {
  EditErrorCode,
  EditOptions,
  EditOutcome,
  EditRequest,
} from "./outcome.js";
export type { Replacement } from "./plan.js";
