// GET /search: core's search tool (ranked full-text search) — hits by score with their
// snippets (line, text, marked ranges) as JSON, beside the tool's text for assistants.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from "@lens/core";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { problemResponses } from "../problems.js";
import { queryParams } from "../query.js";
import { withRequestSession } from "../requestSession.js";
import { tags, toolText } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

const SnippetSchema = z
  .object({
    line: z.number().int().openapi({ description: "1-based line of the AI view." }),
    text: z.string(),
    marks: z
      .array(z.tuple([z.number().int(), z.number().int()]))
      .openapi({ description: "[start, end) offsets in text of the words that matched." }),
  })
  .openapi("Snippet");

const SearchResultSchema = z
  .object({
    hits: z.array(
      z.object({
        path: z.string().openapi({ example: "Lens/Onboarding.md" }),
        score: z.number(),
        snippets: z.array(SnippetSchema),
      }),
    ),
    total: z.number().int().openapi({ description: "Hits in all, before limit and offset." }),
    query: z.string().openapi({ description: "The query as searched." }),
    limit: z.number().int().openapi({ description: "Most hits on this page." }),
    offset: z.number().int(),
    text: toolText,
  })
  .openapi("SearchResult");

const searchRoute = createRoute({
  method: "get",
  path: "/search",
  operationId: "search",
  tags: [tags.search],
  summary: "Ranked search",
  description:
    'core\'s search tool: notes ranked by how much they are about the query (BM25; name > tags > headings > body), words matched by prefix, with typos and without accents; "phrases", -exclusions and #tags.',
  request: {
    query: queryParams({
      query: z.string().min(1).max(1000),
      path: z.string().optional(),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(SEARCH_MAX_LIMIT)
        .optional()
        .openapi({
          description: `Default ${SEARCH_DEFAULT_LIMIT}.`,
        }),
      offset: z.coerce.number().int().min(0).optional(),
    }),
  },
  responses: {
    200: {
      description: "Hits, best first",
      content: { "application/json": { schema: SearchResultSchema } },
    },
    ...problemResponses(400, 401, 404, 422),
  },
});

export function registerSearchRoute(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;
  app.openapi(searchRoute, async (c) => {
    const q = c.req.valid("query");
    const actor = actorFor(c, deps, "search");
    const args: Record<string, unknown> = { query: q.query };
    if (q.path !== undefined) args.path = q.path;
    if (q.limit !== undefined) args.limit = q.limit;
    if (q.offset !== undefined) args.offset = q.offset;
    const result = await withRequestSession(deps, actor, undefined, (rs) =>
      rs.call("search", args),
    );
    if (result.isError) {
      throw problemForFailure(result, {
        tool: "search",
        ws,
        path: q.path,
        reach: actor.caller.reach,
      });
    }
    // The tool's typed result whole (query, limit and offset included), as MCP gives it.
    return c.json({ ...(result.data as object), text: result.text } as never, 200);
  });
}
