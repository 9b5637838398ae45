// A folder's guide for assistants: a note its curators write at `FOLDER/AI Guide/_intro.md`
// (lens-relay's convention) with how to work in that folder. The server's instructions point
// the assistant to the guides it can reach, and MCP offers each as a prompt.
import { type Reach, reachesFolder } from "../access/reach.js";
import type { Workspace } from "../workspace/workspace.js";

/** Where a folder's guide note lives, inside the folder. */
export const GUIDE_NOTE = "AI Guide/_intro.md";

export interface FolderGuide {
  folder: string;
  /** The guide note's path (`FOLDER/AI Guide/_intro.md`, as the vault spells it). */
  path: string;
}

/** The guide of each folder in `reach` that has one, by folder name. */
export function folderGuides(workspace: Workspace, reach: Reach): FolderGuide[] {
  const guides: FolderGuide[] = [];
  for (const folder of workspace.folders()) {
    if (!reachesFolder(reach, folder.name)) continue;
    const found = workspace.resolve(`${folder.name}/${GUIDE_NOTE}`);
    if (found.kind === "document") guides.push({ folder: folder.name, path: found.loc.path });
  }
  return guides.sort((a, b) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
}
