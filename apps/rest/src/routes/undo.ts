// Undoing a review over HTTP: POST /suggestions/undo with the token an accept or reject answered
// with. One call to the service's undo (authorised as reviewing, audited as suggestion.undo,
// applied in one transaction, persisted); this file only translates.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Suggestion } from "@lens/core";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { ProblemError, problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { tags } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";
import { etagNow, SuggestionKind } from "./suggestions.js";

const UndoBody = z
  .object({
    token: z.string().min(1).max(200).openapi({
      description: "A document's `undo` from the answer of POST /suggestions/accept or /reject.",
      example: "u_3kT9xQ2mZf8bW1cR7yLp0aVd",
    }),
  })
  .openapi("UndoRequest");

const RestoredSchema = z.object({
  id: z.string(),
  kind: SuggestionKind,
  line: z.number().int(),
  old: z.string(),
  new: z.string(),
  author: z.string().optional(),
  time: z.number().optional(),
});

const UndoResultSchema = z
  .object({
    path: z.string().openapi({ description: "Where the note is now (it may have moved)." }),
    undid: z.enum(["accept", "reject"]),
    etag: z.string().openapi({ description: "The document's ETag after the undo." }),
    suggestions: z.array(RestoredSchema).openapi({
      description: "The suggestions pending again, exactly as before the review (same ids).",
    }),
  })
  .openapi("UndoResult");

const undoRoute = createRoute({
  method: "post",
  path: "/suggestions/undo",
  operationId: "undoReview",
  tags: [tags.suggestions],
  summary: "Undo a review",
  description:
    "Undoes one document's accept or reject: the text before the review comes back exactly, markup and metadata included, its suggestions pending again (a rejected creation's note comes back under its path), in one transaction, audited as suggestion.undo. Only the token that reviewed may undo, once, while the document's text is the one the review left: once it moved on the answer is 409 (`conflict`, with the document's `path` and current `etag`); an unknown, used or expired token is 404.",
  request: {
    query: noQueryParams,
    body: { required: true, content: { "application/json": { schema: UndoBody } } },
  },
  responses: {
    200: {
      description: "The review undone",
      content: { "application/json": { schema: UndoResultSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 422),
  },
});

function restored(s: Suggestion): z.infer<typeof RestoredSchema> {
  const out: z.infer<typeof RestoredSchema> = {
    id: s.id,
    kind: s.kind,
    line: s.line,
    old: s.oldText,
    new: s.newText,
  };
  if (s.author !== undefined) out.author = s.author;
  if (s.time !== undefined) out.time = s.time;
  return out;
}

export function registerUndoRoute(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;
  app.openapi(undoRoute, async (c) => {
    const actor = actorFor(c, deps, "undoReview");
    const { token } = c.req.valid("json");
    const outcome = await deps.lens.undo(actor, token);
    if (!outcome.ok) {
      const { code, message, details } = outcome.error;
      if (code === "stale") {
        const { path, docId } = details as { path: string; docId: string };
        const etag = etagNow(ws, docId);
        throw new ProblemError("conflict", message, { path, etag, code }, { ETag: etag });
      }
      throw problemForFailure(outcome.error, { ws, reach: actor.caller.reach });
    }
    const { path, docId, undid, suggestions } = outcome.value;
    return c.json(
      { path, undid, etag: etagNow(ws, docId), suggestions: suggestions.map(restored) },
      200,
    );
  });
}
