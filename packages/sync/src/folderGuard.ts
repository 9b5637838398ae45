// Who may shape folders through sync. A token's reach is a set of folder names, so whoever may
// name a folder, or make a doc into one, decides what other tokens see: a folder-scoped token
// that made a new doc into a folder named "Secret" would be read by every Secret-scoped token
// and written to by their assistants. So only a caller that already reaches every folder (an
// admin or an unscoped `edit` token) may make a folder doc (filemeta_v0 entries in a doc that
// is not one) or change folder_config (the folder's name), and folder_config only on a folder
// doc: one that is one now, or that the same update makes one. Checked before an update is
// applied (updateRoots.ts).
import { type Caller, FILEMETA, FOLDER_CONFIG, parseDocId } from "@lens/core";
import { may } from "@lens/service";
import type * as Y from "yjs";
import { touchedRoots } from "./updateRoots.js";

/** True for a caller that may create folder docs and rename folders: it reaches every folder. */
export function shapesFolders(caller: Caller): boolean {
  return caller.reach.all && may(caller, "sync.folder");
}

const NOT_A_SHAPER = "takes an admin token or an edit token for every folder";

/**
 * Why `caller` may not apply `update` to the doc `docId` (undefined when it may): `doc` is
 * undefined for a doc not created yet, `isFolder` whether it is a folder doc of the workspace.
 */
export function folderWriteRefusal(
  docId: string,
  update: Uint8Array,
  doc: Y.Doc | undefined,
  isFolder: boolean,
  caller: Caller,
): string | undefined {
  const shaper = shapesFolders(caller);
  if (shaper && isFolder) return undefined;
  const touched = touchedRoots(update, doc, isFolder ? [FOLDER_CONFIG] : [FOLDER_CONFIG, FILEMETA]);
  if (!shaper) {
    if (touched.has(FOLDER_CONFIG))
      return `changing folder_config (a folder's name) ${NOT_A_SHAPER}`;
    if (touched.has(FILEMETA)) {
      return `making a folder doc (filemeta_v0 entries in a doc that is not one) ${NOT_A_SHAPER}`;
    }
    return undefined;
  }
  // Only a Relay doc id becomes a folder doc (documents.ts, promoteToFolder).
  const makesFolder = touched.has(FILEMETA) && parseDocId(docId) !== undefined;
  if (touched.has(FOLDER_CONFIG) && !makesFolder) {
    return "folder_config may only change on a folder doc (a Relay doc id with filemeta_v0 entries)";
  }
  return undefined;
}
