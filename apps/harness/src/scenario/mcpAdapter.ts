// The MCP adapter: the SDK client over Streamable HTTP to `<url>/mcp`, one MCP session per
// scenario run. Tool errors come back as `isError` results; malformed calls as protocol errors.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult, McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  type Adapter,
  authHeaders,
  baseUrl,
  type ServerTarget,
  type ToolSession,
} from "./adapter.js";
import type { CallOutcome } from "./expect.js";

/** Text of a tool result: its text parts, joined. */
export function resultText(result: CallToolResult): string {
  return result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
}

/** One tool call through a connected SDK client; protocol errors are outcomes, not throws. */
export async function callWith(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallOutcome> {
  try {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    return { text: resultText(result), isError: result.isError === true };
  } catch (e) {
    if (e instanceof McpError) return { text: e.message, isError: false, protocolError: true };
    throw e;
  }
}

/** Anything tool calls can be made through (an MCP session over HTTP or stdio). */
export type ToolCaller = Pick<McpConnection, "call">;

export interface McpConnection {
  client: Client;
  transport: StreamableHTTPClientTransport;
  call(name: string, args: Record<string, unknown>): Promise<CallOutcome>;
  close(): Promise<void>;
}

/**
 * fetch with a fresh signal per request, following the transport's own. The transport passes one
 * long-lived AbortSignal to every request; Node's fetch adds an abort listener to it per request
 * and drops it only when the request is garbage-collected, so a session making thousands of
 * calls piles up listeners (MaxListenersExceededWarning) and slows every later call down.
 */
const fetchWithOwnSignal: typeof fetch = (input, init) =>
  fetch(input, init?.signal ? { ...init, signal: AbortSignal.any([init.signal]) } : init);

/** Connects an SDK client to `<base>/mcp` (a new MCP session). */
export async function connectMcp(
  target: ServerTarget,
  clientName = "lens-harness",
): Promise<McpConnection> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl(target.url)}/mcp`), {
    requestInit: { headers: authHeaders(target) },
    fetch: fetchWithOwnSignal,
  });
  const client = new Client({ name: clientName, version: "0.1.0" });
  await client.connect(transport);
  return {
    client,
    transport,
    call: (name, args) => callWith(client, name, args),
    async close() {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

export function mcpAdapter(target: ServerTarget): Adapter {
  return {
    name: "mcp",
    async probe() {
      try {
        const c = await connectMcp(target, "lens-harness-probe");
        await c.close();
        return undefined;
      } catch (e) {
        return `cannot open an MCP session at ${baseUrl(target.url)}/mcp: ${(e as Error).message}`;
      }
    },
    async open(label): Promise<ToolSession> {
      const c = await connectMcp(target, `lens-harness:${label}`);
      return { call: (tool, args) => c.call(tool, args), close: () => c.close() };
    },
  };
}
