// GET /grep: core's grep tool with every one of its parameters as query parameters; the answer
// is the tool's typed page (entries, paging) with its text, exactly as MCP clients get both.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { type GrepPage, GrepPageSchema } from "@lens/core";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { problemResponses } from "../problems.js";
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

const GrepResultSchema = GrepPageSchema.extend({ text: toolText }).openapi("GrepResult", {
  description:
    "One page of the grep tool's output: its entries typed (file / count / match, context, break), the paging facts, and the same page as the tool's text.",
});

const grepRoute = createRoute({
  method: "get",
  path: "/grep",
  operationId: "grep",
  tags: [tags.search],
  summary: "Search document contents",
  description:
    "Runs the grep tool once over the documents' AI views (ripgrep semantics; paths in rg --sort path order) and returns its page: the output entries typed (`entries`: files, counts, or matching and context lines with their line numbers) and the same page as the tool's text. Query names map to the tool's: case_insensitive → -i, line_numbers → -n, after_context → -A, before_context → -B, context → -C. offset and head_limit page the entries, exactly as the text; `nextOffset` is the next page's offset.",
  request: { query: GrepQuery },
  responses: {
    200: {
      description: 'The page of output ("No matches found" in text when nothing matches)',
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
    const actor = actorFor(c, deps, "grep");
    const context = { tool: "grep", ws, path: query.path, reach: actor.caller.reach };
    const result = await withRequestSession(deps, actor, undefined, (rs) => rs.call("grep", raw));
    if (result.isError || !result.data) throw problemForFailure(result, context);
    return c.json({ ...(result.data as GrepPage), text: result.text }, 200);
  });
}
