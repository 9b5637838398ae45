export { Session, SessionStore } from "./session.js";
export { defineTool, fail, ok, type Tool, type ToolResult } from "./tool.js";
export { lookupDocument, type DocumentLookup } from "./document.js";
export { readTool, READ_DEFAULT_LIMIT, READ_MAX_LINE, READ_MAX_OUTPUT } from "./read.js";
export { globTool, GLOB_MAX_RESULTS } from "./glob.js";
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
export { getLinksTool, GET_LINKS_MAX_PER_SECTION } from "./getLinks.js";
