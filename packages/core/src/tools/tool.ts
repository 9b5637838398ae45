// The tool contract: what every Lens tool is, whatever adapter (MCP, REST) carries it.
import type { z } from "zod";
import type { Caller } from "../access/caller.js";
import type { Workspace } from "../workspace/workspace.js";
import type { Session } from "./session.js";

/**
 * Why a tool call failed, for adapters that map failures to their own vocabulary (REST
 * statuses). The assistant only ever sees the text.
 */
export type ToolErrorCode =
  | "invalid_path"
  | "not_found"
  | "not_a_document"
  | "not_a_folder"
  | "ambiguous"
  | "not_loaded"
  | "not_read"
  | "invalid_pattern"
  | "no_match"
  | "not_unique"
  | "identical"
  | "invalid_edit"
  | "timeout"
  | "forbidden"
  | "exists"
  | "not_supported";

/** Every tool result is text; `isError` marks a failure the assistant can act on. */
export interface ToolResult {
  text: string;
  isError: boolean;
  /** Set on failures: what kind of failure it is. */
  code?: ToolErrorCode;
  /** What the tool did, for programs (REST returns it); the assistant reads `text`. */
  data?: Record<string, unknown>;
}

export interface Tool<Schema extends z.ZodObject = z.ZodObject> {
  /** Claude Code's tool name: `read`, `glob`, `grep`, `edit`, `get_links`. */
  name: string;
  title: string;
  /** Written for an AI: what the tool does, its output, and how to use it well. */
  description: string;
  /** Arguments, with Claude Code's parameter names. Adapters derive JSON Schema from it. */
  input: Schema;
  /** True for tools that never change a document. */
  readOnly: boolean;
  /**
   * Runs the tool for `caller` (unset = the owner: every folder, no author of its own). The
   * role was checked before; the handler applies the caller's reach and author.
   */
  handler(
    workspace: Workspace,
    session: Session,
    args: z.infer<Schema>,
    caller?: Caller,
  ): ToolResult;
}

export function ok(text: string, data?: Record<string, unknown>): ToolResult {
  return data === undefined ? { text, isError: false } : { text, isError: false, data };
}

export function fail(text: string, code?: ToolErrorCode): ToolResult {
  return code === undefined ? { text, isError: true } : { text, isError: true, code };
}

/** Declares a tool with its schema type kept for the handler. */
export function defineTool<S extends z.ZodObject>(tool: Tool<S>): Tool<S> {
  return tool;
}
