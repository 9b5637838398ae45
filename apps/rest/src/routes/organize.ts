// Creating, moving and discarding notes: POST /documents (core's create tool: the whole content
// as one insertion suggestion), POST /documents/{path}/move (core's move tool: links elsewhere
// rewritten as suggestions) and POST /documents/{path}/discard (a reviewer removes a note whose
// creation was rejected, so it is empty).
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { deleteEntry, filemetaMap, legacyDocsMap } from "@lens/core";
import { AuditedChange } from "../auditedChange.js";
import { callerOf, requireRole, whoOf } from "../caller.js";
import type { RestDeps } from "../deps.js";
import { openDocument } from "../locate.js";
import { ProblemError, problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { withRequestSession } from "../requestSession.js";
import { DOCUMENT_SUBROUTE, DocumentPathParams, tags, toolText } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

const CreateBody = z
  .strictObject({
    path: z.string().min(1).openapi({ example: "Lens/Meetings/Kickoff.md" }),
    content: z
      .string()
      .openapi({ description: "The whole markdown text; no CriticMarkup delimiters." }),
  })
  .openapi("CreateRequest");

const CreatedSchema = z
  .object({
    path: z.string(),
    lines: z.number().int(),
    createdFolders: z.array(z.string()),
    etag: z.string(),
    text: toolText,
  })
  .openapi("Created");

const MoveBody = z
  .strictObject({ new_path: z.string().min(1).openapi({ example: "Lens/Archive/Kickoff.md" }) })
  .openapi("MoveRequest");

const MovedSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    rewritten: z.array(z.string()).openapi({
      description: "Notes whose links to it were rewritten, as suggestions, to keep resolving.",
    }),
    notRewritten: z.array(z.string()).openapi({
      description:
        "Notes whose links could not be rewritten (inside a comment or highlight, or unreadable just then).",
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
    "core's create tool: a new note whose whole content is one insertion suggestion; missing sub-folders are created. Needs the suggest role. 409 when the path exists.",
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
    "core's move tool, within the note's shared folder; links elsewhere that would break are rewritten as suggestions. Needs the suggest role.",
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
    const caller = callerOf(c, deps);
    requireRole(caller, "suggest", "creating a note");
    const body = c.req.valid("json");
    const result = withRequestSession(deps, caller, undefined, (rs) =>
      rs.call("create", { file_path: body.path, content: body.content }),
    );
    if (result.isError)
      throw problemForFailure(result, { tool: "create", ws, path: body.path, reach: caller.reach });
    await deps.afterWrite();
    const data = result.data as { path: string; lines: number; createdFolders: string[] };
    const doc = openDocument(ws, data.path, caller.reach);
    return c.json({ ...data, etag: doc.etag, text: result.text }, 201, {
      ETag: doc.etag,
      Location: `documents/${data.path.split("/").map(encodeURIComponent).join("/")}`,
    });
  });

  app.openapi(moveRoute, async (c) => {
    const caller = callerOf(c, deps);
    requireRole(caller, "suggest", "moving a note");
    const { path } = c.req.valid("param");
    const body = c.req.valid("json");
    const result = withRequestSession(deps, caller, undefined, (rs) =>
      rs.call("move", { file_path: path, new_path: body.new_path }),
    );
    if (result.isError)
      throw problemForFailure(result, { tool: "move", ws, path, reach: caller.reach });
    await deps.afterWrite();
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

  app.openapi(discardRoute, async (c) => {
    const caller = callerOf(c, deps);
    requireRole(caller, "edit", "discarding a note");
    const { path } = c.req.valid("param");
    const doc = openDocument(ws, path, caller.reach);
    if (doc.view.raw.trim() !== "") {
      throw new ProblemError(
        "conflict",
        `${doc.loc.path} has text: only an empty note (a rejected creation) is discarded here. Reject its suggestions first, or delete it in Obsidian.`,
      );
    }
    const folder = ws.folder(doc.loc.folderDocId);
    if (!folder) throw new ProblemError("not-found", `${doc.loc.path} is in no loaded folder.`);
    // As a review: recorded in the audit log before it stands, undone if it cannot be.
    const change = new AuditedChange("lens-review");
    change.track([filemetaMap(folder.doc), legacyDocsMap(folder.doc)]);
    deleteEntry(folder.doc, doc.loc.entryPath, change.origin);
    try {
      await deps.audit?.record({
        who: whoOf(c),
        role: caller.role,
        action: "document.discard",
        path: doc.loc.path,
        outcome: "ok",
      });
    } catch (error) {
      change.undo();
      throw new ProblemError(
        "internal",
        `Discarding ${doc.loc.path} could not be written to the audit log, so it was undone: nothing was changed. Try again once the server's audit log can be written (the server logged why).`,
        {},
        {},
        error,
      );
    }
    change.release();
    await deps.afterWrite();
    return c.json({ discarded: doc.loc.path }, 200);
  });
}
