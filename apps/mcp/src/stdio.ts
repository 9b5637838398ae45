// MCP over stdio (Claude Desktop style): the same server, one session for the whole process.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createLensServer, type LensServerDeps } from "./server/mcpServer.js";

/** Read tracking of the stdio session lives in core's SessionStore under this key. */
export const STDIO_SESSION = "stdio";

export interface StdioSession {
  /** Resolves when the client goes away (stdin closed) or close() was called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** Serves MCP on this process's stdin/stdout. Nothing else may write to stdout. */
export async function serveStdio(deps: LensServerDeps): Promise<StdioSession> {
  const server = createLensServer(deps, { transport: STDIO_SESSION });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  // The SDK does not notice a closed stdin by itself: end the session when the client leaves.
  process.stdin.once("end", () => void server.close());
  await server.connect(transport);
  return { closed, close: () => server.close() };
}
