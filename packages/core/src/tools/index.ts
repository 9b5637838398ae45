export {
  type AttachmentInfo,
  AttachmentSchema,
  attachmentInfo,
  lookupAttachment,
  renderAttachment,
  safeMimetype,
} from "./attachment.js";
export { createTool } from "./create.js";
export { deleteTool } from "./delete.js";
export {
  type DocumentLookup,
  type FoundDocument,
  lookupDocument,
  resolveWithin,
} from "./document.js";
export { editTool } from "./edit.js";
export {
  type DocumentLinks,
  GET_LINKS_MAX_PER_SECTION,
  getLinksTool,
  linksOf,
} from "./getLinks.js";
export {
  GLOB_MAX_RESULTS,
  type GlobArgs,
  type GlobEntry,
  type GlobResult,
  GlobResultSchema,
  type GlobToolResult,
  globEntries,
  globListing,
  globTool,
} from "./glob.js";
export {
  type GrepArgs,
  type GrepListing,
  GrepPageSchema,
  type GrepPlan,
  grepListing,
  grepOutcome,
  grepPlan,
  grepTool,
} from "./grep.js";
export { INSERT_MAX_CHARS, insertTool } from "./insert.js";
export { moveTool } from "./move.js";
export {
  READ_DEFAULT_LIMIT,
  READ_MAX_LINE,
  READ_MAX_OUTPUT,
  readTool,
  renderRead,
} from "./read.js";
export {
  DOCUMENT_VIEWS,
  type DocumentViewName,
  type ReadRequest,
  type ReadResult,
  ReadResultSchema,
  readDocument,
  type SuggestionInfo,
  SuggestionSchema,
} from "./readDocument.js";
export { RECENT_MAX_LIMIT, recentTool } from "./recent.js";
export { documentsInScope, resolveScope, type Scope } from "./scope.js";
export { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, searchTool } from "./search.js";
export { type ReadTracker, Session, type SessionLimits, SessionStore } from "./session.js";
export {
  SUGGESTIONS_DEFAULT_LIMIT,
  SUGGESTIONS_MAX_LIMIT,
  type SuggestionHistoryItem,
  suggestionsTool,
} from "./suggestions.js";
export {
  defineTool,
  failedResult,
  invokeTool,
  type Tool,
  type ToolContext,
  type ToolResult,
  toToolResult,
} from "./tool.js";
