// GET /documents/{path}/links: what links to a document (backlinks_v0), what it links to
// (resolved live) and its unresolved links — core's linksOf, what get_links prints — as JSON
// beside the get_links tool's text.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { DocumentLinks } from "@lens/core";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { withRequestSession } from "../requestSession.js";
import { DOCUMENT_SUBROUTE, DocumentPathParams, tags, toolText } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

const LinksSchema = z
  .object({
    path: z.string().openapi({ example: "Lens/Notes/Ideas.md" }),
    backlinks: z.array(z.string()).openapi({
      description: "Paths of the documents linking here, sorted.",
      example: ["Lens/Index.md"],
    }),
    unknownBacklinks: z.number().int().openapi({
      description:
        "Documents linking here that are in no folder this server holds (deleted, or in another folder); not in backlinks.",
      example: 0,
    }),
    hiddenBacklinks: z.number().int().openapi({
      description:
        "Documents linking here from folders this token cannot see: counted, never named.",
      example: 0,
    }),
    hiddenLinks: z.number().int().openapi({
      description: "Link targets in folders this token cannot see: counted, never named.",
      example: 0,
    }),
    links: z.array(z.string()).openapi({
      description: "Paths of the entries this document links to, sorted, without itself.",
      example: ["Lens/Notes/Plan.md"],
    }),
    unresolved: z.array(z.string()).openapi({
      description:
        "Link targets that name no entry, as first written (one per target, whatever its case); sorted.",
      example: ["Someday"],
    }),
    text: toolText,
  })
  .openapi("Links");

const linksRoute = createRoute({
  method: "get",
  path: `${DOCUMENT_SUBROUTE}/links`,
  operationId: "getLinks",
  tags: [tags.links],
  summary: "Links of a document",
  description:
    'Backlinks, forward links and unresolved links of one document, and the get_links tool\'s text. A document whose own name is "links" is reached as ".../links.md" or with its slashes percent-encoded.',
  request: { params: DocumentPathParams, query: noQueryParams },
  responses: {
    200: {
      description: "The document's links",
      content: { "application/json": { schema: LinksSchema } },
    },
    ...problemResponses(400, 401, 404, 409, 422),
  },
});

export function registerLinksRoute(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;
  app.openapi(linksRoute, async (c) => {
    const { path } = c.req.valid("param");
    const actor = actorFor(c, deps, "getLinks");
    const result = await withRequestSession(deps, actor, undefined, (rs) =>
      rs.call("get_links", { file_path: path }),
    );
    if (result.isError || !result.data) {
      throw problemForFailure(result, { tool: "get_links", ws, path, reach: actor.caller.reach });
    }
    return c.json({ ...(result.data as DocumentLinks & { path: string }), text: result.text }, 200);
  });
}
