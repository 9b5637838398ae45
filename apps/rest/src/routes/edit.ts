// POST /documents/{path}/edit: core's edit tool (a CriticMarkup suggestion), allowed only with a
// proof that the client read the document — its current ETag in If-Match, or a Lens-Session that
// read it. See README "Proof of a prior read".
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
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

const EditBody = z
  .object({
    old_string: z.string().openapi({
      description:
        "Exact text to replace, as the AI view shows it (GET with view=ai, or read over MCP); unique unless replace_all.",
    }),
    new_string: z
      .string()
      .openapi({ description: "Replacement text; empty to delete old_string." }),
    replace_all: z.boolean().optional().openapi({
      description:
        "Replace every occurrence instead of exactly one (default false); at most 1 000 occurrences per edit.",
    }),
    reason: reasonField,
    changeset: changesetField,
  })
  .openapi("EditRequest");

const EditResultSchema = z
  .object({
    path: z.string().openapi({ example: "Lens/Notes/Ideas.md" }),
    replacements: z.number().int().openapi({ description: "Occurrences replaced." }),
    firstLine: z.number().int().openapi({ description: "AI-view line of the first one." }),
    excerpt: excerptOf(
      "The first replacement's lines as read now shows them (the suggestion as if accepted), two lines around.",
    ),
    text: toolText,
    etag: z.string().openapi({ description: "The document's new ETag (also in the ETag header)." }),
  })
  .openapi("EditResult");

const editRoute = createRoute({
  method: "post",
  path: `${DOCUMENT_SUBROUTE}/edit`,
  operationId: "editDocument",
  tags: [tags.documents],
  summary: "Suggest an edit",
  description:
    "Replaces old_string by new_string as a CriticMarkup suggestion ({--old--}{++new++}) that a human accepts or rejects — core's edit tool, with its rules (unique match, no CriticMarkup delimiters, merging with pending suggestions). Requires proof of a prior read: If-Match with the document's current ETag (missing proof → 428, stale → 412 with the current ETag), or a Lens-Session header whose session has read the document.",
  request: {
    params: DocumentPathParams,
    query: noQueryParams,
    headers: z.object({ "if-match": ifMatchHeader, "lens-session": lensSessionHeader }),
    body: { required: true, content: { "application/json": { schema: EditBody } } },
  },
  responses: {
    200: {
      description: "The suggestion was written; the response comes after it was made durable",
      headers: z.object({ ETag: z.string() }),
      content: { "application/json": { schema: EditResultSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 412, 422, 428),
  },
});

export function registerEditRoute(app: OpenAPIHono, deps: RestDeps): void {
  app.openapi(editRoute, async (c) => {
    const { path } = c.req.valid("param");
    const body = c.req.valid("json");
    const args: Record<string, unknown> = {
      old_string: body.old_string,
      new_string: body.new_string,
    };
    if (body.replace_all !== undefined) args.replace_all = body.replace_all;
    if (body.reason !== undefined) args.reason = body.reason;
    if (body.changeset !== undefined) args.changeset = body.changeset;
    const { result, etag } = await writeWithReadProof(
      c,
      deps,
      "editDocument",
      { name: "edit", gerund: "Editing", noun: "edit" },
      path,
      c.req.valid("header"),
      args,
    );
    const data = result.data as {
      path: string;
      replacements: number;
      firstLine: number;
      excerpt: { line: number; text: string }[];
    };
    return c.json({ ...data, text: result.text, etag }, 200, { ETag: etag });
  });
}
