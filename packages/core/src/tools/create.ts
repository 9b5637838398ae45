// The `create` tool: a new markdown document whose whole content is one insertion suggestion
// `{++…++}`, so a reviewer accepts the note or rejects it (which removes it: review/createdNote.ts).
import * as Y from "yjs";
import { z } from "zod";
import { EVERYWHERE } from "../access/reach.js";
import { findDelimiter } from "../critic/delimiters.js";
import { EMPTY_META, formatMeta, looksLikeMeta } from "../critic/meta.js";
import { reasonMarkup } from "../edit/markup.js";
import { LENS_EDIT_ORIGIN } from "../edit/origin.js";
import { contentsText } from "../model/contentDoc.js";
import { setEntry } from "../model/folderDoc.js";
import { contentDocId } from "../model/ids.js";
import { plural } from "../text/english.js";
import { addSharedFolder } from "../workspace/sharedFolder.js";
import { changesetArg } from "./changesetArg.js";
import { createMissingDirs, placeDocument } from "./placement.js";
import { reasonArg, reasonRefusal } from "./reasonArg.js";
import { defineTool, failure, success } from "./tool.js";

const input = z.object({
  file_path: z
    .string()
    .describe(
      'Path of the new note: a shared folder\'s name, then the path inside it, e.g. "Team/Meetings/2026-11-24.md" (".md" is added when missing). Missing sub-folders are created. It must not exist yet.',
    ),
  content: z
    .string()
    .describe("The whole markdown text of the note, without CriticMarkup delimiters."),
  new_folder: z
    .boolean()
    .optional()
    .describe(
      "True to make the path's first segment a new shared folder (admin only); without it an unknown folder is refused.",
    ),
  reason: reasonArg,
  changeset: changesetArg,
});

export const createTool = defineTool({
  name: "create",
  title: "Create a note",
  description: [
    "Creates a new markdown note in the team knowledge base, as a suggestion: its whole content is one CriticMarkup insertion ({++…++}) that a human accepts or rejects.",
    "To change an existing note use edit. Missing sub-folders are created; the note counts as read (edit works on it at once).",
    "An admin may create a new shared folder with the note: new_folder: true.",
  ].join("\n"),
  input,
  output: z.object({
    path: z.string().describe("The new note's path."),
    lines: z.number().int().describe("Lines of its content."),
    createdFolders: z.array(z.string()).describe("Sub-folders created for it."),
    newSharedFolder: z
      .string()
      .optional()
      .describe("The shared folder created for it (new_folder), if one was."),
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
    const badReason = reasonRefusal(args.reason, args.file_path);
    if (badReason) return badReason;
    // The role new_folder needs (admin) is the service's to check; the reach is core's: a
    // token limited to some folders would not reach the folder it made.
    const reach = caller?.reach ?? EVERYWHERE;
    if (args.new_folder && !reach.all) {
      return failure(
        "forbidden",
        "Not allowed: new_folder (creating a shared folder) needs a token that reaches every folder; this one is limited to some. Leave new_folder out to create the note in an existing folder.",
      );
    }
    let newSharedFolder: string | undefined;
    const placed = placeDocument(ws, args.file_path, reach, "file_path", {
      ...(args.new_folder
        ? {
            makeFolder: (name: string) => {
              newSharedFolder = name;
              return success(addSharedFolder(ws, name, LENS_EDIT_ORIGIN));
            },
          }
        : {}),
      missingFolderHint:
        "An admin can create it as a new shared folder: call create again with new_folder: true.",
    });
    if (!placed.ok) return placed;
    const placement = placed.value;
    const id = ws.newId();
    const docId = contentDocId(placement.folder.relayId, id);
    const doc = new Y.Doc();
    ws.addContent(docId, doc);
    const author = caller?.author ?? ws.author;
    if (args.content !== "") {
      const meta = author
        ? formatMeta(author, ws.now(), args.changeset)
        : looksLikeMeta(args.content)
          ? EMPTY_META
          : "";
      doc.transact(() => {
        const why = reasonMarkup(args.reason, author ? meta : "");
        contentsText(doc).insert(0, `{++${meta}${args.content}++}${why}`);
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
      ...(newSharedFolder !== undefined ? { newSharedFolder } : {}),
    });
  },
  renderText(r) {
    const made = [
      r.newSharedFolder !== undefined ? `created the shared folder "${r.newSharedFolder}"` : "",
      r.createdFolders.length
        ? `created ${plural(r.createdFolders.length, "folder")}: ${r.createdFolders.join(", ")}`
        : "",
    ].filter((m) => m !== "");
    const dirs = made.length ? ` (${made.join("; ")})` : "";
    return `Created ${r.path} with ${plural(r.lines, "line")}${dirs}. Its content is a suggestion awaiting human review: accepted, it stays; rejected, the note is removed.`;
  },
});
