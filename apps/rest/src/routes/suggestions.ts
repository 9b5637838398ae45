// Suggestion review over HTTP: GET /suggestions lists pending suggestions of a document or
// folder; POST /suggestions/accept and /suggestions/reject resolve some or all of them. Each is
// one call to the service (pending, review: authorised, audited, persisted); this file only
// translates.
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  MAX_REPLY_CHARS,
  type PendingSuggestion,
  type Reach,
  type ReviewError,
  type ReviewedSuggestion,
  type Workspace,
} from "@lens/core";
import type { ServiceReview } from "@lens/service";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { etagOf, ifMatchHits } from "../etag.js";
import { ProblemError, problemResponses } from "../problems.js";
import { noQueryParams, queryParams } from "../query.js";
import { ifMatchHeader, tags } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

// ---- schemas ------------------------------------------------------------------------------

export const SuggestionKind = z.enum(["insert", "delete", "substitute", "replace"]);

const SuggestionSchema = z
  .object({
    id: z.string().openapi({
      description: "Stable while the suggestion is unchanged; unique within its document.",
      example: "0k3j5x9q1c2ab-0",
    }),
    path: z.string().openapi({ example: "Lens/Notes/Ideas.md" }),
    line: z.number().int().openapi({ description: "1-based line of the AI view where it starts." }),
    kind: SuggestionKind.openapi({
      description: "insert {++…++}, delete {--…--}, substitute {~~…~>…~~}, replace {--…--}{++…++}.",
    }),
    change: z.enum(["edit", "create", "move", "delete"]).openapi({
      description:
        "What it does: `create` when its note's whole text is this one insertion (what create writes), `delete` when nothing comes in place of its old text, `move` when it rewrites a link (what move leaves in the notes that linked to the moved one), else `edit`.",
    }),
    old: z.string().openapi({ description: "Text the suggestion removes (empty for an insert)." }),
    new: z.string().openapi({ description: "Text the suggestion adds (empty for a delete)." }),
    author: z.string().optional(),
    by: z.enum(["assistant", "person"]).optional().openapi({
      description:
        "Whether an assistant or a person made it; absent when no author is recorded. An author that is a token's name goes by its role (suggest, view: assistant; edit, admin: person); any other by who wrote the metadata (Lens's form, `time` and `timestamp` together: an assistant through Lens's tools; the Commentator plugin's or lens-editor's: a person in Obsidian).",
    }),
    time: z.number().optional().openapi({
      description:
        "When it was made, in ms since the epoch, read from any writer's metadata: `timestamp` (ms, lens-relay) or `time` (seconds, the Commentator plugin; ms, older Lens).",
    }),
    reason: z.string().optional().openapi({
      description:
        "Why its author suggested it: the comment {>>…<<} its author wrote right after it (an assistant's `reason`); removed with it on accept or reject.",
    }),
    changeset: z.string().optional().openapi({
      description:
        "The changeset its author tagged it with (accept or reject the whole changeset with `changeset`).",
    }),
    context: z.object({ before: z.string(), after: z.string() }).optional().openapi({
      description:
        "The text around it as the AI view reads (other pending suggestions as if accepted): `before` from the start of the line above, `after` to the end of the line below; at most 160 characters each, cut on the far side with `…`.",
    }),
  })
  .openapi("Suggestion");

const PendingChangeSchema = z
  .object({
    id: z.string().openapi({ example: "ch-3f9a0c12d4e5" }),
    kind: z.enum(["move", "delete"]),
    path: z.string().openapi({ description: "The note, where it is now." }),
    to: z.string().optional().openapi({ description: "A move's target path." }),
    author: z.string().optional(),
    time: z.number().openapi({ description: "When it was suggested, ms since the epoch." }),
    reason: z.string().optional(),
    changeset: z.string().optional(),
    rewrites: z.array(z.object({ path: z.string(), old: z.string(), new: z.string() })).openapi({
      description:
        "A move's link rewrites in notes you reach: accepting the move writes them as plain text, in the same step (computed again then on the notes as they are).",
    }),
    hiddenRewrites: z
      .number()
      .int()
      .openapi({ description: "A move's rewrites in notes out of your reach: counted only." }),
  })
  .openapi("PendingChange");

const ChangesetSchema = z
  .object({
    id: z.string(),
    suggestions: z
      .array(z.object({ path: z.string(), id: z.string() }))
      .openapi({ description: "Its pending suggestions." }),
    changes: z.array(z.string()).openapi({ description: "Its pending moves and deletions (ids)." }),
  })
  .openapi("Changeset");

const SuggestionListSchema = z
  .object({
    suggestions: z
      .array(SuggestionSchema)
      .openapi({ description: "By path, then in document order." }),
    count: z.number().int(),
    changes: z.array(PendingChangeSchema).openapi({
      description:
        "Suggested moves and deletions of the notes listed: nothing changes until one is accepted.",
    }),
    changesets: z.array(ChangesetSchema).openapi({
      description:
        "Suggestions and changes an assistant tagged with one changeset id: accept or reject them together with `changeset`.",
    }),
  })
  .openapi("SuggestionList");

const ReviewBody = z
  .object({
    path: z.string().min(1).optional().openapi({
      description:
        "A document (with ids or all) or a folder / sub-folder (with all: its notes' pending moves and deletions too).",
      example: "Lens/Notes/Ideas.md",
    }),
    changeset: z.string().min(1).max(40).optional().openapi({
      description:
        "Every pending suggestion and change carrying this changeset id, together (no path). Accepting is all or nothing: 409 when one of its moves or deletions no longer applies.",
    }),
    changes: z.array(z.string().min(1)).min(1).optional().openapi({
      description: "Pending move or deletion ids (from `changes` of GET /suggestions; no path).",
    }),
    ids: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .openapi({ description: "Suggestion ids of this document, from GET /suggestions." }),
    all: z.literal(true).optional().openapi({
      description:
        "Every pending suggestion of the document, or of every document under the folder.",
    }),
    reply: z
      .string()
      .min(1)
      .max(MAX_REPLY_CHARS)
      .optional()
      .openapi({
        description: `A reply to the suggestions' authors (at most ${MAX_REPLY_CHARS} characters): kept in the audit log with each outcome; the assistant sees it in GET /suggestions/history (MCP: suggestions).`,
        example: "We keep Monday: the venue is booked.",
      }),
  })
  .refine(
    (b) =>
      [b.ids, b.all, b.changeset, b.changes].filter((x) => x !== undefined).length === 1 &&
      (b.path !== undefined) === (b.ids !== undefined || b.all !== undefined),
    {
      message:
        "Give one of: path with ids (suggestion ids) or with all: true; changeset (no path); changes (no path).",
      path: ["ids"],
    },
  )
  .openapi("ReviewRequest");

const ItemResultSchema = z
  .object({
    id: z.string(),
    status: z.enum(["applied", "not_found", "conflict"]).openapi({
      description:
        "not_found: no pending suggestion has this id (already resolved, or changed since listed). conflict: resolving it would change how the text around it parses (CriticMarkup has no escapes), so it was left pending for a human to resolve by hand.",
    }),
    kind: SuggestionKind.optional(),
    line: z.number().int().optional(),
    old: z.string().optional(),
    new: z.string().optional(),
  })
  .openapi("ReviewItemResult");

const ChangeResultSchema = z
  .object({
    id: z.string(),
    status: z.enum(["applied", "not_found", "conflict"]).openapi({
      description:
        "conflict: reviewed already, or no longer applies (the note moved, was deleted or — for a deletion — edited since; a move's target taken): nothing changed, `message` says why.",
    }),
    kind: z.enum(["move", "delete"]).optional(),
    path: z.string().optional().openapi({ description: "The note, where it is now." }),
    to: z.string().optional(),
    message: z.string().optional(),
    rewritten: z
      .array(z.string())
      .optional()
      .openapi({ description: "An accepted move: the notes whose links it rewrote." }),
  })
  .openapi("ChangeResult");

const ReviewResultSchema = z
  .object({
    action: z.enum(["accept", "reject"]),
    changeset: z.string().optional(),
    changes: z.array(ChangeResultSchema).openapi({
      description: "The moves and deletions reviewed, each applied in one step or not at all.",
    }),
    applied: z.number().int().openapi({ description: "Suggestions resolved." }),
    notFound: z.number().int().openapi({ description: "Requested ids that were not pending." }),
    conflicts: z.number().int().openapi({
      description:
        "Suggestions left pending because resolving them would re-pair neighbouring markup.",
    }),
    documents: z.array(
      z.object({
        path: z.string(),
        etag: z.string().openapi({ description: "The document's ETag after the review." }),
        results: z.array(ItemResultSchema),
        undo: z.string().optional().openapi({
          description:
            "Present when the review changed this document: a token that undoes it (POST /suggestions/undo) while the document's text is the one the review left. Kept for the reviewing token, 8 hours, until the server restarts; used once.",
          example: "u_3kT9xQ2mZf8bW1cR7yLp0aVd",
        }),
        removed: z.literal(true).optional().openapi({
          description:
            "Present when the review rejected a created note: its whole text was one insertion (what create writes), so the note never existed for the humans and was removed from its folder; its path no longer resolves.",
        }),
      }),
    ),
  })
  .openapi("ReviewResult");

// ---- routes -------------------------------------------------------------------------------

const listRoute = createRoute({
  method: "get",
  path: "/suggestions",
  operationId: "listSuggestions",
  tags: [tags.suggestions],
  summary: "List pending suggestions",
  request: {
    query: queryParams({
      path: z.string().optional().openapi({
        description: "Document, folder or sub-folder; absent = every document.",
        example: "Lens",
      }),
    }),
  },
  responses: {
    200: {
      description: "Pending suggestions",
      content: { "application/json": { schema: SuggestionListSchema } },
    },
    ...problemResponses(400, 401, 404, 409, 422),
  },
});

function reviewRoute(action: "accept" | "reject") {
  const verb = action === "accept" ? "Accept" : "Reject";
  return createRoute({
    method: "post",
    path: `/suggestions/${action}`,
    operationId: `${action}Suggestions`,
    tags: [tags.suggestions],
    summary: `${verb} suggestions`,
    description: `${verb}s the given suggestions of a document (ids), or all of a document or folder (all: true): ${action === "accept" ? "each is replaced by its new text" : "each is replaced by its old text; a created note whose whole text was the one insertion rejected is removed from its folder (removed: true)"}. Each document changes in one transaction. 200 reports each id; when none of the given ids is pending any more the answer is 409. An optional If-Match (document paths only) makes the review conditional on the document's version.`,
    request: {
      query: noQueryParams,
      headers: z.object({ "if-match": ifMatchHeader }),
      body: { required: true, content: { "application/json": { schema: ReviewBody } } },
    },
    responses: {
      200: {
        description: "What happened to each suggestion",
        content: { "application/json": { schema: ReviewResultSchema } },
      },
      ...problemResponses(400, 401, 403, 404, 409, 412, 422),
    },
  });
}

// ---- behaviour: HTTP ↔ core's pendingSuggestions / reviewSuggestions ----------------------

function describe(s: PendingSuggestion): z.infer<typeof SuggestionSchema> {
  const out: z.infer<typeof SuggestionSchema> = {
    id: s.id,
    path: s.path,
    line: s.line,
    kind: s.kind,
    change: s.change,
    old: s.oldText,
    new: s.newText,
  };
  if (s.author !== undefined) out.author = s.author;
  if (s.by !== undefined) out.by = s.by;
  if (s.time !== undefined) out.time = s.time;
  if (s.reason !== undefined) out.reason = s.reason;
  if (s.changeset !== undefined) out.changeset = s.changeset;
  if (s.context !== undefined) out.context = s.context;
  return out;
}

type ReviewResult = z.infer<typeof ReviewResultSchema>;

function itemResult(r: ReviewedSuggestion): z.infer<typeof ItemResultSchema> {
  if (r.status === "not_found") return { id: r.id, status: r.status };
  const s = r.suggestion;
  return { id: r.id, status: r.status, kind: s.kind, line: s.line, old: s.oldText, new: s.newText };
}

/** The current ETag of a document, or "" when its content is gone. */
export function etagNow(ws: Workspace, docId: string): string {
  const view = ws.view(docId);
  return view ? etagOf(view) : "";
}

/** The service's review as the API reports it (each document's ETag after the review). */
function reported(ws: Workspace, review: ServiceReview): ReviewResult {
  const { action, applied, notFound, conflicts, documents } = review;
  return {
    action,
    ...(review.changeset !== undefined ? { changeset: review.changeset } : {}),
    changes: review.changes.map((c) => ({
      id: c.id,
      status: c.status,
      ...(c.change
        ? {
            kind: c.change.kind,
            path: c.change.path,
            ...(c.change.toPath ? { to: c.change.toPath } : {}),
          }
        : {}),
      ...(c.message ? { message: c.message } : {}),
      ...(c.rewritten ? { rewritten: c.rewritten } : {}),
    })),
    applied,
    notFound,
    conflicts,
    documents: documents.map((d) => ({
      path: d.path,
      etag: etagNow(ws, d.docId),
      results: d.results.map(itemResult),
      ...(d.undoToken ? { undo: d.undoToken } : {}),
      ...(d.removed ? { removed: true as const } : {}),
    })),
  };
}

/** Core's refusal of a review as a problem: If-Match and the body's fields in HTTP terms. */
function reviewProblem(
  ws: Workspace,
  reach: Reach,
  action: "accept" | "reject",
  path: string,
  error: ReviewError,
): ProblemError {
  if (error.code === "stale") {
    const { path: stalePath, docId } = error.details as { path: string; docId: string };
    const etag = etagNow(ws, docId);
    return new ProblemError(
      "precondition-failed",
      `${stalePath} changed since the version in If-Match (its current ETag is ${etag}). List its suggestions again and retry.`,
      { etag },
      { ETag: etag },
    );
  }
  if (error.details?.argument === "ids") {
    return new ProblemError(
      "validation-failed",
      `${path} is a folder; suggestion ids belong to one document. Give a document path with ids, or all: true to ${action} every suggestion under the folder.`,
      { errors: [{ in: "json", path: "ids", message: "ids need a document path" }] },
    );
  }
  if (error.details?.argument === "precondition") {
    return new ProblemError(
      "validation-failed",
      "If-Match applies to a single document; drop it for a folder-wide review.",
      { errors: [{ in: "header", path: "if-match", message: "only with a document path" }] },
    );
  }
  return problemForFailure({ text: error.message, code: error.code }, { ws, path, reach });
}

export function registerSuggestionRoutes(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;

  app.openapi(listRoute, (c) => {
    const { path } = c.req.valid("query");
    const actor = actorFor(c, deps, "listSuggestions");
    const pending = deps.lens.pending(actor, path);
    if (!pending.ok) {
      throw problemForFailure(pending.error, { ws, path, reach: actor.caller.reach });
    }
    const listed = deps.lens.pendingChanges(actor, path);
    if (!listed.ok) throw problemForFailure(listed.error, { ws, path, reach: actor.caller.reach });
    const suggestions = pending.value.map(describe);
    const changes = listed.value.map((c) => ({
      id: c.id,
      kind: c.kind,
      path: c.path,
      ...(c.toPath ? { to: c.toPath } : {}),
      ...(c.author !== undefined ? { author: c.author } : {}),
      time: c.time,
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
      ...(c.changeset !== undefined ? { changeset: c.changeset } : {}),
      rewrites: c.rewrites.map((r) => ({ path: r.path, old: r.link, new: r.text })),
      hiddenRewrites: c.hiddenRewrites,
    }));
    return c.json(
      {
        suggestions,
        count: suggestions.length,
        changes,
        changesets: changesetsOf(pending.value, changes),
      },
      200,
    );
  });

  for (const action of ["accept", "reject"] as const) {
    app.openapi(reviewRoute(action), async (c) => {
      const actor = actorFor(c, deps, `${action}Suggestions`);
      const body = c.req.valid("json");
      const ifMatch = c.req.valid("header")["if-match"];
      const outcome = await deps.lens.review(actor, {
        action,
        path: body.path,
        ids: body.ids,
        changeset: body.changeset,
        changes: body.changes,
        reply: body.reply,
        precondition:
          ifMatch === undefined ? undefined : (view) => ifMatchHits(ifMatch, etagOf(view)),
      });
      if (!outcome.ok) {
        throw reviewProblem(ws, actor.caller.reach, action, body.path ?? "", outcome.error);
      }
      const result = reported(ws, outcome.value);
      const changed = result.changes.filter((x) => x.status === "applied").length;
      const unchanged = result.changes.length - changed;
      if (
        result.applied + changed === 0 &&
        unchanged > 0 &&
        result.notFound + result.conflicts === 0
      ) {
        throw new ProblemError(
          "conflict",
          `Nothing was changed: ${result.changes.map((x) => x.message ?? `${x.id}: ${x.status}`).join(" ")}`,
          { results: result.changes },
        );
      }
      if (result.applied + changed === 0 && result.notFound + result.conflicts > 0) {
        throw new ProblemError(
          "review-conflict",
          result.conflicts > 0
            ? `None of the given suggestions could be resolved in ${documentNames(result)}: ${result.conflicts} would change how the text around them parses and were left pending (resolve them by hand)${result.notFound > 0 ? `, ${result.notFound} are no longer pending` : ""}.`
            : `None of the given suggestions is pending any more in ${documentNames(result)}: they were resolved or changed since they were listed. List the suggestions again (GET /suggestions?path=…) and retry with current ids.`,
          { results: result.documents.flatMap((d) => d.results) },
        );
      }
      return c.json(result, 200);
    });
  }
}

function documentNames(result: ReviewResult): string {
  return result.documents.map((d) => d.path).join(", ");
}

/** The changesets among the pending suggestions and changes listed, by id in order of first use. */
function changesetsOf(
  suggestions: readonly PendingSuggestion[],
  changes: readonly { id: string; changeset?: string }[],
): z.infer<typeof ChangesetSchema>[] {
  const sets = new Map<string, z.infer<typeof ChangesetSchema>>();
  const of = (id: string) => {
    const set = sets.get(id) ?? { id, suggestions: [], changes: [] };
    sets.set(id, set);
    return set;
  };
  for (const s of suggestions)
    if (s.changeset) of(s.changeset).suggestions.push({ path: s.path, id: s.id });
  for (const c of changes) if (c.changeset) of(c.changeset).changes.push(c.id);
  return [...sets.values()];
}
