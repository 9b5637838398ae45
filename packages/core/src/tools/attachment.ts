// What `read` answers for an attachment (an image, a PDF, any entry holding bytes rather than
// text): one line saying what it is, and the same as data. A normal result, not an error: the
// path was right, there is just no text to show.
import { z } from "zod";
import type { Reach } from "../access/reach.js";
import type { Located } from "../paths/pathIndex.js";
import type { Workspace } from "../workspace/workspace.js";
import { lookupDocument, resolveWithin } from "./document.js";
import { failure, type Outcome, success } from "./tool.js";

export const AttachmentSchema = z.object({
  type: z.string().describe("Its filemeta type: image, pdf, canvas, audio, video or file."),
  mimetype: z.string().optional(),
  size: z.number().int().optional().describe("Bytes, when this server holds them."),
});
export type AttachmentInfo = z.infer<typeof AttachmentSchema>;

/** The attachment entry `filePath` names within `reach`; undefined for anything else. */
export function attachmentEntry(
  ws: Workspace,
  filePath: string,
  reach: Reach,
): Located | undefined {
  try {
    const r = resolveWithin(ws, filePath, reach);
    return r.kind === "file" ? r.loc : undefined;
  } catch {
    return undefined; // not a valid path: the tool's own lookup says why
  }
}

/**
 * The attachment at `filePath` within `reach`, or why there is none: the lookup's own failure
 * for a missing path, a directory or an ambiguous one, `not_a_document` for a note.
 */
export function lookupAttachment(ws: Workspace, filePath: string, reach: Reach): Outcome<Located> {
  const loc = attachmentEntry(ws, filePath, reach);
  if (loc) return success(loc);
  const found = lookupDocument(ws, filePath, reach);
  if (!found.ok) return found;
  return failure(
    "not_a_document",
    `${found.value.loc.path} is a markdown note, not an attachment: read it as a document.`,
  );
}

/** An attachment entry's type, mimetype and size (when known). */
export function attachmentInfo(ws: Workspace, loc: Located): AttachmentInfo {
  const info: AttachmentInfo = { type: loc.meta.type };
  const mimetype = safeMimetype(loc.meta.mimetype);
  if (mimetype !== undefined) info.mimetype = mimetype;
  const size = ws.attachmentSize(loc);
  if (size !== undefined) info.size = size;
  return info;
}

/**
 * An entry's mimetype when it is one (`type/subtype`, no parameters), else undefined: any sync
 * client may write the entry, and its mimetype reaches a header and the assistant's text.
 */
export function safeMimetype(mimetype: string | undefined): string | undefined {
  return mimetype !== undefined &&
    /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i.test(mimetype)
    ? mimetype
    : undefined;
}

/** `Team/Images/a.png: image (image/png), 12 345 bytes — an attachment; …` */
export function renderAttachment(path: string, a: AttachmentInfo): string {
  const mime = a.mimetype ? ` (${a.mimetype})` : "";
  const size = a.size === undefined ? "size unknown" : `${groupDigits(a.size)} bytes`;
  return `${path}: ${a.type}${mime}, ${size} — an attachment; read shows text notes only.`;
}

function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}
