export { createTool } from "./create.js";
export { type DocumentLookup, lookupDocument, resolveWithin } from "./document.js";
export { editTool } from "./edit.js";
export {
  type DocumentLinks,
  GET_LINKS_MAX_PER_SECTION,
  getLinksTool,
  linksOf,
} from "./getLinks.js";
export {
  GLOB_MAX_RESULTS,
  type GlobEntry,
  type GlobResult,
  globEntries,
  globTool,
} from "./glob.js";
export { type GrepArgs, type GrepPlan, grepPlan, grepStructured, grepTool } from "./grep.js";
export { moveTool } from "./move.js";
export { READ_DEFAULT_LIMIT, READ_MAX_LINE, READ_MAX_OUTPUT, readTool } from "./read.js";
export {
  type CallContext,
  type CheckedCall,
  callTool,
  checkToolCall,
  findTool,
  lensTools,
  sessionIdArg,
  ToolCallError,
  toolArguments,
  toolInputJsonSchema,
  toolRefusal,
  toolsFor,
} from "./registry.js";
export { documentsInScope, resolveScope, type Scope } from "./scope.js";
export { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, searchTool } from "./search.js";
export { Session, type SessionLimits, SessionStore } from "./session.js";
export { defineTool, fail, ok, type Tool, type ToolErrorCode, type ToolResult } from "./tool.js";
