// The door every HTTP request of a Lens server passes: a Hono middleware that authenticates the
// request once, refuses it with one problem+json body (401), audits the refusal, and leaves the
// identity on the context for the route. MCP, REST and sync all use it.
import type { Context, MiddlewareHandler } from "hono";
import type { AuditLog } from "./audit.js";
import type { Authenticator, AuthFailure, Identity } from "./authenticator.js";

export type AccessEnv = { Variables: { identity: Identity } };

/** Problem type URIs of the whole port (the REST API's catalogue uses the same base). */
export const PROBLEM_BASE = "https://lens.dev/problems/";

const FAILURE_DETAIL: Record<AuthFailure, string> = {
  missing: "This Lens server requires Authorization: Bearer <token>.",
  invalid: "The bearer token is not valid for this Lens server (wrong, or revoked).",
  expired: "The bearer token has expired; ask an admin for a new one.",
};

/** An RFC 9457 problem response. */
export function problem(
  c: Context,
  status: 401 | 403,
  detail: string,
  extra: Record<string, unknown> = {},
): Response {
  const slug = status === 401 ? "unauthorized" : "forbidden";
  const title = status === 401 ? "Authentication required" : "Not allowed for this role";
  const body = {
    type: `${PROBLEM_BASE}${slug}`,
    title,
    status,
    detail,
    instance: c.req.path.slice(0, 300),
    ...extra,
  };
  const headers: Record<string, string> = { "Content-Type": "application/problem+json" };
  if (status === 401) headers["WWW-Authenticate"] = 'Bearer realm="lens"';
  return new Response(JSON.stringify(body), { status, headers });
}

export interface DoorOptions {
  auth: Authenticator;
  audit?: AuditLog | undefined;
  /** Which door, for the audit log: "mcp", "rest", "sync". */
  door: string;
}

/** Authenticates every request; sets `identity`, or answers 401 and audits the failure. */
export function authenticate(options: DoorOptions): MiddlewareHandler<AccessEnv> {
  return async (c, next) => {
    const outcome = options.auth.authenticate(c.req.header("authorization"));
    if (!outcome.ok) {
      await options.audit?.authFailure(options.door, outcome.failure);
      return problem(c, 401, FAILURE_DETAIL[outcome.failure], { code: outcome.failure });
    }
    c.set("identity", outcome.identity);
    await next();
  };
}

/** The detail of a 401 for `failure`, for doors that answer in their own format. */
export function failureDetail(failure: AuthFailure): string {
  return FAILURE_DETAIL[failure];
}
