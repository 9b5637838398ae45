// GET /files/{path}: an attachment's bytes (image, PDF, … entry), streamed from where the host
// keeps them (a data directory's files/, a cluster's bucket), authorised and scoped as a document read (the service's `attachment`). Never
// read whole into memory; served as a download in a sandbox, whatever the mimetype (an SVG or
// HTML attachment must not run as a page of this origin).
import { Readable } from "node:stream";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { safeMimetype } from "@lens/core";
import { actorFor } from "../actor.js";
import type { RestDeps } from "../deps.js";
import { ifNoneMatchHits } from "../etag.js";
import { ProblemError, problemResponses } from "../problems.js";
import { noQueryParams } from "../query.js";
import { tags } from "../schemas.js";
import { problemForFailure } from "../toolProblems.js";

export const FILE_ROUTE = "/files/{path{.+}}";

const FilePathParams = z.object({
  path: z
    .string()
    .min(1)
    .openapi({
      param: { name: "path", in: "path" },
      description:
        'User-facing path of an attachment, as glob lists it ("Lens/Images/diagram.png"). Slashes may be sent as is or percent-encoded.',
      example: "Lens/Images/diagram.png",
    }),
});

const fileRoute = createRoute({
  method: "get",
  path: FILE_ROUTE,
  operationId: "getFile",
  tags: [tags.documents],
  summary: "Download an attachment",
  description:
    "The bytes of an attachment (an image, PDF, canvas, … entry), streamed, with its mimetype; as a download (`Content-Disposition: attachment`). The strong ETag is the SHA-256 of the bytes. A markdown note is refused (422): read it with GET /documents/{path}.",
  request: {
    params: FilePathParams,
    query: noQueryParams,
    headers: z.object({ "if-none-match": z.string().optional() }),
  },
  responses: {
    200: {
      description: "The attachment's bytes",
      headers: z.object({ ETag: z.string() }),
      content: {
        "application/octet-stream": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    304: { description: "Not modified: If-None-Match holds the current ETag" },
    ...problemResponses(400, 401, 403, 404, 409, 422),
  },
});

export function registerFileRoute(app: OpenAPIHono, deps: RestDeps): void {
  const ws = deps.workspace;
  app.openapi(fileRoute, async (c) => {
    const { path } = c.req.valid("param");
    const actor = actorFor(c, deps, "getFile");
    const found = deps.lens.attachment(actor, path);
    if (!found.ok) throw problemForFailure(found.error, { ws, path, reach: actor.caller.reach });
    const loc = found.value;
    const hash = loc.meta.hash;
    // The ETag is the content's hash: a client holding it has these bytes, nothing is opened.
    const etag = `"${hash}"`;
    const ifNoneMatch = c.req.valid("header")["if-none-match"];
    if (hash !== undefined && ifNoneMatch !== undefined && ifNoneMatchHits(ifNoneMatch, etag)) {
      return c.body(null, 304, { ETag: etag });
    }
    const blob = hash === undefined ? undefined : await deps.openAttachment?.(loc.docId, hash);
    if (blob === undefined) {
      throw new ProblemError(
        "not-found",
        `The bytes of ${loc.path} are not held on this server (only its entry is).`,
      );
    }
    const name = loc.path.slice(loc.path.lastIndexOf("/") + 1);
    const body = Readable.toWeb(blob.stream) as ReadableStream<Uint8Array>;
    return c.body(body, 200, {
      "Content-Type": contentType(loc.meta.mimetype),
      "Content-Length": String(blob.size),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Content-Security-Policy": "sandbox",
      "X-Content-Type-Options": "nosniff",
      ETag: etag,
      "Cache-Control": "no-cache",
    });
  });
}

/** The entry's mimetype as a Content-Type when it is one (core's safeMimetype), else bytes. */
export function contentType(mimetype: string | undefined): string {
  return safeMimetype(mimetype) ?? "application/octet-stream";
}
