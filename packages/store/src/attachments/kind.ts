// What an attachment is, from its name: the `filemeta_v0` type Relay gives it and its mimetype.
// The mimetype comes from the `mime` package's database; the type follows from it.
import type { EntryType } from "@lens/core";
import mime from "mime";

/** Mimetype of a file whose extension the database does not know. */
export const UNKNOWN_MIMETYPE = "application/octet-stream";

export interface AttachmentKind {
  type: Exclude<EntryType, "markdown" | "folder">;
  mimetype: string;
}

/** The entry type and mimetype of a non-markdown file, by its name's extension. */
export function attachmentKind(path: string): AttachmentKind {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  // Obsidian canvases are JSON; the database knows no `.canvas`.
  if (name.endsWith(".canvas")) return { type: "canvas", mimetype: "application/json" };
  const mimetype = (name.includes(".") ? mime.getType(name) : null) ?? UNKNOWN_MIMETYPE;
  return { type: typeOf(mimetype), mimetype };
}

function typeOf(mimetype: string): AttachmentKind["type"] {
  if (mimetype === "application/pdf") return "pdf";
  if (mimetype.startsWith("image/")) return "image";
  if (mimetype.startsWith("audio/")) return "audio";
  if (mimetype.startsWith("video/")) return "video";
  return "file";
}
