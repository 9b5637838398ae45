// The door every HTTP request of a Lens server passes: a Hono middleware that authenticates the
// request once, refuses it with one problem+json body (401), audits the refusal, and leaves the
// identity on the context for the route. MCP, REST and sync all use it, and render every error
// they answer (401, 403, 404, …) with `problem` / `problemParts`: one body shape for the port.
import { STATUS_CODES } from "node:http";
import { clip, PROBLEM_BASE, PROBLEMS, type ProblemType, STATUS_PROBLEMS } from "@lens/core";
import type { Context, MiddlewareHandler } from "hono";
import type { AuditLog } from "./audit.js";
import type { Authenticator, AuthFailure, Identity } from "./authenticator.js";

export type AccessEnv = { Variables: { identity: Identity } };

export { PROBLEM_BASE };

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const FAILURE_DETAIL: Record<AuthFailure, string> = {
  missing: "This Lens server requires Authorization: Bearer <token>.",
  invalid: "The bearer token is not valid for this Lens server (wrong, or revoked).",
  expired: "The bearer token has expired; ask an admin for a new one.",
};

/** A problem type: its slug (the URI is PROBLEM_BASE + slug) and the title that never varies. */
export interface ProblemKind {
  type: string;
  title: string;
}

/** The type a status has unless the door names a finer one: core's one problem table. */
function statusKind(status: number): ProblemKind | undefined {
  const type = STATUS_PROBLEMS[status];
  return type === undefined ? undefined : kindOf(type);
}

/** A problem type of core's table as a door names it. */
export function kindOf(type: ProblemType): ProblemKind {
  return { type, title: PROBLEMS[type].title };
}

/** A request refused for its Host or Origin header (DNS rebinding, cross-site requests). */
export const FORBIDDEN_REQUEST: ProblemKind = kindOf("forbidden-request");

export interface ProblemOptions {
  /** The problem type; default: the status's own (`not-found` for 404, …). */
  kind?: ProblemKind;
  /** Extension members after the RFC 9457 ones (`code`, …). */
  extensions?: Record<string, unknown>;
  /** More response headers (ETag, …); `WWW-Authenticate` is set on every 401. */
  headers?: Record<string, string>;
}

/** A problem response's parts, for writers without a Response (a refused WebSocket upgrade). */
export interface ProblemParts {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The one RFC 9457 problem of the port, every door and status alike: `type`, `title`,
 * `status` (= the HTTP status), `detail`, `instance` (the request path, bounded: a hostile URL
 * must not come back whole), then the extensions.
 */
export function problemParts(
  status: number,
  detail: string,
  path: string,
  options: ProblemOptions = {},
): ProblemParts {
  const kind = options.kind ?? statusKind(status);
  const body = {
    type: kind ? `${PROBLEM_BASE}${kind.type}` : "about:blank",
    title: kind?.title ?? STATUS_CODES[status] ?? "Error",
    status,
    detail,
    instance: clip(path, 300),
    ...options.extensions,
  };
  const headers: Record<string, string> = { "Content-Type": PROBLEM_CONTENT_TYPE };
  if (status === 401) headers["WWW-Authenticate"] = 'Bearer realm="lens"';
  return { status, headers: { ...headers, ...options.headers }, body: JSON.stringify(body) };
}

/** The problem response to `c`'s request; `extra` are extension members. */
export function problem(
  c: Context,
  status: number,
  detail: string,
  extra: Record<string, unknown> = {},
  options: Omit<ProblemOptions, "extensions"> = {},
): Response {
  const parts = problemParts(status, detail, c.req.path, { ...options, extensions: extra });
  return new Response(parts.body, { status, headers: parts.headers });
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
