// The one problem table of Lens: every error any door answers over HTTP (REST, MCP's HTTP
// refusals, sync) is one of these RFC 9457 problem types, with its status and a title that never
// varies; each core error code and each bare HTTP status has its type here. Data only: doors
// render it (@lens/access `problemParts`).
import type { ToolErrorCode } from "./outcome.js";

/** Problem type URIs are this base plus the type's slug; they are stable identifiers. */
export const PROBLEM_BASE = "https://lens.dev/problems/";

/** Every problem type: slug → HTTP status and title. */
export const PROBLEMS = {
  "bad-request": { status: 400, title: "Malformed request" },
  "invalid-path": { status: 400, title: "Invalid path" },
  "unknown-parameter": { status: 400, title: "Unknown query parameter" },
  unauthorized: { status: 401, title: "Authentication required" },
  forbidden: { status: 403, title: "Not allowed for this role" },
  "forbidden-request": { status: 403, title: "Host or Origin not allowed" },
  "read-only-token": { status: 403, title: "The token only allows reading" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "ambiguous-path": { status: 409, title: "Path names several documents" },
  "review-conflict": { status: 409, title: "Suggestions no longer pending" },
  conflict: { status: 409, title: "Conflicts with the current state" },
  "precondition-failed": { status: 412, title: "Document changed since it was read" },
  "payload-too-large": { status: 413, title: "Request body too large" },
  "unsupported-media-type": { status: 415, title: "Unsupported media type" },
  "validation-failed": { status: 422, title: "Request does not match the schema" },
  "not-a-document": { status: 422, title: "Not a markdown document" },
  "not-a-folder": { status: 422, title: "Not a folder" },
  "tool-error": { status: 422, title: "The tool refused the request" },
  "precondition-required": { status: 428, title: "Proof of a prior read required" },
  "too-many-streams": { status: 429, title: "Too many event streams" },
  internal: { status: 500, title: "Internal server error" },
  "not-saved": { status: 500, title: "Changed but not saved" },
  timeout: { status: 503, title: "The tool ran out of time" },
  busy: { status: 503, title: "Server busy" },
  unavailable: { status: 503, title: "Service unavailable" },
  "not-audited": { status: 503, title: "The audit log could not record the change" },
  "insufficient-storage": { status: 507, title: "Insufficient storage" },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemType = keyof typeof PROBLEMS;

/** The type a bare HTTP status has when nothing finer is known. */
export const STATUS_PROBLEMS: Readonly<Record<number, ProblemType>> = {
  400: "bad-request",
  401: "unauthorized",
  403: "forbidden",
  404: "not-found",
  405: "method-not-allowed",
  409: "conflict",
  413: "payload-too-large",
  415: "unsupported-media-type",
  422: "validation-failed",
  429: "too-many-streams",
  500: "internal",
  503: "unavailable",
  507: "insufficient-storage",
};

/**
 * The problem type of each core error code. Path problems get their own types; refusals of
 * the other arguments are `tool-error` (422), told apart by the `code` extension.
 */
export const CODE_PROBLEMS = {
  invalid_path: "invalid-path", // 400: can never name anything (absolute, `..`, NUL)
  not_found: "not-found", // 404
  not_loaded: "not-found", // 404: listed in its folder, content not held by this server
  ambiguous: "ambiguous-path", // 409: several documents differ only in case
  not_a_document: "not-a-document", // 422: a folder or a non-markdown file where a document goes
  not_a_folder: "not-a-folder", // 422: a document where a folder goes (glob's path)
  not_read: "precondition-required", // 428: no proof of a prior read
  invalid_pattern: "tool-error", // 422: the regex or glob does not compile
  no_match: "tool-error", // 422: edit's old_string occurs nowhere
  not_unique: "tool-error", // 422: edit's old_string occurs more than once
  identical: "tool-error", // 422: edit's old_string and new_string are the same
  invalid_edit: "tool-error", // 422: CriticMarkup delimiters, inside a comment, empty old_string
  timeout: "timeout", // 503: the tool stopped at its time limit
  forbidden: "forbidden", // 403: the caller's role is below what the operation needs
  exists: "conflict", // 409: create / move onto a path that exists
  not_supported: "tool-error", // 422: moving a folder, or across shared folders
  busy: "busy", // 503: too many searches waiting, or a note not readable right now; retry
  internal: "internal", // 500: a search worker failed
  stale: "precondition-failed", // 412: the document changed since the version checked
  conflict: "conflict", // 409: a pending move or deletion that no longer applies, or reviewed already
  not_saved: "not-saved", // 500: changed in memory, the store could not write it
  not_audited: "not-audited", // 503: refused because the audit log could not record it
} as const satisfies Record<ToolErrorCode, ProblemType>;

/** The status and title of a problem type. */
export function problemOf(type: ProblemType): { status: number; title: string } {
  return PROBLEMS[type];
}
