// GET /grep: core's grep tool with every one of its parameters as query parameters; the answer
// is the tool's text, exactly as MCP clients get it, and the same search as match records
// (core's grepStructured: path, line, column, text and context lines).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  checkToolCall,
  type GrepArgs,
  type GrepRecordsResult,
  grepPlan,
  grepStructured,
  type Reach,
  ToolCallError,
  type ToolResult,
  type Workspace,
} from "@lens/core";
import { callerOf } from "../caller.js";
import type { GrepRunner, RestDeps } from "../deps.js";
import { ProblemError, problemResponses } from "../problems.js";
import { queryParams } from "../query.js";
import { withRequestSession } from "../requestSession.js";
import { tags, toolText } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

const flag = (description: string) =>
  z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .optional()
    .openapi({ description });

const count = (description: string) =>
  z.coerce.number().int().min(0).optional().openapi({ description });

/** Query parameter → the grep tool's argument name (Claude Code's). */
const TOOL_ARG = {
  pattern: "pattern",
  path: "path",
  glob: "glob",
  output_mode: "output_mode",
  case_insensitive: "-i",
  line_numbers: "-n",
  after_context: "-A",
  before_context: "-B",
  context: "-C",
  multiline: "multiline",
  head_limit: "head_limit",
  offset: "offset",
} as const;

const GrepQuery = queryParams({
  pattern: z
    .string()
    .min(1)
    .openapi({ description: "Regular expression, ripgrep (Rust regex) syntax.", example: "TODO" }),
  path: z.string().optional().openapi({
    description: "Folder, sub-folder or document to search; absent = everything.",
    example: "Lens",
  }),
  glob: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({
      description:
        'Only documents whose path matches (rg --glob), e.g. "*.md", "!Archive/**" or "Team Notes/**". Each value is one glob, spaces included; repeat the parameter for several.',
    }),
  output_mode: z
    .enum(["content", "files_with_matches", "count"])
    .optional()
    .openapi({ description: "files_with_matches (default), content or count." }),
  case_insensitive: flag("Case-insensitive search (the tool's -i)."),
  line_numbers: flag("Line numbers in content mode (the tool's -n; default true)."),
  after_context: count("Lines of context after each match (the tool's -A)."),
  before_context: count("Lines of context before each match (the tool's -B)."),
  context: count("Lines of context around each match (the tool's -C)."),
  multiline: flag("Matches may span lines (rg -U --multiline-dotall)."),
  head_limit: count(
    "At most this many output entries in text, and matching lines in matches (default 250; 0 = no limit).",
  ),
  offset: count(
    "Skip this many output entries (text) and matching lines (matches) first, to page on.",
  ),
});

const ContextLineSchema = z
  .object({
    line: z.number().int().openapi({ description: "1-based line number in the AI view." }),
    text: z.string(),
  })
  .openapi("GrepContextLine");

const GrepMatchSchema = z
  .object({
    path: z.string().openapi({ example: "Lens/Notes/Ideas.md" }),
    line: z.number().int().openapi({
      description: "1-based line number in the AI view (the numbers read prints).",
      example: 5,
    }),
    column: z.number().int().openapi({
      description:
        "1-based column, in UTF-16 code units, where the first match on the line starts.",
      example: 1,
    }),
    text: z.string().openapi({
      description: "The matching line, without its line ending.",
      example: "TODO: more ideas",
    }),
    before: z.array(ContextLineSchema).openapi({
      description:
        "Context lines printed before this match (before_context / context), in line order; context already given to an earlier match is not repeated.",
    }),
    after: z.array(ContextLineSchema).openapi({
      description: "Context lines printed after this match (after_context / context).",
    }),
  })
  .openapi("GrepMatch");

const GrepResultSchema = z
  .object({
    text: toolText,
    matches: z.array(GrepMatchSchema).openapi({
      description:
        "The same search as records, one per matching line, in the text's path order, whatever output_mode is. offset and head_limit page these over matching lines, while the text pages over its output lines (paths, counts, or content lines with context and separators), so the two pages can cover different matches.",
    }),
    truncated: z.boolean().openapi({
      description:
        "matches was cut: more matching lines follow (page on with offset), or the time limit stopped the search.",
    }),
    timedOut: z.boolean().openapi({
      description:
        "The search for matches stopped at its time limit, so matches is partial (the text says so in a note of its own).",
    }),
  })
  .openapi("GrepResult", {
    description: "The grep tool's output and the same search as structured match records.",
  });

const grepRoute = createRoute({
  method: "get",
  path: "/grep",
  operationId: "grep",
  tags: [tags.search],
  summary: "Search document contents",
  description:
    "Runs the grep tool over the documents' AI views (ripgrep semantics and output; paths in rg --sort path order) and returns its text, plus the same search as match records (`matches`: path, line, column, text and context lines). Query names map to the tool's: case_insensitive → -i, line_numbers → -n, after_context → -A, before_context → -B, context → -C. offset and head_limit page `matches` over matching lines, but the text over its output lines.",
  request: { query: GrepQuery },
  responses: {
    200: {
      description:
        'The tool\'s output ("No matches found" when nothing matches) and the match records',
      content: { "application/json": { schema: GrepResultSchema } },
    },
    ...problemResponses(400, 401, 404, 409, 422, 503),
  },
});

export function registerGrepRoute(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;
  app.openapi(grepRoute, async (c) => {
    const query = c.req.valid("query");
    const raw: Record<string, unknown> = {};
    for (const [name, toolName] of Object.entries(TOOL_ARG)) {
      const value = query[name as keyof typeof query];
      if (value !== undefined) raw[toolName] = value;
    }
    const args = checkedArgs(raw);
    const caller = callerOf(c, deps);
    const context = { tool: "grep", ws, path: query.path, reach: caller.reach };
    const { result, found } = deps.grep
      ? await elsewhere(deps.grep, ws, args, caller.reach)
      : // Both searches run synchronously: the text and the records describe the same documents.
        {
          result: withRequestSession(deps, caller, undefined, (rs) => rs.call("grep", args)),
          found: grepStructured(ws, args, caller.reach),
        };
    if (result.isError) throw problemForFailure(result, context);
    if ("error" in found) throw problemForFailure(found.error, context);
    return c.json(
      {
        text: result.text,
        matches: found.records,
        truncated: found.truncated,
        timedOut: found.timedOut,
      },
      200,
    );
  });
}

/** The tool's own checks of its arguments (e.g. at most 100 globs), with the tool's message. */
function checkedArgs(raw: Record<string, unknown>): GrepArgs {
  try {
    return checkToolCall("grep", raw).args as GrepArgs;
  } catch (e) {
    if (e instanceof ToolCallError) throw new ProblemError("validation-failed", e.message);
    throw e;
  }
}

/** The same two searches through the runner (one worker round trip, both from one snapshot). */
async function elsewhere(
  run: GrepRunner,
  ws: Workspace,
  args: GrepArgs,
  reach: Reach,
): Promise<{ result: ToolResult; found: GrepRecordsResult | { error: ToolResult } }> {
  const plan = grepPlan(ws, args, reach);
  if ("error" in plan) return { result: plan.error, found: { error: plan.error } };
  const answer = await run(plan, { records: true });
  const records = answer.records;
  if (!records) return { result: answer.result, found: { error: answer.result } };
  return {
    result: answer.result,
    found: "error" in records ? { error: records.error } : records,
  };
}
