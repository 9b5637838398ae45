// GET /documents/{path}/links: what links to a document (backlinks_v0), what it links to
// (resolved live) and its unresolved links, as JSON beside the get_links tool's text.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { backlinkIndexOf, type Workspace } from "@lens/core";
import type { RestDeps } from "../deps.js";
import { openDocument } from "../locate.js";
import { ProblemError, problemResponses } from "../problems.js";
import { withRequestSession } from "../requestSession.js";
import { DOCUMENT_SUBROUTE, DocumentPathParams, tags, toolText } from "../schemas.js";

const LinksSchema = z
  .object({
    path: z.string().openapi({ example: "Lens/Notes/Ideas.md" }),
    backlinks: z.array(z.string()).openapi({
      description: "Paths of the documents linking here, sorted.",
      example: ["Lens/Index.md"],
    }),
    links: z.array(z.string()).openapi({
      description: "Paths of the entries this document links to, sorted.",
      example: ["Lens/Notes/Plan.md"],
    }),
    unresolved: z.array(z.string()).openapi({
      description: "Link targets, as written, that name no entry; sorted.",
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
  request: { params: DocumentPathParams },
  responses: {
    200: {
      description: "The document's links",
      content: { "application/json": { schema: LinksSchema } },
    },
    ...problemResponses(400, 401, 404, 422),
  },
});

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function structuredLinks(ws: Workspace, docId: string) {
  const index = backlinkIndexOf(ws);
  const backlinks = new Set<string>();
  for (const id of index.backlinks(docId)) {
    const p = ws.paths.pathOf(id);
    if (p !== undefined) backlinks.add(p);
  }
  const links = new Set<string>();
  const unresolved = new Map<string, string>();
  for (const { link, target } of index.forwardLinks(docId)) {
    if (link.target === "") continue; // [[#Heading]]: a place in this document
    if (target) links.add(target.path);
    else if (!unresolved.has(link.target.toLowerCase()))
      unresolved.set(link.target.toLowerCase(), link.target);
  }
  return {
    backlinks: [...backlinks].sort(byCodeUnit),
    links: [...links].sort(byCodeUnit),
    unresolved: [...unresolved.values()].sort(byCodeUnit),
  };
}

export function registerLinksRoute(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;
  app.openapi(linksRoute, (c) => {
    const { path } = c.req.valid("param");
    const doc = openDocument(ws, path);
    const result = withRequestSession(deps, undefined, (rs) =>
      rs.call("get_links", { file_path: path }),
    );
    if (result.isError) {
      throw new ProblemError("tool-error", result.text, { tool: "get_links", text: result.text });
    }
    return c.json(
      { path: doc.loc.path, ...structuredLinks(ws, doc.loc.docId), text: result.text },
      200,
    );
  });
}
