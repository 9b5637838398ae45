// The `move` tool: renames or moves a note inside its folder as Obsidian does — the entry keeps
// its id, missing sub-folders are created — and rewrites, as suggestions, every link elsewhere
// that would otherwise stop naming what it named.
import { z } from "zod";
import { EVERYWHERE } from "../access/reach.js";
import { applyReplacements } from "../edit/applyEdit.js";
import { LENS_EDIT_ORIGIN } from "../edit/origin.js";
import { linkRepairs, snapshotLinks } from "../links/rewrite.js";
import { renameEntry } from "../model/folderDoc.js";
import { plural } from "../text/english.js";
import { lookupDocument } from "./document.js";
import { createMissingDirs, placeDocument } from "./placement.js";
import { defineTool, fail, ok } from "./tool.js";

const input = z.object({
  file_path: z
    .string()
    .describe('Path of the note to move, as glob or read print it (e.g. "Team/Draft.md").'),
  new_path: z
    .string()
    .describe(
      'Its new path in the same shared folder (e.g. "Team/Meetings/Kickoff.md"; ".md" is added when missing). Missing sub-folders are created; it must not exist yet.',
    ),
});

export const moveTool = defineTool({
  name: "move",
  title: "Move or rename a note",
  description: [
    "Renames a markdown note or moves it to another sub-folder of the same shared folder, as Obsidian does: the note keeps its identity and history.",
    "Every [[wikilink]] in other notes that would stop pointing to it is rewritten, as a suggestion ({--[[Old]]--}{++[[New]]++}) for a human to accept; links that still resolve are left alone. The answer lists the notes whose links were rewritten.",
    "Moving a folder, or a note to another shared folder, is not supported.",
  ].join("\n"),
  input,
  readOnly: false,
  handler(ws, _session, args, caller) {
    const reach = caller?.reach ?? EVERYWHERE;
    const found = lookupDocument(ws, args.file_path, reach);
    if (!found.ok) {
      if (found.code === "not_a_document" && ws.paths.isDirectory(args.file_path.trim())) {
        return fail(
          `${args.file_path.trim()} is a folder: moving folders is not supported yet. Move its notes one by one.`,
          "not_supported",
        );
      }
      return fail(found.message, found.code);
    }
    const { loc } = found;
    const placed = placeDocument(ws, args.new_path, reach, "new_path", loc.docId);
    if (!placed.ok) return fail(placed.message, placed.code);
    const { placement } = placed;
    if (placement.folder.docId !== loc.folderDocId) {
      return fail(
        `${loc.path} is in the shared folder "${loc.path.split("/")[0]}"; a note cannot move to another shared folder (its identity belongs to its folder). Create the note there and leave this one, or keep it in its folder.`,
        "not_supported",
      );
    }
    if (placement.entryPath === loc.entryPath) {
      return fail(`${loc.path} is already at ${placement.path}; nothing to move.`, "identical");
    }
    const before = snapshotLinks(ws);
    placement.folder.doc.transact(() => {
      createMissingDirs(ws, placement, LENS_EDIT_ORIGIN);
      renameEntry(placement.folder.doc, loc.entryPath, placement.entryPath, LENS_EDIT_ORIGIN);
    }, LENS_EDIT_ORIGIN);

    const author = caller?.author ?? ws.author;
    const rewritten: string[] = [];
    const leftAlone: string[] = [];
    for (const [docId, reps] of linkRepairs(ws, before)) {
      const text = ws.contentText(docId);
      const path = ws.paths.pathOf(docId) ?? docId;
      if (!text) continue;
      const outcome = applyReplacements(
        text,
        reps,
        author ? { author, now: ws.now } : { now: ws.now },
      );
      (outcome.ok ? rewritten : leftAlone).push(path);
    }
    const lines = [`Moved ${loc.path} to ${placement.path}.`];
    lines.push(
      rewritten.length
        ? `Links rewritten as suggestions awaiting review in ${plural(rewritten.length, "note")}:\n${rewritten.sort().join("\n")}`
        : "No link elsewhere needed rewriting.",
    );
    if (leftAlone.length) {
      lines.push(
        `Links that could not be rewritten (inside a comment or highlight) in: ${leftAlone.sort().join(", ")}. They may now point elsewhere; fix them by hand.`,
      );
    }
    return ok(lines.join("\n"), {
      from: loc.path,
      to: placement.path,
      rewritten: rewritten.sort(),
      notRewritten: leftAlone.sort(),
    });
  },
});
