// What a listing says about one entry of the workspace: type, modification time, size and how
// many suggestions await review.
import { z } from "@hono/zod-openapi";
import { type Located, listSuggestions, type Workspace } from "@lens/core";
import { isoTimeOrNull } from "./schemas.js";

export const DocumentSummarySchema = z
  .object({
    path: z.string().openapi({ example: "Lens/Notes/Ideas.md" }),
    type: z.string().openapi({
      description: "markdown, image, file, canvas, pdf, audio or video.",
      example: "markdown",
    }),
    modified: isoTimeOrNull.openapi({
      description: "Last change of the content (ISO 8601), or null when unknown.",
    }),
    size: z.number().int().nullable().openapi({
      description: "UTF-8 bytes of the raw text; null for files whose content is not held.",
    }),
    pendingSuggestions: z.number().int().nullable().openapi({
      description: "Suggestions awaiting review; null for files that are not loaded markdown.",
    }),
  })
  .openapi("DocumentSummary");

export type DocumentSummary = z.infer<typeof DocumentSummarySchema>;

/** Modification time in ms as glob orders by it: content change, else the file's sync time. */
export function modifiedMs(ws: Workspace, loc: Located): number {
  return ws.mtime(loc.docId) || loc.meta.synctime || 0;
}

export function isoOrNull(ms: number): string | null {
  return ms > 0 ? new Date(ms).toISOString() : null;
}

export function documentSummary(ws: Workspace, loc: Located): DocumentSummary {
  const view = loc.meta.type === "markdown" ? ws.view(loc.docId) : undefined;
  return {
    path: loc.path,
    type: loc.meta.type,
    modified: isoOrNull(modifiedMs(ws, loc)),
    size: view ? Buffer.byteLength(view.raw, "utf8") : null,
    pendingSuggestions: view ? listSuggestions(view.raw).length : null,
  };
}
