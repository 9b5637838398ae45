// Request and response pieces several routes share: the document path parameter (slashes
// allowed), the Lens-Session and If-Match headers, and the OpenAPI tags.
import { z } from "@hono/zod-openapi";
import { MAX_REASON_CHARS } from "@lens/core";

/**
 * Route template of a document's sub-resources (`/documents/{path}/edit`, `/links`). The regex
 * `{.+}` lets the path keep its slashes (`/documents/Lens/Notes/Ideas.md/links`); the OpenAPI
 * document shows it as `{path}`, which generated clients percent-encode
 * (`Lens%2FNotes%2FIdeas.md`) — both forms reach the same handler.
 */
export const DOCUMENT_SUBROUTE = "/documents/{path{.+}}";

/**
 * Route template of a document itself: any path that does not end in `/links`, so the two GET
 * routes never overlap, whatever router the app ends up in (a parent app re-registers these
 * routes in its own). A document named `links` is reached as `links.md` or percent-encoded.
 */
export const DOCUMENT_ROUTE = "/documents/{path{.+(?<!/links)}}";

export const DocumentPathParams = z.object({
  path: z
    .string()
    .min(1)
    .openapi({
      param: { name: "path", in: "path" },
      description:
        'User-facing path of a markdown document: folder name, then the path inside the folder ("Lens/Notes/Ideas.md"; ".md" optional). Slashes may be sent as is or percent-encoded.',
      example: "Lens/Notes/Ideas.md",
    }),
});

/** The `reason` of a write: stored with each suggestion as its reason comment. */
export const reasonField = z
  .string()
  .max(MAX_REASON_CHARS)
  .optional()
  .openapi({
    description: `Why, in one short paragraph (no line breaks, no CriticMarkup, at most ${MAX_REASON_CHARS} characters): stored with each suggestion as a comment {>>…<<} right after it, with its author and time; listed with it (GET /suggestions) and removed with it on accept or reject.`,
    example: "The launch moved to Friday.",
  });

export const lensSessionHeader = z.string().min(1).max(200).optional().openapi({
  description:
    "Optional read-tracking session chosen by the client (the same handle MCP clients pass as session_id). A GET of a document with it records the document as read, which later lets an edit with the same header through without If-Match.",
  example: "my-assistant-1",
});

export const ifMatchHeader = z.string().optional().openapi({
  description:
    "ETag of the document as last read (from GET /documents/{path}): the edit is applied only if the document is still at that version.",
  example: '"q4Vb2cJ0rX1oT5n8b3Hk9w"',
});

/** Tool text as returned to MCP clients, verbatim. */
export const toolText = z.string().openapi({
  description: "The tool's text output, identical to what the MCP tool of the same name returns.",
});

/** A write's answer lines around the change, numbered like read (core's `excerpt`). */
export function excerptOf(description: string) {
  return z.array(z.object({ line: z.number().int(), text: z.string() })).openapi({
    description: `${description} Numbered like read; a gap in numbers = lines left out.`,
  });
}

/** An ISO 8601 time, or null when the document has no recorded modification time. */
export const isoTimeOrNull = z.string().nullable().openapi({ example: "2025-01-31T09:30:00.000Z" });

export const tags = {
  documents: "Documents",
  search: "Search",
  links: "Links",
  suggestions: "Suggestions",
  admin: "Administration",
  caller: "Caller and live changes",
  meta: "API description",
} as const;

/** The writes' `changeset`: an id the client chooses for changes reviewed together. */
export const changesetField = z
  .string()
  .regex(/^[\w.-]{1,40}$/)
  .optional()
  .openapi({
    description:
      "An id of your choosing for changes reviewed together (accept / reject with `changeset`).",
    example: "tidy-archive",
  });
