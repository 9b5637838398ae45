// GET /documents (glob listing: core's globEntries, beside the glob tool's text) and
// GET /documents/{path} (one document in a chosen view, whole or by lines, as JSON or markdown,
// with an ETag and If-None-Match → 304).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { baseView, globEntries, lineStarts } from "@lens/core";
import { accepts } from "hono/accepts";
import { callerOf } from "../caller.js";
import type { RestDeps } from "../deps.js";
import { ifNoneMatchHits } from "../etag.js";
import { type OpenDocument, openDocument } from "../locate.js";
import { problemResponses } from "../problems.js";
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
    "The glob tool's search (core's globEntries: same semantics, order and cut at 100 entries as over MCP), each entry described, beside the glob tool's text.",
  request: { query: ListQuery },
  responses: {
    200: {
      description: "The matching entries",
      content: { "application/json": { schema: DocumentListSchema } },
    },
    ...problemResponses(400, 401, 404, 422),
  },
});

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

const DocumentContentSchema = z
  .object({
    path: z.string().openapi({ example: "Lens/Notes/Ideas.md" }),
    view: ViewName,
    etag: z.string().openapi({ description: "Same as the ETag header: the raw text's version." }),
    modified: isoTimeOrNull,
    size: z.number().int().openapi({ description: "UTF-8 bytes of the raw text." }),
    pendingSuggestions: z.number().int(),
    lines: z
      .object({
        start: z.number().int().openapi({ description: "First line returned (1-based)." }),
        end: z.number().int().openapi({ description: "Last line returned; start - 1 when none." }),
        total: z.number().int().openapi({ description: "Lines in this view." }),
      })
      .openapi({ description: "Which lines of the view `content` holds." }),
    content: z.string().openapi({ description: "The lines, with their line endings." }),
  })
  .openapi("DocumentContent");

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

interface LineRange {
  start: number;
  end: number;
  total: number;
  content: string;
}

/** Lines `offset`.. of `text` (1-based, `limit` of them), with their line endings. */
function lineRange(
  text: string,
  starts: readonly number[],
  offset?: number,
  limit?: number,
): LineRange {
  const total = starts.length;
  const start = Math.max(1, offset ?? 1);
  const end = Math.min(total, limit === undefined ? total : start + limit - 1);
  if (start > end) return { start, end: start - 1, total, content: "" };
  const from = starts[start - 1]!;
  const to = starts[end] ?? text.length;
  return { start, end, total, content: text.slice(from, to) };
}

function viewText(
  doc: OpenDocument,
  view: z.infer<typeof ViewName>,
): { text: string; starts: readonly number[] } {
  switch (view) {
    case "ai":
      return { text: doc.view.ai, starts: doc.view.aiLineStarts };
    case "raw":
      return { text: doc.view.raw, starts: lineStarts(doc.view.raw) };
    case "base": {
      const text = baseView(doc.view.raw);
      return { text, starts: lineStarts(text) };
    }
  }
}

export function registerDocumentRoutes(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;

  app.openapi(listRoute, (c) => {
    const { pattern, path } = c.req.valid("query");
    const args =
      path === undefined ? { pattern: pattern ?? "**" } : { pattern: pattern ?? "**", path };
    const caller = callerOf(c, deps);
    // Both run synchronously, so the entries and the text describe the same moment.
    const found = globEntries(ws, args, caller.reach);
    if (!found.ok) {
      throw problemForFailure({ text: found.message, code: found.code }, { tool: "glob" });
    }
    const result = withRequestSession(deps, caller, undefined, (rs) => rs.call("glob", args));
    if (result.isError) throw problemForFailure(result, { tool: "glob" });
    return c.json(
      {
        documents: found.entries.map((e) => documentSummary(ws, e)),
        truncated: found.total > found.entries.length,
        total: found.total,
        text: result.text,
      },
      200,
    );
  });

  app.openapi(getRoute, (c) => {
    const { path } = c.req.valid("param");
    const query = c.req.valid("query");
    const headers = c.req.valid("header");
    const caller = callerOf(c, deps);
    const doc = openDocument(ws, path, caller.reach);
    const lensSession = headers["lens-session"];
    if (lensSession !== undefined) {
      withRequestSession(deps, caller, lensSession, (rs) =>
        rs.session.markRead(doc.loc.docId, ws.now()),
      );
    }
    const cacheHeaders = { ETag: doc.etag, Vary: "Accept", "Cache-Control": "no-cache" };
    const ifNoneMatch = headers["if-none-match"];
    if (ifNoneMatch !== undefined && ifNoneMatchHits(ifNoneMatch, doc.etag)) {
      return c.body(null, 304, cacheHeaders);
    }
    const view = query.view ?? "ai";
    const { text, starts } = viewText(doc, view);
    const range = lineRange(text, starts, query.offset, query.limit);
    const type = accepts(c, {
      header: "Accept",
      supports: ["application/json", "text/markdown", "text/plain"],
      default: "application/json",
    });
    if (type !== "application/json") {
      return c.body(range.content, 200, {
        ...cacheHeaders,
        "Content-Type": `${type}; charset=utf-8`,
      });
    }
    const summary = documentSummary(ws, entryOf(ws, doc.loc));
    return c.json(
      {
        path: doc.loc.path,
        view,
        etag: doc.etag,
        modified: summary.modified,
        size: summary.size ?? 0,
        pendingSuggestions: summary.pendingSuggestions ?? 0,
        lines: { start: range.start, end: range.end, total: range.total },
        content: range.content,
      },
      200,
      cacheHeaders,
    );
  });
}
