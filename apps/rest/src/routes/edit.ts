// POST /documents/{path}/edit: core's edit tool (a CriticMarkup suggestion), allowed only with a
// proof that the client read the document — its current ETag in If-Match, or a Lens-Session that
// read it. See README "Proof of a prior read".
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { ifMatchHits } from "../etag.js";
import { openDocument } from "../locate.js";
import { ProblemError, problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { withRequestSession } from "../requestSession.js";
import {
  DOCUMENT_SUBROUTE,
  DocumentPathParams,
  ifMatchHeader,
  lensSessionHeader,
  tags,
  toolText,
} from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

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
  })
  .openapi("EditRequest");

const EditResultSchema = z
  .object({
    path: z.string().openapi({ example: "Lens/Notes/Ideas.md" }),
    replacements: z.number().int().openapi({ description: "Occurrences replaced." }),
    firstLine: z.number().int().openapi({ description: "AI-view line of the first one." }),
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
  const ws = deps.workspace;

  app.openapi(editRoute, async (c) => {
    const { path } = c.req.valid("param");
    const headers = c.req.valid("header");
    const body = c.req.valid("json");
    // Everything from the precondition check to the edit is synchronous, so no other write can
    // slip in between: the ETag checked is the version the edit applies to.
    const actor = actorFor(c, deps, "editDocument");
    const reach = actor.caller.reach;
    const doc = openDocument(ws, path, reach);
    // `If-Match: *` matches any version, so it proves nothing about having read this one.
    const ifMatch = headers["if-match"]?.trim() === "*" ? undefined : headers["if-match"];
    if (ifMatch !== undefined && !ifMatchHits(ifMatch, doc.etag)) {
      throw new ProblemError(
        "precondition-failed",
        `${doc.loc.path} changed since the version in If-Match. GET it again (its current ETag is ${doc.etag}), check that the edit still applies, and retry with the new ETag.`,
        { etag: doc.etag },
        { ETag: doc.etag },
      );
    }
    let etag = doc.etag;
    const result = await withRequestSession(deps, actor, headers["lens-session"], (rs) => {
      const session = rs.session;
      if (ifMatch !== undefined) session.markRead(doc.loc.docId, ws.now());
      else if (!session.hasRead(doc.loc.docId)) {
        throw new ProblemError(
          "precondition-required",
          headers["lens-session"] === undefined
            ? `Editing needs proof that you read ${doc.loc.path}: send its ETag (from GET /documents/{path}) in If-Match, or GET it with a Lens-Session header and send the same header here.`
            : `Session "${headers["lens-session"]}" has not read ${doc.loc.path}: GET the document with this Lens-Session header first, or send its ETag in If-Match.`,
          // The tool's refusal for an edit before a read, as MCP answers it.
          { code: "not_read" },
        );
      }
      const args: Record<string, unknown> = {
        file_path: path,
        old_string: body.old_string,
        new_string: body.new_string,
      };
      if (body.replace_all !== undefined) args.replace_all = body.replace_all;
      // The version this edit produced, taken before any other write can run.
      return rs.call("edit", args, (ran) => {
        if (!ran.isError) etag = openDocument(ws, doc.loc.path, reach).etag;
      });
    });
    // Refusals map by their code; one without a code is a generic tool-error.
    if (result.isError) {
      throw problemForFailure(result, { tool: "edit", ws, path, reach });
    }
    const data = result.data as { path: string; replacements: number; firstLine: number };
    return c.json({ ...data, text: result.text, etag }, 200, { ETag: etag });
  });
}
