import type { Workspace } from "../workspace/workspace.js";

// Reach: the folders a caller may see. A token scoped to folders sees only documents whose path
// starts with one of them; everything elsewhere answers exactly as a missing document would.

/** Every folder, or only the named ones (matched exactly against a path's first segment). */
export type Reach =
  | { readonly all: true }
  | { readonly all: false; readonly folders: ReadonlySet<string> };

export const EVERYWHERE: Reach = { all: true };

/** The reach of a token scoped to `folders`; no folders at all means every folder. */
export function folderReach(folders: Iterable<string>): Reach {
  const set = new Set(folders);
  return set.size === 0 ? EVERYWHERE : { all: false, folders: set };
}

/** True when `reach` covers the folder named `name`. */
export function reachesFolder(reach: Reach, name: string): boolean {
  return reach.all || reach.folders.has(name);
}

/** True when `reach` covers `path` (a workspace path: folder name, then the path inside). */
export function reachesPath(reach: Reach, path: string): boolean {
  if (reach.all) return true;
  const slash = path.indexOf("/");
  return reach.folders.has(slash === -1 ? path : path.slice(0, slash));
}

/**
 * True when `reach` covers an entry: its path, and every folder that lists its doc id — a note
 * of another folder stays out of reach even when an entry of a reached folder names its id too
 * (an alias written through sync).
 */
export function reachesEntry(
  ws: Workspace,
  reach: Reach,
  entry: { path: string; docId: string },
): boolean {
  if (reach.all) return true;
  if (!reachesPath(reach, entry.path)) return false;
  for (const folderDocId of ws.paths.foldersListing(entry.docId)) {
    const name = ws.folder(folderDocId)?.name;
    if (name === undefined || !reach.folders.has(name)) return false;
  }
  return true;
}
