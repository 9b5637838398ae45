// @lens/mcp, the MCP door: the MCP server over the service (tool listing and calls), its
// Streamable HTTP sessions as a Hono sub-app, and stdio. It adds no tool behaviour and decides
// nothing the service decides; the host (apps/server) composes it with the other doors.

export { createMcpApp, jsonRpcHttpError } from "./http/mcpApp.js";
export {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  isServerSessionId,
  type McpSession,
  type McpSessionOptions,
  McpSessions,
  readTrackingKey,
} from "./http/mcpSessions.js";
export { createStatelessLeg, type StatelessLegOptions } from "./http/statelessLeg.js";
export { authInfoOf, identityOf } from "./server/identity.js";
export { serverInstructions } from "./server/instructions.js";
export {
  LIST_CHANGE_DELAY_MS,
  type ListChange,
  ListChanges,
  reachesChange,
} from "./server/listChanges.js";
export { createLensServer, type LensServerDeps, mcpToolListing } from "./server/mcpServer.js";
export {
  STDIO_SESSION,
  type StdioConnection,
  type StdioSession,
  serveStdio,
} from "./stdio.js";
