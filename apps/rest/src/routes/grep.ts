// GET /grep: core's grep tool with every one of its parameters as query parameters; the answer
// is the tool's text, exactly as MCP clients get it.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { RestDeps } from "../deps.js";
import { toolProblemFor } from "../locate.js";
import { problemResponses } from "../problems.js";
import { withRequestSession } from "../requestSession.js";
import { tags, toolText } from "../schemas.js";

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

const GrepQuery = z.object({
  pattern: z
    .string()
    .min(1)
    .openapi({ description: "Regular expression, ripgrep (Rust regex) syntax.", example: "TODO" }),
  path: z.string().optional().openapi({
    description: "Folder, sub-folder or document to search; absent = everything.",
    example: "Lens",
  }),
  glob: z.string().optional().openapi({
    description: 'Only documents whose path matches (rg --glob), e.g. "*.md" or "!Archive/**".',
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
  head_limit: count("At most this many output entries (default 250; 0 = no limit)."),
  offset: count("Skip this many output entries first, to page on."),
});

const GrepResultSchema = z.object({ text: toolText }).openapi("GrepResult", {
  description:
    "The grep tool's output. Structured matches will be added when core exposes them as records.",
});

const grepRoute = createRoute({
  method: "get",
  path: "/grep",
  operationId: "grep",
  tags: [tags.search],
  summary: "Search document contents",
  description:
    "Runs the grep tool over the documents' AI views (ripgrep semantics and output; paths in rg --sort path order). Query names map to the tool's: case_insensitive → -i, line_numbers → -n, after_context → -A, before_context → -B, context → -C.",
  request: { query: GrepQuery },
  responses: {
    200: {
      description: 'The tool\'s output ("No matches found" when nothing matches)',
      content: { "application/json": { schema: GrepResultSchema } },
    },
    ...problemResponses(400, 401, 404, 422),
  },
});

export function registerGrepRoute(app: OpenAPIHono, deps: RestDeps): void {
  app.openapi(grepRoute, (c) => {
    const query = c.req.valid("query");
    const args: Record<string, unknown> = {};
    for (const [name, toolName] of Object.entries(TOOL_ARG)) {
      const value = query[name as keyof typeof query];
      if (value !== undefined) args[toolName] = value;
    }
    const result = withRequestSession(deps, undefined, (rs) => rs.call("grep", args));
    if (result.isError) throw toolProblemFor(deps.workspace, query.path, "grep", result.text);
    return c.json({ text: result.text }, 200);
  });
}
