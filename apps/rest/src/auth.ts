// Bearer-token authentication: the same token as MCP, compared in constant time, never echoed.
import { createHash, timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { ProblemError } from "./problems.js";

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** True when `candidate` is `token`; comparing digests keeps the time independent of both. */
export function tokenMatches(token: string, candidate: string): boolean {
  return timingSafeEqual(digest(token), digest(candidate));
}

/** The token of an `Authorization: Bearer <token>` header. */
export function bearerTokenOf(header: string | undefined): string | undefined {
  const m = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  return m?.[1];
}

/** Rejects requests without the right bearer token with a 401 problem. */
export function bearerAuth(token: string): MiddlewareHandler {
  return async (c, next) => {
    const given = bearerTokenOf(c.req.header("Authorization"));
    if (given === undefined || !tokenMatches(token, given)) {
      throw new ProblemError(
        "unauthorized",
        given === undefined
          ? "This Lens server requires Authorization: Bearer <token>."
          : "The bearer token is not valid for this Lens server.",
        {},
        { "WWW-Authenticate": 'Bearer realm="lens"' },
      );
    }
    await next();
  };
}
