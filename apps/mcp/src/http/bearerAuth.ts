// Bearer token check for the MCP and REST endpoints: constant-time, and the token is never
// logged or echoed back.
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** True when `candidate` equals `token`, in time independent of where they differ. */
export function tokenMatches(token: string, candidate: string): boolean {
  // Comparing fixed-length digests keeps the time independent of the lengths too.
  return timingSafeEqual(digest(token), digest(candidate));
}

/** The token carried by an `Authorization: Bearer …` header, if any. */
export function bearerToken(header: string | undefined | null): string | undefined {
  const m = header ? /^Bearer[ ]+(\S+)\s*$/i.exec(header) : null;
  return m?.[1];
}

/** Rejects requests without `Authorization: Bearer <token>` (401). */
export function bearerAuth(token: string): MiddlewareHandler {
  return async (c, next) => {
    const given = bearerToken(c.req.header("authorization"));
    if (given === undefined || !tokenMatches(token, given)) {
      return c.json(
        {
          error: "unauthorized",
          message: "This Lens server requires Authorization: Bearer <token>.",
        },
        401,
        { "WWW-Authenticate": 'Bearer realm="lens"' },
      );
    }
    await next();
  };
}
