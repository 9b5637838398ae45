// Errors of the REST API as RFC 9457 problem details: the catalogue of problem types, the one
// error class that carries its HTTP meaning, and the single onError that renders every error.
import { z } from "@hono/zod-openapi";
import { PROBLEM_BASE, PROBLEM_CONTENT_TYPE, problem as renderProblem } from "@lens/access";
import { PROBLEMS } from "@lens/core";
import type { Context, ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Problem type URIs are this base plus the type's slug; they are stable identifiers. */
export const PROBLEM_TYPE_BASE = PROBLEM_BASE;

export { PROBLEM_CONTENT_TYPE };

/** Every problem the API answers with: core's one problem table (slug → status and title). */
export const problemTypes = PROBLEMS;

export type ProblemType = keyof typeof problemTypes;

export function problemTypeUri(type: ProblemType): string {
  return `${PROBLEM_TYPE_BASE}${type}`;
}

/** Extension members a problem may carry besides the RFC 9457 ones. */
export interface ProblemExtensions {
  /** validation-failed: each schema violation. */
  errors?: { in: string; path: string; message: string }[];
  /** precondition-failed, an undo's conflict: the document's current ETag. */
  etag?: string;
  /** An undo's conflict: where the document is now. */
  path?: string;
  /** ambiguous-path: the paths that match. */
  candidates?: string[];
  /** unknown-parameter: the query parameters the route does not take. */
  parameters?: string[];
  /** Problems from a core failure: core's ToolErrorCode (finer than the problem type). */
  code?: string;
  /** Problems from a tool call: the tool that failed, and its message (also in `detail`). */
  tool?: string;
  text?: string;
  /** review-conflict: what happened to each requested suggestion id. */
  results?: { id: string; status: string }[];
}

/** The one error type of the API: a problem type, a detail for this occurrence, extensions. */
export class ProblemError extends Error {
  override name = "ProblemError";
  constructor(
    readonly type: ProblemType,
    readonly detail: string,
    readonly extensions: ProblemExtensions = {},
    /** Response headers that belong to the problem (WWW-Authenticate, ETag). */
    readonly headers: Record<string, string> = {},
    /** What went wrong underneath a 500 (given to onServerError, never to the client). */
    cause?: unknown,
  ) {
    super(detail, cause === undefined ? undefined : { cause });
  }

  get status(): ContentfulStatusCode {
    return problemTypes[this.type].status as ContentfulStatusCode;
  }
}

/** Schema of a problem body, for the OpenAPI document. */
export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: problemTypeUri("not-found") }),
    title: z.string().openapi({ example: problemTypes["not-found"].title }),
    status: z.number().int().openapi({ example: 404 }),
    detail: z.string().openapi({ example: "File does not exist: Lens/Notes/Idea.md." }),
    instance: z.string().optional().openapi({ description: "Path of the request." }),
    errors: z
      .array(z.object({ in: z.string(), path: z.string(), message: z.string() }))
      .optional()
      .openapi({ description: "validation-failed: each schema violation." }),
    etag: z.string().optional().openapi({ description: "precondition-failed: the current ETag." }),
    candidates: z
      .array(z.string())
      .optional()
      .openapi({ description: "ambiguous-path: the matching paths." }),
    parameters: z
      .array(z.string())
      .optional()
      .openapi({ description: "unknown-parameter: the query parameters the route does not take." }),
    code: z.string().optional().openapi({
      description:
        "Problems from a core failure: core's error code (invalid_path, not_found, not_loaded, not_a_document, not_a_folder, ambiguous, not_read, invalid_pattern, no_match, not_unique, identical, invalid_edit, timeout), finer than `type`. Absent when core gave none.",
      example: "not_found",
    }),
    tool: z
      .string()
      .optional()
      .openapi({ description: "Problems from a tool call: the tool that failed." }),
    text: z
      .string()
      .optional()
      .openapi({ description: "Problems from a tool call: the tool's message (= detail)." }),
    results: z
      .array(z.object({ id: z.string(), status: z.string() }))
      .optional()
      .openapi({ description: "review-conflict: the outcome of each requested id." }),
  })
  .openapi("Problem", {
    description: `RFC 9457 problem details. \`type\` is ${PROBLEM_TYPE_BASE} followed by one of: ${Object.keys(problemTypes).join(", ")}.`,
  });

/** Error statuses the routes document. */
export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 412 | 422 | 428 | 429 | 503;

const statusDescriptions: Record<ProblemStatus, string> = {
  400: "Malformed request (bad JSON, invalid path)",
  401: "Missing or wrong bearer token",
  403: "The token's role does not allow this (the problem names the role needed)",
  404: "No such document or folder, or its content is not loaded",
  409: "The path names several documents differing only in case, or (review) none of the suggestions is pending any more",
  412: "If-Match does not match the document's current ETag",
  422: "Schema violation, a path of the wrong kind (folder / document), or the tool refused the request",
  428: "No proof of a prior read (If-Match or Lens-Session)",
  429: "This token already holds as many event streams as it may (Retry-After says when to retry)",
  503: "The server is busy: the tool ran out of time, or (events) the server holds as many event streams as it may",
};

/** OpenAPI `responses` entries for the given error statuses. */
export function problemResponses<S extends ProblemStatus>(
  ...statuses: S[]
): Record<
  S,
  { description: string; content: { [PROBLEM_CONTENT_TYPE]: { schema: typeof ProblemSchema } } }
> {
  const out = {} as Record<
    S,
    { description: string; content: { [PROBLEM_CONTENT_TYPE]: { schema: typeof ProblemSchema } } }
  >;
  for (const s of statuses) {
    out[s] = {
      description: statusDescriptions[s],
      content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema } },
    };
  }
  return out;
}

/** Renders a problem in the port's one problem+json shape (`problem` of @lens/access). */
export function problemResponse(c: Context, problem: ProblemError): Response {
  return renderProblem(
    c,
    problem.status,
    problem.detail,
    { ...problem.extensions },
    {
      kind: { type: problem.type, title: problemTypes[problem.type].title },
      headers: problem.headers,
    },
  );
}

/** Maps Hono's own HTTP errors (bad JSON, wrong content type, body limit) onto problem types. */
function fromHttpException(e: HTTPException): ProblemError {
  const detail = e.message || "Request rejected";
  switch (e.status) {
    case 401:
      return new ProblemError("unauthorized", detail);
    case 404:
      return new ProblemError("not-found", detail);
    case 413:
      return new ProblemError("payload-too-large", detail);
    case 415:
      return new ProblemError(
        "unsupported-media-type",
        `${detail}: send the request body as application/json.`,
      );
    default:
      return e.status >= 500
        ? new ProblemError("internal", detail)
        : new ProblemError("bad-request", detail);
  }
}

/** The single error handler: every failure leaves the API as a problem. */
export function problemErrorHandler(
  onServerError?: (err: unknown, c: Context) => void,
): ErrorHandler {
  return (err, c) => {
    if (err instanceof ProblemError) {
      if (err.status >= 500 && err.cause !== undefined) onServerError?.(err.cause, c);
      return problemResponse(c, err);
    }
    if (err instanceof HTTPException) return problemResponse(c, fromHttpException(err));
    onServerError?.(err, c);
    return problemResponse(
      c,
      new ProblemError("internal", "The server failed to handle this request; it has been logged."),
    );
  };
}
