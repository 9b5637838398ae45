// MCP over stdio (Claude Desktop style, and `lens stdio` bridged to a running serve): the same
// server, one connection. The SDK's serveStdio pins the connection to the era its first message
// implies (`initialize`: 2025-11-25; an `_meta` envelope: 2026-07-28). Either way the
// connection is one client, so its reads are tracked under the connection (`session`) as a
// 2025 session's are; a `session_id` the client passes still goes first.
import type { Readable, Writable } from "node:stream";
import type { Actor, SessionRef } from "@lens/service";
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from "@modelcontextprotocol/server";
import {
  StdioServerTransport,
  serveStdio as sdkServeStdio,
} from "@modelcontextprotocol/server/stdio";
import { createLensServer, type LensServerDeps } from "./server/mcpServer.js";

/** Read tracking of the stdio session lives in core's SessionStore under this key. */
export const STDIO_SESSION = "stdio";

/** Longest message MCP over stdio reads (one line); the SDK ends the session past it. */
export const STDIO_MAX_LINE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;

export interface StdioSession {
  /** Resolves when the client goes away (its input closed), the input broke a limit, or close() was called. */
  closed: Promise<void>;
  /** Why the session ended on the client's input (a line over the limit), if it did. */
  failure(): string | undefined;
  close(): Promise<void>;
}

export interface StdioConnection {
  /** Where the connection's reads are tracked. Default: the process's stdio session. */
  session?: SessionRef;
  /** Who the connection acts as. Default: the owner. */
  opener?: Actor;
  /** The client's side. Default: this process's stdin and stdout (nothing else may write to stdout). */
  input?: Readable;
  output?: Writable;
}

/** A stdio transport that tells when it closes, for whatever reason (input ended, a line too long, close()). */
class ClosingTransport extends StdioServerTransport {
  constructor(
    input: Readable | undefined,
    output: Writable | undefined,
    private readonly onClosed: () => void,
  ) {
    super(input, output);
  }
  override async close(): Promise<void> {
    await super.close();
    this.onClosed();
  }
}

/** Serves MCP on one stdio connection (this process's stdin/stdout unless given). */
export function serveStdio(deps: LensServerDeps, connection: StdioConnection = {}): StdioSession {
  const session = connection.session ?? { transport: STDIO_SESSION };
  let failure: string | undefined;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  const transport = new ClosingTransport(connection.input, connection.output, () =>
    resolveClosed(),
  );
  // The factory may run twice (a `server/discover` probe before a 2025 `initialize`): it only
  // builds a server, with no side effect.
  const handle = sdkServeStdio(() => createLensServer(deps, session, connection.opener), {
    transport,
    // The SDK closes the transport when a line passes its buffer and says so only here: kept,
    // so the command can say why it ends instead of exiting 0 as if the client had left.
    onerror: (error) => {
      if (/ReadBuffer exceeded maximum size/.test(error.message)) {
        failure = `a message on stdin was longer than ${STDIO_MAX_LINE_BYTES} bytes (10 MiB), the most MCP over stdio reads as one line; the session was closed`;
      }
    },
  });
  return {
    closed,
    failure: () => failure,
    close: async () => {
      await handle.close();
      resolveClosed();
    },
  };
}
