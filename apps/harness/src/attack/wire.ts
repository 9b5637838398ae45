// Raw clients for the battery: JSON-RPC over MCP's Streamable HTTP by hand (so malformed
// messages can be sent), REST and sync by fetch. Answers come back parsed, never thrown.

export const MCP_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
  "Mcp-Protocol-Version": "2025-06-18",
};

export interface RpcAnswer {
  status: number;
  /** The JSON-RPC response (from JSON or the SSE stream), if any. */
  message?: {
    result?: { content?: { text: string }[]; isError?: boolean };
    error?: { code: number; message: string };
  };
  raw: string;
}

export async function readRpc(res: Response): Promise<RpcAnswer> {
  const raw = await res.text();
  const data = raw
    .split("\n")
    .filter((l) => l.startsWith("data: "))
    .map((l) => l.slice(6));
  const body = data.length > 0 ? data[data.length - 1]! : raw;
  try {
    return { status: res.status, message: JSON.parse(body) as RpcAnswer["message"], raw };
  } catch {
    return { status: res.status, raw };
  }
}

/** An MCP session opened by hand; `send` posts any body under its session id. */
export interface RawSession {
  id: string;
  send(body: unknown, headers?: Record<string, string>): Promise<RpcAnswer>;
  /** tools/call; the tool's text and error flag, or the protocol error. */
  call(
    name: string,
    args: unknown,
  ): Promise<{ text?: string; isError?: boolean; code?: number; status: number }>;
}

let nextId = 1;

/** An MCP session over raw HTTP; `auth` headers (a bearer token) go with every request. */
export async function openSession(
  url: string,
  auth: Record<string, string> = {},
): Promise<RawSession> {
  const res = await fetch(`${url}/mcp`, {
    method: "POST",
    headers: { ...MCP_HEADERS, ...auth },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: nextId++,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "lens-attack", version: "0" },
      },
    }),
  });
  const id = res.headers.get("mcp-session-id");
  await res.text();
  if (!id) throw new Error(`initialize gave no session (HTTP ${res.status})`);
  const send = async (body: unknown, headers: Record<string, string> = {}) =>
    readRpc(
      await fetch(`${url}/mcp`, {
        method: "POST",
        headers: { ...MCP_HEADERS, ...auth, "Mcp-Session-Id": id, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    );
  await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return {
    id,
    send,
    async call(name, args) {
      const a = await send({
        jsonrpc: "2.0",
        id: nextId++,
        method: "tools/call",
        params: { name, arguments: args },
      });
      const m = a.message;
      if (m?.error) return { code: m.error.code, text: m.error.message, status: a.status };
      return {
        text: m?.result?.content?.map((c) => c.text).join("") ?? "",
        isError: m?.result?.isError === true,
        status: a.status,
      };
    },
  };
}

/**
 * An HTTP request through node:http, which sends the headers given — fetch drops a `Host`
 * header, and DNS rebinding is exactly a foreign Host. Resolves with the status.
 */
export async function rawStatus(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<number> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: init.method ?? "GET", headers: init.headers ?? {} },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
