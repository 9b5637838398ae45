// The `create` tool: a new markdown document whose whole content is one insertion suggestion
// `{++…++}`, so a reviewer accepts the note or rejects it (which removes it: review/createdNote.ts).
import * as Y from "yjs";
import { z } from "zod";
import { EVERYWHERE } from "../access/reach.js";
import { findDelimiter } from "../critic/delimiters.js";
import { EMPTY_META, formatMeta, looksLikeMeta } from "../critic/meta.js";
import { LENS_EDIT_ORIGIN } from "../edit/origin.js";
import { contentsText } from "../model/contentDoc.js";
import { setEntry } from "../model/folderDoc.js";
import { contentDocId } from "../model/ids.js";
import { plural } from "../text/english.js";
import { createMissingDirs, placeDocument } from "./placement.js";
import { defineTool, failure, success } from "./tool.js";

const input = z.object({
  file_path: z
    .string()
    .describe(
      'Path of the new note: a shared folder\'s name, then the path inside it, e.g. "Team/Meetings/2026-11-24.md" (".md" is added when missing). Missing sub-folders are created. It must not exist yet.',
    ),
  content: z
    .string()
    .describe(
      "The whole markdown text of the note. It cannot contain CriticMarkup delimiters ({++ ++} {-- --} {~~ ~~} {>> <<} {== ==}).",
    ),
});

export const createTool = defineTool({
  name: "create",
  title: "Create a note",
  description: [
    "Creates a new markdown note in the team knowledge base, as a suggestion: its whole content is one CriticMarkup insertion ({++…++}) that a human accepts or rejects.",
    "Use it for new pages (meeting notes, write-ups); to change an existing note use edit. Missing sub-folders are created; the note is readable, searchable and linkable at once, and counts as read in this session (edit works on it right away).",
    'Refused when the path exists, names no shared folder, holds characters Obsidian does not allow (\\ / : * ? " < > |) or a leading dot, or is not a .md note.',
  ].join("\n"),
  input,
  output: z.object({
    path: z.string().describe("The new note's path."),
    lines: z.number().int().describe("Lines of its content."),
    createdFolders: z.array(z.string()).describe("Sub-folders created for it."),
  }),
  readOnly: false,
  run(ws, session, args, caller) {
    const hit = findDelimiter(args.content, { separator: false });
    if (hit) {
      return failure(
        "invalid_edit",
        `content contains the CriticMarkup delimiter "${hit.delimiter}", which would break the suggestion that holds it; nothing was created. Rephrase or leave it out.`,
      );
    }
    const placed = placeDocument(ws, args.file_path, caller?.reach ?? EVERYWHERE, "file_path");
    if (!placed.ok) return placed;
    const placement = placed.value;
    const id = ws.newId();
    const docId = contentDocId(placement.folder.relayId, id);
    const doc = new Y.Doc();
    ws.addContent(docId, doc);
    const author = caller?.author ?? ws.author;
    if (args.content !== "") {
      const meta = author
        ? formatMeta(author, ws.now())
        : looksLikeMeta(args.content)
          ? EMPTY_META
          : "";
      doc.transact(() => {
        contentsText(doc).insert(0, `{++${meta}${args.content}++}`);
      }, LENS_EDIT_ORIGIN);
    }
    placement.folder.doc.transact(() => {
      createMissingDirs(ws, placement, LENS_EDIT_ORIGIN);
      setEntry(placement.folder.doc, placement.entryPath, { id, type: "markdown", version: 0 });
    }, LENS_EDIT_ORIGIN);
    session.markRead(docId, ws.now());
    const lines = args.content === "" ? 0 : args.content.split("\n").length;
    return success({
      path: placement.path,
      lines,
      createdFolders: placement.missingDirs.map((d) => `${placement.folder.name}${d}`),
    });
  },
  renderText(r) {
    const dirs = r.createdFolders.length
      ? ` (created ${plural(r.createdFolders.length, "folder")}: ${r.createdFolders.join(", ")})`
      : "";
    return `Created ${r.path} with ${plural(r.lines, "line")}${dirs}. Its content is a suggestion awaiting human review: accepted, it stays; rejected, the note is removed.`;
  },
});
