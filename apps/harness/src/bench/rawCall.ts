// A tool call as a bare JSON-RPC POST over fetch, in an MCP session an SDK client opened: no SDK
// on the sending side, so its latency minus the server's work is the HTTP round trip alone.
// Compared with the SDK client's latency it shows what the client library costs.
import type { McpConnection } from "../scenario/mcpAdapter.js";

type ToolCaller = (name: string, args: Record<string, unknown>) => Promise<string>;

/** Posts each call as one JSON-RPC `tools/call` to `endpoint` with `headers`; the body back. */
function postingCaller(endpoint: string, headers: Record<string, string>, firstId: number) {
  let id = firstId;
  const call: ToolCaller = async (name, args) => {
    const res = await fetch(endpoint, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: id++,
        method: "tools/call",
        params: { name, arguments: args },
      }),
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${body.slice(0, 200)}`);
    return body;
  };
  return call;
}

export function rawToolCaller(url: string, conn: McpConnection): ToolCaller {
  const sessionId = conn.transport.sessionId;
  if (!sessionId) throw new Error("the MCP connection has no session id");
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
    "mcp-session-id": sessionId,
  };
  if (conn.transport.protocolVersion)
    headers["mcp-protocol-version"] = conn.transport.protocolVersion;
  return postingCaller(`${url}/mcp`, headers, 1_000_000);
}

/** The same POST to the bare anchor (bareServer.ts): no session, nothing but the call. */
export function bareToolCaller(url: string): ToolCaller {
  return postingCaller(url, { "content-type": "application/json", accept: "application/json" }, 1);
}
