// The `/mcp` endpoint (MCP Streamable HTTP) as a Hono sub-app. Every request is one of two eras,
// told apart by the SDK's own predicate (`isLegacyRequest`: a POST whose body carries the
// 2026-07-28 `_meta` envelope is modern, everything else legacy): modern requests go to the
// stateless leg (statelessLeg.ts), legacy ones to their 2025-11-25 session's transport, which
// this file opens on initialize. It answers the HTTP-level errors itself (JSON-RPC errors as the
// SDK's transport answers them; 404 as the port's problem+json).

import { type AccessEnv, jsonShapeProblem, problem } from "@lens/access";
import {
  isInitializeRequest,
  isLegacyRequest,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import { Hono } from "hono";
import { authInfoOf } from "../server/identity.js";
import { isServerSessionId, type McpSession, type McpSessions } from "./mcpSessions.js";
import { readPostBody } from "./postBody.js";

/** A JSON-RPC error response with no id, as the MCP transport answers HTTP-level failures. */
export function jsonRpcHttpError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

const SESSION_HEADER = "mcp-session-id";

const busy = () =>
  jsonRpcHttpError(503, -32000, "Too many MCP sessions are busy; retry shortly", {
    "Retry-After": "5",
  });

/**
 * The SDK's isInitializeRequest (a full zod parse), asked only of messages whose method is
 * `initialize`: any other message fails it on that literal, and every tool call paid the parse.
 */
function initializeRequest(message: unknown): boolean {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as { method?: unknown }).method === "initialize" &&
    isInitializeRequest(message)
  );
}

/**
 * The `/mcp` app: 2025-11-25 sessions from `sessions`, stateless 2026-07-28 requests through
 * `stateless` (statelessLeg.ts).
 */
export function createMcpApp(sessions: McpSessions, stateless: McpHttpHandler): Hono<AccessEnv> {
  const app = new Hono<AccessEnv>();

  app.all("/", async (c) => {
    const req = c.req.raw;
    const identity = c.get("identity");
    const authInfo = authInfoOf(identity);
    if (!["GET", "POST", "DELETE"].includes(req.method)) {
      return jsonRpcHttpError(405, -32000, "Method not allowed.", { Allow: "GET, POST, DELETE" });
    }

    // POST bodies are read here once: a body nesting too deep or holding too many values is
    // refused before it is parsed (the parse itself would hold the event loop), an empty batch
    // is refused (JSON-RPC: Invalid Request), and the transport gets the parsed message.
    let message: unknown;
    if (req.method === "POST") {
      const body = await readPostBody(req, sessions.maxBodyBytes);
      if (body.tooLarge) {
        return jsonRpcHttpError(
          413,
          -32000,
          `Payload Too Large: request body must not exceed ${sessions.maxBodyBytes} bytes`,
        );
      }
      const shape = await jsonShapeProblem(body.text);
      if (shape) {
        return jsonRpcHttpError(
          400,
          -32700,
          `Parse error: ${shape.message}, more than Lens reads in one request; nothing was done`,
        );
      }
      try {
        message = JSON.parse(body.text);
      } catch {
        return jsonRpcHttpError(400, -32700, "Parse error: Invalid JSON");
      }
      if (Array.isArray(message) && message.length === 0) {
        return jsonRpcHttpError(400, -32600, "Invalid Request: an empty batch");
      }
    }
    // A 2026-07-28 request (its body carries the per-request envelope): no session; the SDK's
    // handler checks the envelope and headers and answers SEP-2575's errors itself.
    if (message !== undefined && !(await isLegacyRequest(req, message))) {
      return stateless.fetch(req, { parsedBody: message, authInfo });
    }

    const handle = (transport: McpSession["transport"]) =>
      transport.handleRequest(
        req,
        message === undefined ? { authInfo } : { parsedBody: message, authInfo },
      );

    const initializes =
      message !== undefined &&
      (Array.isArray(message) ? message.some(initializeRequest) : initializeRequest(message));
    const sessionId = req.headers.get(SESSION_HEADER);
    // An initialize always starts a new session under a new id, whatever Mcp-Session-Id it
    // carries: a client that starts over with its old (stale or live) id in the header gets
    // a working session instead of "Server already initialized".
    if (sessionId && !initializes) {
      let session = sessions.get(sessionId);
      // The MCP spec answers an unknown or expired session with 404 and expects the client to
      // start over, but some clients (Claude Code among them) then fail every call until they
      // restart. So an id of ours that is gone (restart, idle expiry, eviction) gets a fresh
      // session under the same id. 404 for a session its client ended with DELETE, for DELETE
      // of a gone session, and for ids we never issue.
      if (
        !session &&
        req.method !== "DELETE" &&
        isServerSessionId(sessionId) &&
        !sessions.wasEnded(sessionId)
      ) {
        session = await sessions.revive(
          sessionId,
          req.headers.get("mcp-protocol-version"),
          identity,
        );
        if (!session) return busy();
      }
      // A session belongs to the credential that opened it: another token cannot use its reads
      // (and is not told the session exists). 404 is the port's problem, as on REST and sync.
      if (!session || session.owner !== identity.credential) {
        return problem(c, 404, "Session not found", { code: "session_not_found" });
      }
      const live = session;
      const res = await sessions.serve(live, () => handle(live.transport));
      // Ended by its client: its reads go with it (an expired or evicted session keeps them).
      if (req.method === "DELETE" && res.ok) sessions.endedByClient(live, identity);
      return res;
    }

    if (req.method !== "POST") {
      return jsonRpcHttpError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    }
    if (!initializes) {
      return jsonRpcHttpError(
        400,
        -32000,
        "Bad Request: Mcp-Session-Id header is required (send initialize first)",
      );
    }

    const pending = await sessions.open(identity);
    if (!pending) return busy();
    const res = await handle(pending.transport);
    const session = sessions.get(pending.id);
    if (!session) {
      await pending.abandon();
      return res;
    }
    return sessions.serve(session, async () => res);
  });

  return app;
}
