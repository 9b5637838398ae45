// lens-mcp public entry: the composed `lens serve` app, the MCP door it hosts (@lens/mcp: the MCP
// server and its Streamable HTTP and stdio adapters), and the service, for embedding and for the
// harness.

export {
  createLensServer,
  createMcpApp,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  type LensServerDeps,
  type McpSession,
  type McpSessionOptions,
  McpSessions,
  mcpToolListing,
  readTrackingKey,
  STDIO_SESSION,
  type StdioSession,
  serverInstructions,
  serveStdio,
} from "@lens/mcp";
// The service the composition root makes, for embedders (the harness) that compose their own app.
export { createLens, type Lens } from "@lens/service";
export { allowedHostNames, hostGuard, isLoopbackHost } from "./http/hostGuard.js";
export { createLensApp, type LensApp, type LensAppOptions } from "./http/lensApp.js";
export { type Listening, listen } from "./http/listen.js";
export { GrepPool, type GrepPoolOptions } from "./search/grepPool.js";
export { LENS_VERSION } from "./version.js";
