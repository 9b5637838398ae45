// Core failures as problems: the one table from core's ToolErrorCode to a problem type (whose
// catalogue entry gives the HTTP status), and the function every route turns a failure with.
import {
  CODE_PROBLEMS,
  EVERYWHERE,
  type LensError,
  type Reach,
  resolveWithin,
  type ToolErrorCode,
  type Workspace,
} from "@lens/core";
import { ProblemError, type ProblemExtensions, type ProblemType } from "./problems.js";

/** The problem type of each core error code: core's one table. */
export const TOOL_ERROR_PROBLEMS = CODE_PROBLEMS;

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
