// What became of suggestions, and taking back one's own: GET /suggestions/history is core's
// suggestions tool (the caller's own by default, a note's or folder's with path; statuses from
// the service's history), POST /suggestions/withdraw its withdraw tool. One tool call each
// through the service; this file only translates.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { SUGGESTION_STATUSES, SUGGESTIONS_DEFAULT_LIMIT, SUGGESTIONS_MAX_LIMIT } from "@lens/core";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { problemResponses } from "../problems.js";
import { noQueryParams, queryParams } from "../query.js";
import { withRequestSession } from "../requestSession.js";
import { tags, toolText } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

const Status = z.enum(SUGGESTION_STATUSES).openapi({
  description:
    "pending: awaiting review; accepted, rejected: by a reviewer (reviewer, reviewed, reply); withdrawn: by its author (withdraw, or a later write of theirs over it); conflicted: a reviewer's accept or reject could not apply it (left for a human to resolve by hand), or it left the text without a recorded review (changed through sync, or resolved in Obsidian).",
});

const HistoryItemSchema = z
  .object({
    id: z.string().openapi({ description: "Its id when it was made." }),
    path: z.string().openapi({ description: "Its note's path now." }),
    kind: z.enum(["insert", "delete", "substitute", "replace"]),
    oldText: z.string().openapi({ description: "Cut to 200 characters." }),
    newText: z.string().openapi({ description: "Cut to 200 characters." }),
    author: z.string().optional(),
    reason: z.string().optional(),
    created: z.string().openapi({ description: "When it was made (ISO 8601)." }),
    status: Status,
    reviewer: z
      .string()
      .optional()
      .openapi({ description: "The token name of who accepted, rejected or withdrew it." }),
    reviewed: z.string().optional().openapi({ description: "When (ISO 8601)." }),
    reply: z.string().optional().openapi({ description: "The reviewer's reply." }),
  })
  .openapi("SuggestionHistoryItem");

const ChangeHistoryItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["move", "delete"]),
    path: z.string(),
    to: z.string().optional(),
    changeset: z.string().optional(),
    created: z.string(),
    status: z.enum(["pending", "accepted", "rejected", "withdrawn"]),
    reviewer: z.string().optional(),
    reviewed: z.string().optional(),
    reply: z.string().optional(),
  })
  .openapi("ChangeHistoryItem");

const HistorySchema = z
  .object({
    suggestions: z.array(HistoryItemSchema).openapi({ description: "Newest first." }),
    changes: z.array(ChangeHistoryItemSchema).optional().openapi({
      description:
        "Suggested moves and deletions, newest first, with their status from their folder's record (first page only; absent when none).",
    }),
    nextCursor: z.string().optional().openapi({ description: "Pass as cursor for the next page." }),
    text: toolText,
  })
  .openapi("SuggestionHistory");

const historyRoute = createRoute({
  method: "get",
  path: "/suggestions/history",
  operationId: "suggestionHistory",
  tags: [tags.suggestions],
  summary: "Suggestions and what became of them",
  description:
    "core's suggestions tool: the caller's own suggestions (those attributed to its token's name), or with `path` everyone's in a note or folder, newest first, each with its status, the reviewer's token name, when, and the reviewer's reply. Statuses come from the audit log, so they survive restarts and the suggestion's disappearance from the text.",
  request: {
    query: queryParams({
      path: z.string().optional().openapi({ description: "A note or folder.", example: "Lens" }),
      status: z
        .union([Status, z.array(Status)])
        .optional()
        .openapi({ description: "Only these statuses; repeat the parameter for several." }),
      since: z.string().optional().openapi({
        description: 'Only those made or resolved since: "30m", "2h", "3d", "1w" or an ISO date.',
      }),
      cursor: z.string().optional().openapi({ description: "nextCursor of the previous page." }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(SUGGESTIONS_MAX_LIMIT)
        .optional()
        .openapi({ description: `Default ${SUGGESTIONS_DEFAULT_LIMIT}.` }),
    }),
  },
  responses: {
    200: {
      description: "A page of suggestions",
      content: { "application/json": { schema: HistorySchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 422),
  },
});

const Withdrawn = z.object({
  id: z.string(),
  path: z.string(),
  docId: z.string(),
  key: z.string().openapi({ description: "What it said, hashed (joins its history)." }),
});

const WithdrawResultSchema = z
  .object({
    withdrawn: z.array(Withdrawn),
    changes: z
      .array(z.object({ id: z.string(), kind: z.enum(["move", "delete"]), path: z.string() }))
      .optional()
      .openapi({ description: "Suggested moves and deletions withdrawn (by change id)." }),
    conflicts: z.array(Withdrawn).openapi({
      description:
        "Left pending: removing them would change how the text around them reads (resolve by hand).",
    }),
    text: toolText,
  })
  .openapi("WithdrawResult");

const withdrawRoute = createRoute({
  method: "post",
  path: "/suggestions/withdraw",
  operationId: "withdrawSuggestions",
  tags: [tags.suggestions],
  summary: "Withdraw your own suggestions",
  description:
    "core's withdraw tool: takes back the caller's own pending suggestions (attributed to its token's name); the text becomes what rejecting them gives. An id that is someone else's (403 forbidden), not pending (404) or in several notes without `path` (409) refuses the whole request, nothing changed. Audited as suggestion.withdraw.",
  request: {
    query: noQueryParams,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .strictObject({
              ids: z.array(z.string().max(100)).min(1).max(100).openapi({
                description: "Suggestion ids, from GET /suggestions or read.",
              }),
              path: z.string().optional().openapi({
                description: "The note or folder they are in, when an id is in several.",
              }),
            })
            .openapi("WithdrawRequest"),
        },
      },
    },
  },
  responses: {
    200: {
      description: "What was withdrawn",
      content: { "application/json": { schema: WithdrawResultSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 422),
  },
});

export function registerSuggestionHistoryRoutes(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;
  /** Runs a tool through a request session: its typed result and text, or its problem. */
  const answer = async (
    actor: ReturnType<typeof actorFor>,
    tool: string,
    args: Record<string, unknown>,
    path: string | undefined,
  ) => {
    const result = await withRequestSession(deps, actor, undefined, (rs) => rs.call(tool, args));
    if (result.isError)
      throw problemForFailure(result, { tool, ws, path, reach: actor.caller.reach });
    return { ...(result.data as object), text: result.text };
  };

  app.openapi(historyRoute, async (c) => {
    const q = c.req.valid("query");
    const actor = actorFor(c, deps, "suggestionHistory");
    const args: Record<string, unknown> = {};
    if (q.path !== undefined) args.path = q.path;
    if (q.status !== undefined) args.status = Array.isArray(q.status) ? q.status : [q.status];
    if (q.since !== undefined) args.since = q.since;
    if (q.cursor !== undefined) args.cursor = q.cursor;
    if (q.limit !== undefined) args.limit = q.limit;
    return c.json((await answer(actor, "suggestions", args, q.path)) as never, 200);
  });

  app.openapi(withdrawRoute, async (c) => {
    const body = c.req.valid("json");
    const actor = actorFor(c, deps, "withdrawSuggestions");
    const args = { ids: body.ids, ...(body.path !== undefined ? { path: body.path } : {}) };
    return c.json((await answer(actor, "withdraw", args, body.path)) as never, 200);
  });
}
