// The tool registry: every Lens tool, and the one place adapters call a tool by name.
import { z } from "zod";
import { editTool } from "./edit.js";
import { getLinksTool } from "./getLinks.js";
import { globTool } from "./glob.js";
import { grepTool } from "./grep.js";
import { readTool } from "./read.js";
import type { Session } from "./session.js";
import type { Tool, ToolResult } from "./tool.js";
import type { Workspace } from "../workspace/workspace.js";

/** The tools Lens offers, in the order adapters list them. */
export const lensTools: readonly Tool[] = [readTool, globTool, grepTool, editTool, getLinksTool] as Tool[];

/** A call that is malformed: unknown tool or arguments that break the schema (protocol error). */
export class ToolCallError extends Error {
  override name = "ToolCallError";
  constructor(
    readonly code: "unknown_tool" | "invalid_arguments",
    message: string,
  ) {
    super(message);
  }
}

export function findTool(name: string): Tool | undefined {
  return lensTools.find((t) => t.name === name);
}

/** JSON Schema (draft 2020-12) of a tool's arguments, as adapters publish it. */
export function toolInputJsonSchema(tool: Tool): Record<string, unknown> {
  return z.toJSONSchema(tool.input, { target: "draft-2020-12" }) as Record<string, unknown>;
}

/**
 * Validates `args` against the tool's schema and runs it. Throws ToolCallError for an unknown
 * tool or invalid arguments; every other failure comes back as an `isError` result.
 */
export function callTool(ws: Workspace, session: Session, name: string, args: unknown): ToolResult {
  const tool = findTool(name);
  if (!tool) {
    throw new ToolCallError(
      "unknown_tool",
      `Unknown tool "${name}". Available tools: ${lensTools.map((t) => t.name).join(", ")}.`,
    );
  }
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) {
    throw new ToolCallError(
      "invalid_arguments",
      `Invalid arguments for ${name}: ${z.prettifyError(parsed.error)}`,
    );
  }
  return tool.handler(ws, session, parsed.data);
}
