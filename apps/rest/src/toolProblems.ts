// Core failures as problems: the one table from core's ToolErrorCode to a problem type (whose
// catalogue entry gives the HTTP status), and the function every route turns a failure with.
import {
  EVERYWHERE,
  type LensError,
  type Reach,
  resolveWithin,
  type ToolErrorCode,
  type Workspace,
} from "@lens/core";
import { ProblemError, type ProblemExtensions, type ProblemType } from "./problems.js";

/**
 * The problem type of each core error code; the status is `problemTypes[type].status`. Path
 * problems get their own types; refusals of the other arguments are `tool-error` (422), told
 * apart by the `code` extension.
 */
export const TOOL_ERROR_PROBLEMS = {
  invalid_path: "invalid-path", // 400: can never name anything (absolute, `..`, NUL)
  not_found: "not-found", // 404
  not_loaded: "not-found", // 404: listed in its folder, content not held by this server
  ambiguous: "ambiguous-path", // 409: several documents differ only in case; send the exact one
  not_a_document: "not-a-document", // 422: a folder or a non-markdown file where a document goes
  not_a_folder: "not-a-folder", // 422: a document where a folder goes (glob's path)
  not_read: "precondition-required", // 428: REST's read proofs (If-Match / Lens-Session) apply
  invalid_pattern: "tool-error", // 422: the regex or glob does not compile
  no_match: "tool-error", // 422: edit's old_string occurs nowhere
  not_unique: "tool-error", // 422: edit's old_string occurs more than once
  identical: "tool-error", // 422: edit's old_string and new_string are the same
  invalid_edit: "tool-error", // 422: CriticMarkup delimiters, inside a comment, empty old_string
  timeout: "timeout", // 503: the tool stopped at its time limit
  forbidden: "forbidden", // 403: the caller's role is below what the tool needs
  exists: "conflict", // 409: create / move onto a path that exists
  not_supported: "tool-error", // 422: moving a folder, or across shared folders
  busy: "busy", // 503: too many searches waiting; retry
  internal: "internal", // 500: a search worker failed
  stale: "precondition-failed", // 412: the document changed since the version checked
} as const satisfies Record<ToolErrorCode, ProblemType>;

/**
 * A failure as core reports it: a LensError (`message`), or a tool result with `isError`
 * (`text`).
 */
export type CoreFailure =
  | LensError
  | {
      /** The message for the client, word for word. */
      text: string;
      /** Absent when core gave none: a generic `tool-error`. */
      code?: ToolErrorCode | undefined;
    };

export interface FailureContext {
  /** The tool that failed; omitted for lookups outside a tool call. */
  tool?: string;
  /** The workspace and the path the request named, for the candidates of an ambiguous path. */
  ws?: Workspace;
  path?: string | undefined;
  /** The caller's folders: candidates elsewhere are never named. */
  reach?: Reach;
}

/** The problem for a core failure: its type from TOOL_ERROR_PROBLEMS, core's text as detail. */
export function problemForFailure(
  failure: CoreFailure,
  context: FailureContext = {},
): ProblemError {
  const text = "message" in failure ? failure.message : failure.text;
  const type: ProblemType =
    failure.code === undefined ? "tool-error" : TOOL_ERROR_PROBLEMS[failure.code];
  const extensions: ProblemExtensions = {};
  if (failure.code !== undefined) extensions.code = failure.code;
  if (context.tool !== undefined) {
    extensions.tool = context.tool;
    extensions.text = text;
  }
  if (failure.code === "ambiguous" && context.ws && context.path !== undefined) {
    const candidates = candidatesOf(context.ws, context.path, context.reach ?? EVERYWHERE);
    if (candidates) extensions.candidates = candidates;
  }
  if ("details" in failure && failure.details) Object.assign(extensions, failure.details);
  return new ProblemError(type, text, extensions);
}

/** The documents an ambiguous path matches (core's failure names them only in its text). */
function candidatesOf(ws: Workspace, path: string, reach: Reach): string[] | undefined {
  try {
    const r = resolveWithin(ws, path, reach);
    return r.kind === "ambiguous" ? [...r.candidates] : undefined;
  } catch {
    return undefined;
  }
}
