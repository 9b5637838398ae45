// Creating, moving and discarding notes: POST /documents (core's create tool: the whole content
// as one insertion suggestion), POST /documents/{path}/move (core's move tool: links elsewhere
// rewritten as suggestions) and POST /documents/{path}/discard (a reviewer removes a note whose
// creation was rejected, so it is empty).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { openDocument } from "../locate.js";
import { ProblemError, problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { writeWithReadProof } from "../readProof.js";
import { withRequestSession } from "../requestSession.js";
import {
  changesetField,
  DOCUMENT_SUBROUTE,
  DocumentPathParams,
  ifMatchHeader,
  lensSessionHeader,
  reasonField,
  tags,
  toolText,
} from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

const CreateBody = z
  .strictObject({
    path: z.string().min(1).openapi({ example: "Lens/Meetings/Kickoff.md" }),
    content: z
      .string()
      .openapi({ description: "The whole markdown text; no CriticMarkup delimiters." }),
    new_folder: z.boolean().optional().openapi({
      description:
        "True to create the path's first segment as a new shared folder when no folder has that name (admin role only).",
    }),
    reason: reasonField,
    changeset: changesetField,
  })
  .openapi("CreateRequest");

const CreatedSchema = z
  .object({
    path: z.string(),
    lines: z.number().int(),
    createdFolders: z.array(z.string()),
    newSharedFolder: z
      .string()
      .optional()
      .openapi({ description: "The shared folder created for it (new_folder), if one was." }),
    etag: z.string(),
    text: toolText,
  })
  .openapi("Created");

const MoveBody = z
  .strictObject({
    new_path: z.string().min(1).openapi({ example: "Lens/Archive/Kickoff.md" }),
    reason: reasonField,
    changeset: changesetField,
  })
  .openapi("MoveRequest");

const DeleteBody = z
  .strictObject({ reason: reasonField, changeset: changesetField })
  .openapi("DeleteRequest");

const MovedSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    pending: z.string().optional().openapi({
      description:
        "Set when the move awaits review (suggest role): its change id. Nothing moved; `rewritten` lists the notes whose links accepting it rewrites.",
    }),
    rewritten: z.array(z.string()).openapi({
      description: "Notes whose links to it were rewritten, as suggestions, to keep resolving.",
    }),
    notRewritten: z.array(z.string()).openapi({
      description:
        "Notes whose links could not be rewritten (inside a comment or highlight, inside another author's pending suggestion, or unreadable just then).",
    }),
    hiddenRewritten: z.number().int().openapi({
      description:
        "Notes in folders out of the caller's reach whose links were rewritten: counted, never named.",
    }),
    hiddenNotRewritten: z.number().int().openapi({
      description:
        "Notes in folders out of the caller's reach whose links were left as they were: counted, never named.",
    }),
    text: toolText,
  })
  .openapi("Moved");

const createRoute_ = createRoute({
  method: "post",
  path: "/documents",
  operationId: "createDocument",
  tags: [tags.documents],
  summary: "Create a note (as a suggestion)",
  description:
    "core's create tool: a new note whose whole content is one insertion suggestion; missing sub-folders are created, and with `new_folder` (admin role) a new shared folder. Needs the suggest role. 409 when the path exists.",
  request: {
    query: noQueryParams,
    body: { required: true, content: { "application/json": { schema: CreateBody } } },
  },
  responses: {
    201: {
      description: "Created and on disk",
      content: { "application/json": { schema: CreatedSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 422),
  },
});

const moveRoute = createRoute({
  method: "post",
  path: `${DOCUMENT_SUBROUTE}/move`,
  operationId: "moveDocument",
  tags: [tags.documents],
  summary: "Move or rename a note",
  description:
    "core's move tool, within the note's shared folder. With the suggest role the move is pending (`pending`: its change id) until a reviewer accepts it (POST /suggestions/accept with `changes`); then the note is renamed and links elsewhere that would break are rewritten, in one step. With the edit role it moves at once and the rewrites are suggestions.",
  request: {
    params: DocumentPathParams,
    query: noQueryParams,
    body: { required: true, content: { "application/json": { schema: MoveBody } } },
  },
  responses: {
    200: {
      description: "Moved, on disk",
      content: { "application/json": { schema: MovedSchema } },
    },
    ...problemResponses(400, 401, 403, 404, 409, 422),
  },
});

const deleteRoute = createRoute({
  method: "post",
  path: `${DOCUMENT_SUBROUTE}/delete`,
  operationId: "deleteDocument",
  tags: [tags.documents],
  summary: "Suggest deleting a note",
  description:
    "core's delete tool: a pending deletion for a reviewer to accept (POST /suggestions/accept with `changes`); nothing changes until then. Needs the suggest role and a prior read (Lens-Session), as edit does. 409 when the note already has a pending move or deletion.",
  request: {
    params: DocumentPathParams,
    query: noQueryParams,
    headers: z.object({ "if-match": ifMatchHeader, "lens-session": lensSessionHeader }),
    body: { required: true, content: { "application/json": { schema: DeleteBody } } },
  },
  responses: {
    202: {
      description: "Deletion suggested",
      content: {
        "application/json": {
          schema: z.object({ path: z.string(), pending: z.string(), text: toolText }),
        },
      },
    },
    ...problemResponses(400, 401, 403, 404, 409, 422, 428),
  },
});

const discardRoute = createRoute({
  method: "post",
  path: `${DOCUMENT_SUBROUTE}/discard`,
  operationId: "discardDocument",
  tags: [tags.suggestions],
  summary: "Discard an empty note (a rejected creation)",
  description:
    "Removes the note from its folder when its text is empty — what rejecting a created note leaves. Needs the edit role. 409 when the note has text.",
  request: { params: DocumentPathParams, query: noQueryParams },
  responses: {
    200: {
      description: "Removed from its folder",
      content: { "application/json": { schema: z.object({ discarded: z.string() }) } },
    },
    ...problemResponses(400, 401, 403, 404, 409),
  },
});

export function registerOrganizeRoutes(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;

  app.openapi(createRoute_, async (c) => {
    const actor = actorFor(c, deps, "createDocument");
    const reach = actor.caller.reach;
    const body = c.req.valid("json");
    let etag = "";
    const args = {
      file_path: body.path,
      content: body.content,
      ...(body.new_folder !== undefined ? { new_folder: body.new_folder } : {}),
      ...(body.reason !== undefined ? { reason: body.reason } : {}),
      ...(body.changeset !== undefined ? { changeset: body.changeset } : {}),
    };
    const result = await withRequestSession(deps, actor, undefined, (rs) =>
      rs.call("create", args, (ran) => {
        // The version the creation made, before any other write can run.
        if (!ran.isError) etag = openDocument(ws, (ran.data as { path: string }).path, reach).etag;
      }),
    );
    if (result.isError)
      throw problemForFailure(result, { tool: "create", ws, path: body.path, reach });
    const data = result.data as {
      path: string;
      lines: number;
      createdFolders: string[];
      newSharedFolder?: string;
    };
    return c.json({ ...data, etag, text: result.text }, 201, {
      ETag: etag,
      Location: `documents/${data.path.split("/").map(encodeURIComponent).join("/")}`,
    });
  });

  app.openapi(moveRoute, async (c) => {
    const actor = actorFor(c, deps, "moveDocument");
    const { path } = c.req.valid("param");
    const body = c.req.valid("json");
    const result = await withRequestSession(deps, actor, undefined, (rs) =>
      rs.call("move", {
        file_path: path,
        new_path: body.new_path,
        ...(body.reason !== undefined ? { reason: body.reason } : {}),
        ...(body.changeset !== undefined ? { changeset: body.changeset } : {}),
      }),
    );
    if (result.isError)
      throw problemForFailure(result, { tool: "move", ws, path, reach: actor.caller.reach });
    const data = result.data as {
      from: string;
      to: string;
      rewritten: string[];
      notRewritten: string[];
      hiddenRewritten: number;
      hiddenNotRewritten: number;
    };
    return c.json({ ...data, text: result.text }, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { path } = c.req.valid("param");
    const body = c.req.valid("json");
    const { result } = await writeWithReadProof(
      c,
      deps,
      "deleteDocument",
      { name: "delete", gerund: "Deleting", noun: "deletion" },
      path,
      c.req.valid("header"),
      {
        ...(body.reason !== undefined ? { reason: body.reason } : {}),
        ...(body.changeset !== undefined ? { changeset: body.changeset } : {}),
      },
    );
    const data = result.data as { path: string; pending: string };
    return c.json({ ...data, text: result.text }, 202);
  });

  app.openapi(discardRoute, async (c) => {
    const actor = actorFor(c, deps, "discardDocument");
    const { path } = c.req.valid("param");
    const discarded = await deps.lens.discard(actor, path);
    if (!discarded.ok) {
      const { error } = discarded;
      if (error.code === "exists") throw new ProblemError("conflict", error.message);
      throw problemForFailure(error, { ws, path, reach: actor.caller.reach });
    }
    return c.json({ discarded: discarded.value.path }, 200);
  });
}
