// The tool contract: what every Lens tool is, whatever adapter (MCP, REST) carries it.
import type { z } from "zod";
import type { Caller } from "../access/caller.js";
import type { SuggestionHistory } from "../history/suggestionHistory.js";
import type { LensError, Outcome, ToolErrorCode } from "../outcome/outcome.js";
import type { Workspace } from "../workspace/workspace.js";
import type { ReadTracker } from "./session.js";

export {
  failure,
  type LensError,
  lensError,
  type Outcome,
  success,
  type ToolErrorCode,
} from "../outcome/outcome.js";

/**
 * One tool run as adapters carry it: the text an assistant reads (`renderText` of the typed
 * result, or the error's message) and, on success, the typed result itself (`data`: MCP's
 * structuredContent, REST's JSON body).
 */
export interface ToolResult<R = unknown> {
  text: string;
  isError: boolean;
  /** Set on failures: what kind of failure it is. */
  code?: ToolErrorCode;
  /** Set on failures: the whole error. */
  error?: LensError;
  /** Set on success: the tool's typed result. */
  data?: R;
}

/** What a host gives tools beyond the workspace: the history of suggestions (the service's). */
export interface ToolContext {
  history?: SuggestionHistory;
}

export interface Tool<Schema extends z.ZodObject = z.ZodObject, R = unknown> {
  /** Claude Code's tool name: `read`, `glob`, `grep`, `edit`, `get_links`. */
  name: string;
  title: string;
  /** Written for an AI: what the tool does, its output, and how to use it well. */
  description: string;
  /** Arguments, with Claude Code's parameter names. Adapters derive JSON Schema from it. */
  input: Schema;
  /** The typed result's shape: published as MCP `outputSchema` and in REST's OpenAPI. */
  output: z.ZodType<R>;
  /** True for tools that never change a document. */
  readOnly: boolean;
  /**
   * Runs the tool for `caller` (unset = the owner: every folder, no author of its own). The
   * role was checked before; the handler applies the caller's reach and author.
   */
  run(
    workspace: Workspace,
    session: ReadTracker,
    args: z.infer<Schema>,
    caller?: Caller,
    context?: ToolContext,
  ): Outcome<R>;
  /** The text an assistant reads for a result: pure, the result is all it needs. */
  renderText(result: R): string;
}

/** What adapters carry for an outcome: the rendered text beside the typed result or error. */
export function toToolResult<R>(tool: Tool<z.ZodObject, R>, outcome: Outcome<R>): ToolResult<R> {
  if (!outcome.ok) return failedResult(outcome.error);
  return { text: tool.renderText(outcome.value), isError: false, data: outcome.value };
}

/** Runs a tool on arguments that already fit its schema (no role check): its ToolResult. */
export function invokeTool<S extends z.ZodObject, R>(
  tool: Tool<S, R>,
  workspace: Workspace,
  session: ReadTracker,
  args: z.infer<S>,
  caller?: Caller,
  context?: ToolContext,
): ToolResult<R> {
  return toToolResult(tool, tool.run(workspace, session, args, caller, context));
}

export function failedResult(error: LensError): ToolResult<never> {
  return { text: error.message, isError: true, code: error.code, error };
}

/** Declares a tool with its schema and result types kept for the handler. */
export function defineTool<S extends z.ZodObject, R>(tool: Tool<S, R>): Tool<S, R> {
  return tool;
}
