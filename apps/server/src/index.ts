// lens-mcp public entry: the MCP server, its Streamable HTTP and stdio adapters, and the
// composed `lens serve` app, for embedding and for the harness.

// The service the composition root makes, for embedders (the harness) that compose their own app.
export { createLens, type Lens } from "@lens/service";
export { allowedHostNames, hostGuard, isLoopbackHost } from "./http/hostGuard.js";
export { createLensApp, type LensApp, type LensAppOptions } from "./http/lensApp.js";
export { type Listening, listen } from "./http/listen.js";
export { createMcpApp } from "./http/mcpApp.js";
export {
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  type McpSession,
  type McpSessionOptions,
  McpSessions,
  readTrackingKey,
} from "./http/mcpSessions.js";
export { GrepPool, type GrepPoolOptions } from "./search/grepPool.js";
export { serverInstructions } from "./server/instructions.js";
export { createLensServer, type LensServerDeps, mcpToolListing } from "./server/mcpServer.js";
export { STDIO_SESSION, type StdioSession, serveStdio } from "./stdio.js";
export { LENS_VERSION } from "./version.js";
