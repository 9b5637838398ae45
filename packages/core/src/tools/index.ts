export { Session, SessionStore } from "./session.js";
export { defineTool, fail, ok, type Tool, type ToolErrorCode, type ToolResult } from "./tool.js";
export { lookupDocument, type DocumentLookup } from "./document.js";
export { readTool, READ_DEFAULT_LIMIT, READ_MAX_LINE, READ_MAX_OUTPUT } from "./read.js";
export { globEntries, globTool, GLOB_MAX_RESULTS, type GlobEntry, type GlobResult } from "./glob.js";
export {
  callTool,
  findTool,
  lensTools,
  sessionIdArg,
  toolArguments,
  toolInputJsonSchema,
  ToolCallError,
  type CallContext,
} from "./registry.js";
export { getLinksTool, GET_LINKS_MAX_PER_SECTION, linksOf, type DocumentLinks } from "./getLinks.js";
export { grepStructured, grepTool, type GrepArgs } from "./grep.js";
export { editTool } from "./edit.js";
