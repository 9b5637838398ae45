// Builds an in-memory Workspace from plain texts: for tests, demos and the harness.
import * as Y from "yjs";
import { contentsText } from "../model/contentDoc.js";
import { setEntry } from "../model/folderDoc.js";
import { contentDocId } from "../model/ids.js";
import { Workspace, type WorkspaceOptions } from "./workspace.js";

export interface FolderTexts {
  /** Display name, written to folder_config.name. */
  name: string;
  /** In-folder path (with or without leading slash) → markdown text. */
  files: Record<string, string>;
}

export interface FromTextsOptions extends WorkspaceOptions {
  /** Source of UUIDs; defaults to a deterministic counter so ids are stable in tests. */
  uuid?: () => string;
  relayId?: string;
}

/** A deterministic UUID generator: `00000000-0000-4000-8000-000000000001`, … */
export function counterUuids(start = 1): () => string {
  let n = start;
  return () => `00000000-0000-4000-8000-${(n++).toString(16).padStart(12, "0")}`;
}

/**
 * Creates one folder doc per entry of `folders` (markdown entries plus folder entries for
 * every directory) and one content doc per file, and adds them all to a new Workspace.
 */
export function workspaceFromTexts(
  folders: FolderTexts[],
  options: FromTextsOptions = {},
): Workspace {
  const uuid = options.uuid ?? counterUuids();
  const relayId = options.relayId ?? uuid();
  const ws = new Workspace(options);
  for (const folder of folders) {
    const folderDoc = new Y.Doc();
    folderDoc.getMap("folder_config").set("name", folder.name);
    const contents: [string, Y.Doc][] = [];
    const dirs = new Set<string>();
    for (const [rawPath, text] of Object.entries(folder.files)) {
      const path = `/${rawPath.replace(/^\/+/, "")}`.normalize("NFC");
      const parts = path.split("/").slice(1, -1);
      for (let i = 1; i <= parts.length; i++) dirs.add(`/${parts.slice(0, i).join("/")}`);
      const id = uuid();
      setEntry(folderDoc, path, { id, type: "markdown", version: 0 });
      const doc = new Y.Doc();
      contentsText(doc).insert(0, text);
      contents.push([contentDocId(relayId, id), doc]);
    }
    for (const dir of dirs) setEntry(folderDoc, dir, { id: uuid(), type: "folder", version: 0 });
    for (const [id, doc] of contents) ws.addContent(id, doc);
    ws.addFolder(`${relayId}-${uuid()}`, folderDoc);
  }
  return ws;
}
