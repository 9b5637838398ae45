// One log line per HTTP request: method, path, status, milliseconds to the response head and,
// once authenticated, who made it. Never the query string, headers (the token) or bodies
// (document text). Writes (REST's and sync's) are info lines; everything else — reads, MCP's
// requests (each tool call has its own info line), polls — is debug, so an operator's log at
// the default level says what changed and who did it, not every request.
import type { AccessEnv } from "@lens/access";
import type { MiddlewareHandler } from "hono";
import type { Log } from "../log.js";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True for a request that may change notes: any REST or sync write, not MCP's own. */
export function isWrite(method: string, path: string): boolean {
  if (READ_METHODS.has(method)) return false;
  // MCP: tool calls log themselves. Sync's /doc/:id/auth only mints a client token.
  return !(path === "/mcp" || path.startsWith("/mcp/") || /^\/doc\/[^/]+\/auth$/.test(path));
}

export function accessLog(log: Log): MiddlewareHandler<AccessEnv> {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const path = c.req.path;
    const who = c.get("identity")?.who;
    const fields = {
      method: c.req.method,
      path: path.length > 300 ? `${path.slice(0, 300)}…` : path,
      status: c.res.status,
      ...(who !== undefined ? { who } : {}),
      ms: Math.round((performance.now() - start) * 10) / 10,
    };
    if (isWrite(c.req.method, path)) log.info(fields, "request");
    else log.debug(fields, "request");
  };
}
