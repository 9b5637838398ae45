// A created note (the create tool's work, SPEC §6 create): a note whose whole text is one pending
// insertion. It never existed for the humans, so rejecting that insertion removes the note — its
// entry, as the discard of an emptied note did — instead of leaving an empty note behind.
import type { Suggestion } from "../critic/suggestions.js";
import { deleteEntry } from "../model/folderDoc.js";
import type { Located } from "../paths/pathIndex.js";
import type { Workspace } from "../workspace/workspace.js";

/**
 * True when a note of `length` raw characters is exactly one insertion `{++…++}` from its first
 * character to its last (`pending`: its suggestions). Text outside it — a human wrote into the
 * note — makes it a note of theirs.
 */
export function isCreatedNote(pending: readonly Suggestion[], length: number): boolean {
  const only = pending.length === 1 ? pending[0] : undefined;
  return only?.kind === "insert" && only.start === 0 && only.end === length;
}

/**
 * Removes the note's entry from its folder (`filemeta_v0` and the legacy `docs` together, in one
 * transaction of the folder doc with `origin`); the path index, link upkeep and search follow
 * the folder doc as for any deleted note. The content doc, empty now, stays where it is, as
 * relay-server keeps a deleted note's doc. False when its folder is not loaded.
 */
export function removeNote(ws: Workspace, loc: Located, origin: unknown): boolean {
  const folder = ws.folder(loc.folderDocId);
  if (!folder) return false;
  deleteEntry(folder.doc, loc.entryPath, origin);
  return true;
}
