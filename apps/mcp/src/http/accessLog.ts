// One log line per HTTP request: method, path, status and milliseconds to the response head.
// Never the query string, headers (the token) or bodies (document text).
import type { MiddlewareHandler } from "hono";
import type { Log } from "../log.js";

/** Paths polled by monitors are logged at debug, not info. */
const QUIET_PATHS = new Set(["/healthz"]);

export function accessLog(log: Log): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    await next();
    const path = c.req.path;
    const fields = {
      method: c.req.method,
      path: path.length > 300 ? `${path.slice(0, 300)}…` : path,
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    };
    if (QUIET_PATHS.has(path)) log.debug(fields, "request");
    else log.info(fields, "request");
  };
}
