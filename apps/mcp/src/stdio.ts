// MCP over stdio (Claude Desktop style): the same server, one session for the whole process.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/sdk/shared/stdio.js";
import { createLensServer, type LensServerDeps } from "./server/mcpServer.js";

/** Read tracking of the stdio session lives in core's SessionStore under this key. */
export const STDIO_SESSION = "stdio";

/** Longest message MCP over stdio reads (one line); the SDK ends the session past it. */
export const STDIO_MAX_LINE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

export interface StdioSession {
  /** Resolves when the client goes away (stdin closed) or close() was called. */
  closed: Promise<void>;
  /** Why the session ended on the client's input (a line over the limit), if it did. */
  failure(): string | undefined;
  close(): Promise<void>;
}

/** Serves MCP on this process's stdin/stdout. Nothing else may write to stdout. */
export async function serveStdio(deps: LensServerDeps): Promise<StdioSession> {
  const server = createLensServer(deps, { transport: STDIO_SESSION });
  const transport = new StdioServerTransport();
  // The SDK closes the transport when a line passes its buffer, and says so only here: kept,
  // so the command can say why it ends instead of exiting 0 as if the client had left.
  let failure: string | undefined;
  transport.onerror = (error) => {
    if (/ReadBuffer exceeded maximum size/.test(error.message)) {
      failure = `a message on stdin was longer than ${STDIO_MAX_LINE_BYTES} bytes (10 MiB), the most MCP over stdio reads as one line; the session was closed`;
    }
  };
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  // The SDK does not notice a closed stdin by itself: end the session when the client leaves.
  process.stdin.once("end", () => void server.close());
  await server.connect(transport);
  return { closed, failure: () => failure, close: () => server.close() };
}
