// The `move` tool: renames or moves a note inside its folder as Obsidian does — the entry keeps
// its id, missing sub-folders are created — and rewrites, as suggestions, every link elsewhere
// that would otherwise stop naming what it named.
import { z } from "zod";
import { EVERYWHERE, reachesEntry } from "../access/reach.js";
import { roleIncludes } from "../access/roles.js";
import { suggestChange } from "../changes/suggestChange.js";
import { applyReplacements } from "../edit/applyEdit.js";
import { LENS_EDIT_ORIGIN } from "../edit/origin.js";
import { linkRepairs, mayRewrite, previewMoveRewrites, snapshotLinks } from "../links/rewrite.js";
import { renameEntry } from "../model/folderDoc.js";
import { plural } from "../text/english.js";
import { changesetArg } from "./changesetArg.js";
import { lookupDocument } from "./document.js";
import { createMissingDirs, placeDocument } from "./placement.js";
import { reasonArg, reasonRefusal } from "./reasonArg.js";
import { textForChange } from "./textForChange.js";
import { defineTool, failure, success } from "./tool.js";

const input = z.object({
  file_path: z
    .string()
    .describe('Path of the note to move, as glob or read print it (e.g. "Team/Draft.md").'),
  new_path: z
    .string()
    .describe(
      'Its new path in the same shared folder, e.g. "Team/Meetings/Kickoff.md"; missing sub-folders are created.',
    ),
  reason: reasonArg,
  changeset: changesetArg,
});

const output = z.object({
  from: z.string(),
  to: z.string(),
  pending: z
    .string()
    .optional()
    .describe(
      "Set when the move awaits review (suggest role): its change id; rewritten then lists the notes whose links accepting it rewrites.",
    ),
  rewritten: z.array(z.string()).describe("Notes whose links were rewritten as suggestions."),
  notRewritten: z
    .array(z.string())
    .describe(
      "Notes with links that could not be rewritten (inside a comment or highlight, inside another author's pending suggestion, or unreadable just then).",
    ),
  hiddenRewritten: z
    .number()
    .int()
    .describe(
      "Notes in folders out of the caller's reach whose links were rewritten: counted, never named.",
    ),
  hiddenNotRewritten: z
    .number()
    .int()
    .describe(
      "Notes in folders out of the caller's reach with links left as they were: counted, never named.",
    ),
});

export const moveTool = defineTool({
  name: "move",
  title: "Move or rename a note",
  description: [
    "Renames a note or moves it within its shared folder, as Obsidian does; links to it elsewhere are rewritten.",
    "For review: nothing moves until a human accepts (read shows it pending); the rewrites come with it.",
  ].join("\n"),
  input,
  output,
  readOnly: false,
  run(ws, _session, args, caller) {
    const reach = caller?.reach ?? EVERYWHERE;
    const found = lookupDocument(ws, args.file_path, reach);
    if (!found.ok) {
      if (found.error.code === "not_a_document" && ws.paths.isDirectory(args.file_path.trim())) {
        return failure(
          "not_supported",
          `${args.file_path.trim()} is a folder: moving folders is not supported yet. Move its notes one by one.`,
        );
      }
      return found;
    }
    const { loc } = found.value;
    const badReason = reasonRefusal(args.reason, loc.path);
    if (badReason) return badReason;
    const placed = placeDocument(ws, args.new_path, reach, "new_path", { movingDocId: loc.docId });
    if (!placed.ok) return placed;
    const placement = placed.value;
    if (placement.folder.docId !== loc.folderDocId) {
      return failure(
        "not_supported",
        `${loc.path} is in the shared folder "${loc.path.split("/")[0]}"; a note cannot move to another shared folder (its identity belongs to its folder). Create the note there and leave this one, or keep it in its folder.`,
      );
    }
    if (placement.entryPath === loc.entryPath) {
      return failure("identical", `${loc.path} is already at ${placement.path}; nothing to move.`);
    }
    const author = caller?.author ?? ws.author;
    // A suggest-role caller only suggests the move: nothing changes until a reviewer accepts it.
    if (caller && !roleIncludes(caller.role, "edit")) {
      const suggested = suggestChange(ws, loc, {
        kind: "move",
        to: placement.entryPath,
        author,
        reason: args.reason,
        changeset: args.changeset,
      });
      if (!suggested.ok) return suggested;
      const notes = new Set<string>();
      let hidden = 0;
      for (const r of previewMoveRewrites(ws, loc.docId, placement.entryPath)) {
        const path = ws.paths.pathOf(r.docId) ?? r.docId;
        if (reachesEntry(ws, reach, { path, docId: r.docId })) notes.add(path);
        else hidden++;
      }
      return success({
        from: loc.path,
        to: placement.path,
        pending: suggested.value.id,
        rewritten: [...notes].sort(),
        notRewritten: [],
        hiddenRewritten: hidden,
        hiddenNotRewritten: 0,
      });
    }
    const before = snapshotLinks(ws);
    // Before anything changes, wake every note whose links the move may rewrite: one that
    // cannot be read right now refuses the move (`busy`), nothing changed.
    for (const docId of mayRewrite(before, loc.docId, placement.entryPath)) {
      const path = ws.paths.pathOf(docId) ?? docId;
      const woken = textForChange(ws, docId, path);
      if (woken.ok) continue;
      if (!reachesEntry(ws, reach, { path, docId })) {
        return failure(
          "busy",
          `${loc.path} was not moved: a note linking to it, in a folder out of your reach, cannot be changed right now. Nothing was changed; try again.`,
          { retryable: true },
        );
      }
      const { message, details } = woken.error;
      return failure("busy", `${loc.path} was not moved: the links in ${message}`, details);
    }
    placement.folder.doc.transact(() => {
      createMissingDirs(ws, placement, LENS_EDIT_ORIGIN);
      renameEntry(placement.folder.doc, loc.entryPath, placement.entryPath, LENS_EDIT_ORIGIN);
    }, LENS_EDIT_ORIGIN);

    // The rewrites are one changeset of their own unless the caller named one.
    const changeset = args.changeset ?? `move-${ws.newId().slice(0, 8)}`;
    const rewritten: string[] = [];
    const leftAlone: string[] = [];
    let hiddenRewritten = 0;
    let hiddenNotRewritten = 0;
    for (const [docId, reps] of linkRepairs(ws, before)) {
      const path = ws.paths.pathOf(docId) ?? docId;
      // Woken above; a note missed there that cannot be read now is left alone, and said so.
      const woken = textForChange(ws, docId, path);
      const text = woken.ok ? woken.value : undefined;
      if (woken.ok && !text) continue;
      const done =
        text !== undefined &&
        applyReplacements(text, reps, {
          now: ws.now,
          ...(author ? { author } : {}),
          ...(args.reason !== undefined ? { reason: args.reason } : {}),
          changeset,
        }).ok;
      // A note the caller cannot see keeps its links working too, but is counted, never named.
      if (!reachesEntry(ws, reach, { path, docId })) {
        if (done) hiddenRewritten++;
        else hiddenNotRewritten++;
      } else (done ? rewritten : leftAlone).push(path);
    }
    return success({
      from: loc.path,
      to: placement.path,
      rewritten: rewritten.sort(),
      notRewritten: leftAlone.sort(),
      hiddenRewritten,
      hiddenNotRewritten,
    });
  },
  renderText(r: z.infer<typeof output>) {
    if (r.pending) {
      const links = r.rewritten.length
        ? ` Accepted, it also rewrites the links in: ${r.rewritten.join(", ")}.`
        : "";
      return `Suggested moving ${r.from} to ${r.to} (change ${r.pending}): nothing moves until a reviewer accepts it; read shows it pending.${links}`;
    }
    const lines = [`Moved ${r.from} to ${r.to}.`];
    lines.push(
      r.rewritten.length
        ? `Links rewritten as suggestions awaiting review in ${plural(r.rewritten.length, "note")}:\n${r.rewritten.join("\n")}`
        : r.hiddenRewritten
          ? "No link needed rewriting in the folders you reach."
          : "No link elsewhere needed rewriting.",
    );
    if (r.hiddenRewritten) {
      lines.push(
        `Links were also rewritten as suggestions in ${plural(r.hiddenRewritten, "note")} in folders out of your reach.`,
      );
    }
    if (r.notRewritten.length) {
      lines.push(
        `Links that could not be rewritten (inside a comment or highlight, or in a note that could not be read just then) in: ${r.notRewritten.join(", ")}. They may now point elsewhere; fix them by hand.`,
      );
    }
    if (r.hiddenNotRewritten) {
      lines.push(
        `Links in ${plural(r.hiddenNotRewritten, "note")} in folders out of your reach could not be rewritten; they may now point elsewhere.`,
      );
    }
    return lines.join("\n");
  },
});
