// A new shared folder made by Lens itself (create's `new_folder`): a folder doc named in its
// `folder_config`, under the relay id the workspace's folders already share, as `lens import`
// makes one. The store persists it like any other doc the workspace gains.
import * as Y from "yjs";
import { FOLDER_CONFIG } from "../model/folderDoc.js";
import type { Folder, Workspace } from "./workspace.js";

/** Adds an empty shared folder named `name` (which no folder has) to `ws` and returns it. */
export function addSharedFolder(ws: Workspace, name: string, origin?: unknown): Folder {
  const doc = new Y.Doc();
  doc.transact(() => doc.getMap(FOLDER_CONFIG).set("name", name), origin);
  const relayId = ws.folders()[0]?.relayId ?? ws.newId();
  return ws.addFolder(`${relayId}-${ws.newId()}`, doc);
}
