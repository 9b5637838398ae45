export { Session, SessionStore } from "./session.js";
export { defineTool, fail, ok, type Tool, type ToolResult } from "./tool.js";
export { lookupDocument, type DocumentLookup } from "./document.js";
