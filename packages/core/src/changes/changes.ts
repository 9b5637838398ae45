// The structural changes (moves, deletions) suggested in the folders a caller reaches, where
// their notes are now: what read's footer, the review queue, `suggestions` and the reviews use.
import { type Reach, reachesFolder } from "../access/reach.js";
import { contentDocId } from "../model/ids.js";
import { type ChangeStatus, readChanges, type StructuralChange } from "../model/pendingChanges.js";
import type { Folder, Workspace } from "../workspace/workspace.js";

/** A change with its folder and the user-facing paths it names. */
export interface LocatedChange extends StructuralChange {
  folderDocId: string;
  /** The note's content doc id. */
  docId: string;
  /** The note's path now; where it was when suggested if it is gone. */
  path: string;
  /** Move: the user-facing path it goes to. */
  toPath?: string;
}

export interface ChangeFilter {
  /** Only changes of notes at or under this user-facing path (a note, folder or sub-folder). */
  under?: string;
  statuses?: ReadonlySet<ChangeStatus>;
  changeset?: string;
  author?: string;
  /** Only the note with this content doc id. */
  docId?: string;
}

export function locateChange(ws: Workspace, folder: Folder, c: StructuralChange): LocatedChange {
  const docId = contentDocId(folder.relayId, c.entry);
  const now = ws.paths.pathOf(docId);
  const out: LocatedChange = {
    ...c,
    folderDocId: folder.docId,
    docId,
    path: now ?? `${folder.name}${c.from}`,
  };
  if (c.to !== undefined) out.toPath = `${folder.name}${c.to}`;
  return out;
}

/** The changes `filter` covers in the folders `reach` covers, oldest first. */
export function changesIn(ws: Workspace, reach: Reach, filter: ChangeFilter = {}): LocatedChange[] {
  const out: LocatedChange[] = [];
  const under = filter.under?.replace(/\/+$/, "");
  for (const folder of ws.folders()) {
    if (!reachesFolder(reach, folder.name)) continue;
    for (const c of readChanges(folder.doc)) {
      if (filter.statuses && !filter.statuses.has(c.status)) continue;
      if (filter.changeset !== undefined && c.changeset !== filter.changeset) continue;
      if (filter.author !== undefined && c.author !== filter.author) continue;
      const located = locateChange(ws, folder, c);
      if (filter.docId !== undefined && located.docId !== filter.docId) continue;
      if (under && under !== "." && located.path !== under && !located.path.startsWith(`${under}/`))
        continue;
      out.push(located);
    }
  }
  return out.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : 1));
}

const PENDING: ReadonlySet<ChangeStatus> = new Set(["pending"]);

/** The pending changes of one note. */
export function pendingChangesOf(ws: Workspace, docId: string, reach: Reach): LocatedChange[] {
  return changesIn(ws, reach, { statuses: PENDING, docId });
}

/** The change with this id in reach, whatever its status. */
export function findChange(ws: Workspace, reach: Reach, id: string): LocatedChange | undefined {
  for (const folder of ws.folders()) {
    if (!reachesFolder(reach, folder.name)) continue;
    const c = readChanges(folder.doc).find((x) => x.id === id);
    if (c) return locateChange(ws, folder, c);
  }
  return undefined;
}

export { PENDING as PENDING_ONLY };
