// POST /documents/{path}/insert: core's insert tool (lines added at the start or end of the note
// or of a heading's section, as one CriticMarkup insertion), with the same proof of a prior read
// as an edit: the document's current ETag in If-Match, or a Lens-Session that read it.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { INSERT_MAX_CHARS } from "@lens/core";
import type { RestDeps } from "../deps.js";
import { problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { writeWithReadProof } from "../readProof.js";
import {
  changesetField,
  DOCUMENT_SUBROUTE,
  DocumentPathParams,
  excerptOf,
  ifMatchHeader,
  lensSessionHeader,
  reasonField,
  tags,
  toolText,
} from "../schemas.js";

const InsertBody = z
  .strictObject({
    content: z.string().min(1).max(INSERT_MAX_CHARS).openapi({
      description: "Markdown lines to add; no CriticMarkup delimiters.",
      example: "- call the printer people",
    }),
    heading: z.string().min(1).optional().openapi({
      description:
        'Heading whose section gets the content: its exact text, with or without its #s ("Tasks", "## Tasks"). Absent = the whole note.',
      example: "Tasks",
    }),
    position: z.enum(["start", "end"]).optional().openapi({
      description:
        "start: right below the heading (the note's frontmatter); end (default): after the section's (note's) last non-blank line.",
    }),
    reason: reasonField,
    changeset: changesetField,
  })
  .openapi("InsertRequest");

const InsertResultSchema = z
  .object({
    path: z.string().openapi({ example: "Lens/Daily/2026-11-24.md" }),
    heading: z
      .string()
      .optional()
      .openapi({ description: 'The section\'s heading, e.g. "## Tasks".' }),
    position: z.enum(["start", "end"]),
    firstLine: z.number().int().openapi({ description: "AI-view line where the content starts." }),
    lines: z.number().int().openapi({ description: "Lines added." }),
    excerpt: excerptOf("AI-view lines around the insertion."),
    text: toolText,
    etag: z.string().openapi({ description: "The document's new ETag (also in the ETag header)." }),
  })
  .openapi("InsertResult");

const insertRoute = createRoute({
  method: "post",
  path: `${DOCUMENT_SUBROUTE}/insert`,
  operationId: "insertIntoDocument",
  tags: [tags.documents],
  summary: "Suggest an insertion",
  description:
    "core's insert tool: adds content at the start or end of the note or of a heading's section (which ends at the next heading of the same or higher level) as one CriticMarkup insertion ({++…++}) a human accepts or rejects. A heading several headings share is refused naming them (code not_unique), a missing one listing the note's headings (code no_match), both 422. Requires proof of a prior read, as an edit does: If-Match with the document's current ETag, or a Lens-Session header whose session has read it.",
  request: {
    params: DocumentPathParams,
    query: noQueryParams,
    headers: z.object({ "if-match": ifMatchHeader, "lens-session": lensSessionHeader }),
    body: { required: true, content: { "application/json": { schema: InsertBody } } },
  },
  responses: {
    200: {
      description: "The suggestion was written; the response comes after it was made durable",
      headers: z.object({ ETag: z.string() }),
      content: { "application/json": { schema: InsertResultSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 412, 422, 428),
  },
});

export function registerInsertRoute(app: OpenAPIHono, deps: RestDeps): void {
  app.openapi(insertRoute, async (c) => {
    const { path } = c.req.valid("param");
    const body = c.req.valid("json");
    const { result, etag } = await writeWithReadProof(
      c,
      deps,
      "insertIntoDocument",
      { name: "insert", gerund: "Inserting", noun: "insertion" },
      path,
      c.req.valid("header"),
      body,
    );
    return c.json({ ...(result.data as object), text: result.text, etag } as never, 200, {
      ETag: etag,
    });
  });
}
