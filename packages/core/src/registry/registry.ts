// The tool registry: every Lens tool (those of tools/, and review/'s withdraw), and the one
// place adapters call a tool by name.
import { z } from "zod";
import { type Caller, OWNER } from "../access/caller.js";
import { withdrawTool } from "../review/withdraw.js";
import { clip } from "../text/clip.js";
import { createTool } from "../tools/create.js";
import { deleteTool } from "../tools/delete.js";
import { editTool } from "../tools/edit.js";
import { getLinksTool } from "../tools/getLinks.js";
import { globTool } from "../tools/glob.js";
import { grepTool } from "../tools/grep.js";
import { insertTool } from "../tools/insert.js";
import { moveTool } from "../tools/move.js";
import { readTool } from "../tools/read.js";
import { recentTool } from "../tools/recent.js";
import { searchTool } from "../tools/search.js";
import type { SessionStore } from "../tools/session.js";
import { suggestionsTool } from "../tools/suggestions.js";
import { type Tool, type ToolResult, toToolResult } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";

/** The tools Lens offers, in the order adapters list them. */
export const lensTools: readonly Tool[] = [
  readTool,
  globTool,
  grepTool,
  searchTool,
  recentTool,
  editTool,
  insertTool,
  getLinksTool,
  createTool,
  moveTool,
  deleteTool,
  suggestionsTool,
  withdrawTool,
] as Tool[];

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

/**
 * `session_id`, accepted by every tool: a handle the assistant chooses and passes to read and
 * edit when its client opens a new MCP session for every request (request-scoped proxies).
 */
export const sessionIdArg = z
  .string()
  .min(1)
  .max(200)
  .optional()
  .describe("Only if your client reconnects per call: any unique id, the same for read and edit.");

const argumentSchemas = new WeakMap<Tool, z.ZodObject>();

/** The arguments schema adapters publish and validate: the tool's own plus `session_id`. */
export function toolArguments(tool: Tool): z.ZodObject {
  let schema = argumentSchemas.get(tool);
  if (!schema) {
    // Strict: an argument the schema does not name is refused, as the published schema says
    // (`additionalProperties: false`), instead of being silently ignored.
    schema = z.strictObject({ ...tool.input.shape, session_id: sessionIdArg });
    argumentSchemas.set(tool, schema);
  }
  return schema;
}

/**
 * JSON Schema (draft 2020-12) of a tool's arguments, as adapters publish it: the input side
 * of the schema, so an argument with a default (`replace_all`) is optional, not required.
 */
export function toolInputJsonSchema(tool: Tool): Record<string, unknown> {
  const schema = z.toJSONSchema(toolArguments(tool), {
    target: "draft-2020-12",
    io: "input",
    // What only repeats a default costs the model's context on every request: integer bounds
    // that are JavaScript's own (zod writes ±2^53−1 for every int).
    override: ({ jsonSchema }) => {
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    },
  }) as Record<string, unknown>;
  // MCP reads an input schema without `$schema` as 2020-12, which this is: saying so for each
  // tool costs ~14 tokens a tool in every client's context.
  delete schema.$schema;
  return schema;
}

/**
 * JSON Schema of a tool's typed result: MCP's `outputSchema`. Written in draft-07 and saying so
 * (`$schema`): the MCP SDK v1 client validates with draft-07 Ajv, and v2 picks its validator by
 * `$schema`, reading none as 2020-12 — where search's tuples (`items: [...]`) do not compile.
 */
export function toolOutputJsonSchema(tool: Tool): Record<string, unknown> {
  return z.toJSONSchema(tool.output, { target: "draft-7", io: "output" }) as Record<
    string,
    unknown
  >;
}

/** Says what is wrong with a call's arguments; unknown ones are named with the allowed ones. */
function argumentsMessage(name: string, schema: z.ZodObject, error: z.ZodError): string {
  const unknown = error.issues.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys : []));
  const others = error.issues.filter((i) => i.code !== "unrecognized_keys");
  const parts: string[] = [];
  if (unknown.length > 0) {
    const list = unknown.map((k) => JSON.stringify(clip(k, 80))).join(", ");
    parts.push(
      `unknown argument${unknown.length > 1 ? "s" : ""} ${list}; ${name} takes ${Object.keys(schema.shape).join(", ")}.`,
    );
  }
  if (others.length > 0) parts.push(z.prettifyError(new z.ZodError(others.flatMap(unionReason))));
  return `Invalid arguments for ${name}: ${parts.join("\n")}`;
}

/**
 * What a failed union (grep's `glob`: a string or an array of strings) should say: zod's own
 * issue is a bare "Invalid input", so it is replaced by the issues of the alternative whose
 * type the value has (101 globs: "at most 100"), or by the list of accepted types.
 */
function unionReason(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return [issue];
  const typeMiss = (branch: z.core.$ZodIssue[]) =>
    branch.find((i) => i.code === "invalid_type" && i.path.length === 0);
  const fitting = issue.errors.find((branch) => !typeMiss(branch));
  if (fitting) {
    return fitting.flatMap((i) => unionReason({ ...i, path: [...issue.path, ...i.path] }));
  }
  const expected = issue.errors.map((b) => (typeMiss(b) as { expected?: string }).expected);
  return [{ ...issue, message: `Invalid input: expected ${expected.join(" or ")}` }];
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The name of the first string argument (or array element) that is not well-formed UTF-16:
 * stored, a lone surrogate would silently become U+FFFD, so it is refused instead.
 */
function illFormedArgument(args: unknown): string | undefined {
  if (args === null || typeof args !== "object") return undefined;
  for (const [key, value] of Object.entries(args)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (typeof v === "string" && LONE_SURROGATE.test(v)) return JSON.stringify(clip(key, 80));
    }
  }
  return undefined;
}

/** Where a call runs: the workspace, and the caller's session (before any `session_id`). */
export interface CallContext {
  workspace: Workspace;
  sessions: SessionStore;
  /** Transport session id (MCP `Mcp-Session-Id`, the stdio process, a REST client…). */
  sessionId: string;
  /** Who calls: reach and author. Unset = the owner of an open server. */
  caller?: Caller;
}

/**
 * Validates `args` against the tool's schema and runs it in the caller's session (linked with
 * the explicit `session_id` handle when given), within the caller's reach and as its author.
 * Whether the caller's role allows the tool is not core's to decide: @lens/service asks its role
 * table first. Throws ToolCallError for an unknown tool or invalid arguments; every other
 * failure comes back as an `isError` result.
 */
export function callTool(ctx: CallContext, name: string, args: unknown): ToolResult {
  const call = checkToolCall(name, args);
  const caller = ctx.caller ?? OWNER;
  const session = ctx.sessions.forCall(ctx.sessionId, call.sessionId);
  return toToolResult(call.tool, call.tool.run(ctx.workspace, session, call.args, caller));
}

/** A tool call whose name and arguments passed the checks of `checkToolCall`. */
export interface CheckedCall {
  tool: Tool;
  /** The tool's own arguments, parsed (defaults applied), without `session_id`. */
  args: Record<string, unknown>;
  sessionId?: string;
}

/**
 * The checks every call goes through before its tool runs: a known tool, well-formed strings,
 * arguments that fit the strict schema. Throws ToolCallError. Adapters that run a tool's work
 * elsewhere (grep in a worker thread) call it to refuse exactly what callTool refuses.
 */
export function checkToolCall(name: string, args: unknown): CheckedCall {
  const tool = findTool(name);
  if (!tool) {
    throw new ToolCallError(
      "unknown_tool",
      `Unknown tool "${name}". Available tools: ${lensTools.map((t) => t.name).join(", ")}.`,
    );
  }
  const illFormed = illFormedArgument(args);
  if (illFormed) {
    throw new ToolCallError(
      "invalid_arguments",
      `Invalid arguments for ${name}: ${illFormed} is not well-formed Unicode (it holds a lone surrogate); nothing was changed. Send the text as valid UTF-8 / UTF-16.`,
    );
  }
  const schema = toolArguments(tool);
  const parsed = schema.safeParse(args ?? {});
  if (!parsed.success) {
    throw new ToolCallError("invalid_arguments", argumentsMessage(name, schema, parsed.error));
  }
  const { session_id, ...toolArgs } = parsed.data as { session_id?: string };
  return session_id === undefined
    ? { tool, args: toolArgs }
    : { tool, args: toolArgs, sessionId: session_id };
}
