// Public API of critic/: CriticMarkup parsing, the AI and base views, and suggestion review.
export {
  type CriticKind,
  type DelimiterHit,
  findDelimiter,
  hasDelimiter,
  MARK_FORMS,
  type MarkForm,
  mayContainMarks,
} from "./delimiters.js";
export { type CriticMeta, formatMeta } from "./meta.js";
export {
  type CodeRegion,
  type CriticMark,
  type CriticScan,
  parseCritic,
  scanCritic,
} from "./parse.js";
export { MAX_REASON_CHARS, reasonProblem } from "./reason.js";
export {
  acceptSuggestions,
  LENS_REVIEW_ORIGIN,
  type ReviewResult,
  rejectSuggestions,
} from "./review.js";
export { suggestionKey } from "./suggestionId.js";
export { listSuggestions, type Suggestion, type SuggestionKind } from "./suggestions.js";
export { buildViewMap, type RawRange, ViewMap, type ViewSegment } from "./viewMap.js";
export { aiView, baseView } from "./views.js";
