// GET /documents (the glob tool: its typed result, each entry described, beside its text) and
// GET /documents/{path} (core's readDocument: one document in a chosen view, whole or by lines,
// as JSON with read's text, or as markdown; with an ETag and If-None-Match → 304).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  checkToolCall,
  GLOB_MAX_RESULTS,
  type GlobArgs,
  globListing,
  globTool,
  type ReadResult,
  ReadResultSchema,
  renderRead,
  ToolCallError,
  toToolResult,
} from "@lens/core";
import { accepts } from "hono/accepts";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { etagOf, ifNoneMatchHits } from "../etag.js";
import { ProblemError, problemResponses } from "../problems.js";
import { queryParams } from "../query.js";
import { withRequestSession } from "../requestSession.js";
import {
  DOCUMENT_ROUTE,
  DocumentPathParams,
  isoTimeOrNull,
  lensSessionHeader,
  tags,
  toolText,
} from "../schemas.js";
import { DocumentSummarySchema, documentSummary, entryOf } from "../summary.js";
import { problemForFailure } from "../toolProblems.js";

// ---- GET /documents ---------------------------------------------------------------------

/** Most entries one listing may ask for (`limit`). */
export const LIST_MAX_LIMIT = 10_000;

const ListQuery = queryParams({
  pattern: z.string().min(1).optional().openapi({
    description:
      'Glob (picomatch) over user-facing paths, relative to `path` when given; default "**" (everything).',
    example: "**/*.md",
  }),
  path: z
    .string()
    .optional()
    .openapi({ description: 'Folder or sub-folder to list, e.g. "Lens/Notes".', example: "Lens" }),
  tag: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({
      description:
        "Only notes with this tag (frontmatter or inline, # optional; nested tags count, any case). Repeat for several: a note must have all.",
      example: "daily",
    }),
  where: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .openapi({
      description:
        "Only notes whose frontmatter property equals the value, or holds it in a list (text compared trimmed, ignoring case): `key:value`, split at the first colon. Repeat for several: all must match.",
      example: "status:open",
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIST_MAX_LIMIT)
    .optional()
    .openapi({
      description: `Most entries listed (default ${GLOB_MAX_RESULTS}, the glob tool's own cut; at most ${LIST_MAX_LIMIT}). A client building a whole folder tree asks for more; \`total\` says how many match.`,
      example: 1000,
    }),
});

const DocumentListSchema = z
  .object({
    documents: z
      .array(DocumentSummarySchema)
      .openapi({ description: "Most recently modified first, ties by path." }),
    truncated: z.boolean().openapi({
      description:
        "True when glob cut the list (total > documents.length); narrow pattern or path.",
    }),
    total: z.number().int().openapi({ description: "Entries matching, before the cut." }),
    pattern: z.string(),
    scope: z.string().openapi({ description: 'Folder listed; "" = every folder.' }),
    filter: z
      .string()
      .optional()
      .openapi({ description: "The tag / where filter applied, in words." }),
    text: toolText,
  })
  .openapi("DocumentList");

const listRoute = createRoute({
  method: "get",
  path: "/documents",
  operationId: "listDocuments",
  tags: [tags.documents],
  summary: "List documents matching a glob",
  description:
    "The glob tool's search (same semantics and order as over MCP): its entries, each described, beside its text. It lists 100 entries, as the tool does, unless `limit` asks for another number (up to 10 000).",
  request: { query: ListQuery },
  responses: {
    200: {
      description: "The matching entries",
      content: { "application/json": { schema: DocumentListSchema } },
    },
    ...problemResponses(400, 401, 404, 422),
  },
});

/** `where=key:value` parameters as glob's `where` object; a value without a colon is refused. */
function whereOf(given: string | string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of typeof given === "string" ? [given] : given) {
    const colon = pair.indexOf(":");
    if (colon <= 0) {
      throw new ProblemError(
        "validation-failed",
        `where=${JSON.stringify(pair)} is not key:value (e.g. where=status:open).`,
      );
    }
    out[pair.slice(0, colon).trim()] = pair.slice(colon + 1).trim();
  }
  return out;
}

// ---- GET /documents/{path} ------------------------------------------------------------------

const ViewName = z.enum(["raw", "ai", "base"]);

const GetQuery = queryParams({
  view: ViewName.optional().openapi({
    description:
      "raw: the text with its CriticMarkup; ai (default): pending suggestions shown as accepted, as read/grep/edit see it; base: every pending suggestion rejected.",
  }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .openapi({ description: "First line to return (1-based); 0 or absent = the first line." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .openapi({ description: "Number of lines to return; absent = to the end." }),
});

const GetHeaders = z.object({
  "if-none-match": z
    .string()
    .optional()
    .openapi({ description: "ETag(s) the client holds: 304 Not Modified when one is current." }),
  "lens-session": lensSessionHeader,
});

const DocumentContentSchema = ReadResultSchema.extend({
  etag: z.string().openapi({ description: "Same as the ETag header: the raw text's version." }),
  modified: isoTimeOrNull,
  size: z.number().int().openapi({ description: "UTF-8 bytes of the raw text." }),
  text: z.string().openapi({
    description:
      "The lines as the read tool prints them (`cat -n` rows, notes, pending suggestions); lines are never cut here.",
  }),
}).openapi("DocumentContent");

const getRoute = createRoute({
  method: "get",
  path: DOCUMENT_ROUTE,
  operationId: "getDocument",
  tags: [tags.documents],
  summary: "Get a document",
  description:
    "One markdown document in the chosen view, whole or a range of lines. JSON by default; `Accept: text/markdown` (or text/plain) returns the text alone. The strong ETag identifies the document's version (its raw text) and is the proof of reading that an edit sends back in If-Match.",
  request: { params: DocumentPathParams, query: GetQuery, headers: GetHeaders },
  responses: {
    200: {
      description: "The document",
      headers: z.object({ ETag: z.string() }),
      content: {
        "application/json": { schema: DocumentContentSchema },
        "text/markdown": { schema: z.string().openapi({ description: "The requested lines." }) },
      },
    },
    304: { description: "Not modified: If-None-Match holds the current ETag" },
    ...problemResponses(400, 401, 404, 409, 422),
  },
});

export function registerDocumentRoutes(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;

  app.openapi(listRoute, (c) => {
    const { pattern, path, limit, tag, where } = c.req.valid("query");
    const args: Record<string, unknown> = { pattern: pattern ?? "**" };
    if (path !== undefined) args.path = path;
    if (tag !== undefined) args.tag = tag;
    if (where !== undefined) args.where = whereOf(where);
    const actor = actorFor(c, deps, "listDocuments");
    // The glob tool's checks (its role is the route's), then its search with the listing's cut.
    let checked: GlobArgs;
    try {
      checked = checkToolCall("glob", args).args as typeof checked;
    } catch (e) {
      if (e instanceof ToolCallError) throw new ProblemError("validation-failed", e.message);
      throw e;
    }
    const result = toToolResult(
      globTool,
      globListing(ws, checked, actor.caller.reach, limit ?? GLOB_MAX_RESULTS),
    );
    if (result.isError || !result.data) throw problemForFailure(result, { tool: "glob" });
    const found = result.data;
    const documents = found.entries.flatMap((e) => {
      const loc = ws.paths.get(e.path);
      return loc ? [documentSummary(ws, entryOf(ws, loc))] : [];
    });
    return c.json(
      {
        documents,
        truncated: found.truncated,
        total: found.total,
        pattern: found.pattern,
        scope: found.scope,
        ...(found.filter === undefined ? {} : { filter: found.filter }),
        text: result.text,
      },
      200,
    );
  });

  app.openapi(getRoute, async (c) => {
    const { path } = c.req.valid("param");
    const query = c.req.valid("query");
    const headers = c.req.valid("header");
    const actor = actorFor(c, deps, "getDocument");
    const request = {
      filePath: path,
      view: query.view ?? "ai",
      offset: query.offset,
      limit: query.limit,
    };
    const lensSession = headers["lens-session"];
    // A Lens-Session handle is marked as having read it (through the request's own session).
    const read =
      lensSession === undefined
        ? deps.lens.readDocument(actor, request)
        : await withRequestSession(deps, actor, lensSession, (rs) =>
            deps.lens.readDocument(actor, request, rs.ref),
          );
    if (!read.ok) throw problemForFailure(read.error, { ws, path, reach: actor.caller.reach });
    const { docId, ...result } = read.value;
    const view = ws.view(docId);
    const etag = view ? etagOf(view) : '""';
    const cacheHeaders = { ETag: etag, Vary: "Accept", "Cache-Control": "no-cache" };
    const ifNoneMatch = headers["if-none-match"];
    if (ifNoneMatch !== undefined && ifNoneMatchHits(ifNoneMatch, etag)) {
      return c.body(null, 304, cacheHeaders);
    }
    const type = accepts(c, {
      header: "Accept",
      supports: ["application/json", "text/markdown", "text/plain"],
      default: "application/json",
    });
    if (type !== "application/json") {
      return c.body(result.content, 200, {
        ...cacheHeaders,
        "Content-Type": `${type}; charset=utf-8`,
      });
    }
    const loc = ws.paths.get(result.path);
    const summary = loc ? documentSummary(ws, entryOf(ws, loc)) : undefined;
    const body: ReadResult & { etag: string; modified: string | null; size: number; text: string } =
      {
        ...result,
        etag,
        modified: summary?.modified ?? null,
        size: summary?.size ?? 0,
        text: renderRead(result),
      };
    return c.json(body, 200, cacheHeaders);
  });
}
