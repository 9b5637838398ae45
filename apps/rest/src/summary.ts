// What a listing says about one entry of the workspace: type, modification time, size and how
// many suggestions await review.
import { z } from "@hono/zod-openapi";
import type { GlobEntry, Located, Workspace } from "@lens/core";
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

/** An entry as core's globEntries gives it (and as the document route builds it for one). */
export type EntryInfo = Pick<GlobEntry, "path" | "docId" | "type" | "mtime">;

/**
 * One located entry as globEntries would describe it. Its modification time is glob's: the last
 * content change, else the file's sync time, else 0 (unknown).
 */
export function entryOf(ws: Workspace, loc: Located): EntryInfo {
  return {
    path: loc.path,
    docId: loc.docId,
    type: loc.meta.type,
    mtime: ws.mtime(loc.docId) || loc.meta.synctime || 0,
  };
}

export function isoOrNull(ms: number): string | null {
  return ms > 0 ? new Date(ms).toISOString() : null;
}

export function documentSummary(ws: Workspace, entry: EntryInfo): DocumentSummary {
  const view = entry.type === "markdown" ? ws.view(entry.docId) : undefined;
  return {
    path: entry.path,
    type: entry.type,
    modified: isoOrNull(entry.mtime),
    size: view ? Buffer.byteLength(view.raw, "utf8") : null,
    pendingSuggestions: view ? view.suggestions.length : null,
  };
}
