// Test support for links/: builds a Workspace in the Relay layout from a compact description.
// Not part of the public API (only *.test.ts files import it).
import * as Y from "yjs";
import { contentsText } from "../model/contentDoc.js";
import { type EntryType, setEntry } from "../model/folderDoc.js";
import { Workspace } from "../workspace/workspace.js";

export const RELAY = "aaaaaaaa-0000-4000-8000-000000000000";

/** Deterministic uuid number `n`: `00000000-0000-4000-8000-00000000000n` (hex). */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

/** An entry: markdown text (loaded), `null` (markdown, content not loaded), or another type. */
export type EntrySpec = string | null | { type: EntryType };

export interface TestFolder {
  name: string;
  uuid: string;
  docId: string;
  doc: Y.Doc;
}

export interface TestWorkspace {
  ws: Workspace;
  folders: Map<string, TestFolder>;
  /** Entry uuid by user-facing path (`Lens/Notes/A.md`). */
  idOf(path: string): string;
  /** Doc id by user-facing path. */
  docIdOf(path: string): string;
  /** The content doc of a loaded note. */
  contentOf(path: string): Y.Doc;
}

/**
 * Folder name → in-folder path (leading slash optional) → entry. Folder docs are named through
 * `folderNames`; content docs are added before the folder docs, as a server loading a data
 * directory might.
 */
export function buildWorkspace(spec: Record<string, Record<string, EntrySpec>>): TestWorkspace {
  let next = 1;
  const ids = new Map<string, string>();
  const contents = new Map<string, Y.Doc>();
  const folders = new Map<string, TestFolder>();
  const folderNames: Record<string, string> = {};
  for (const [name, entries] of Object.entries(spec)) {
    const folderUuid = uuid(0x1000 + next++);
    const doc = new Y.Doc();
    for (const [rawPath, entry] of Object.entries(entries)) {
      const entryPath = `/${rawPath.replace(/^\/+/, "")}`;
      const id = uuid(next++);
      const type = typeof entry === "object" && entry !== null ? entry.type : "markdown";
      setEntry(doc, entryPath, { id, type, version: 0 });
      ids.set(`${name}${entryPath}`, id);
      if (typeof entry === "string") {
        const content = new Y.Doc();
        contentsText(content).insert(0, entry);
        contents.set(`${name}${entryPath}`, content);
      }
    }
    folderNames[folderUuid] = name;
    folders.set(name, { name, uuid: folderUuid, docId: `${RELAY}-${folderUuid}`, doc });
  }
  const ws = new Workspace({ folderNames });
  for (const [path, doc] of contents) ws.addContent(`${RELAY}-${ids.get(path)}`, doc);
  for (const f of folders.values()) ws.addFolder(f.docId, f.doc);
  const idOf = (path: string) => {
    const id = ids.get(path);
    if (!id) throw new Error(`no entry ${path} in the test workspace`);
    return id;
  };
  return {
    ws,
    folders,
    idOf,
    docIdOf: (path) => `${RELAY}-${idOf(path)}`,
    contentOf: (path) => {
      const doc = contents.get(path);
      if (!doc) throw new Error(`${path} has no content doc`);
      return doc;
    },
  };
}

/** `backlinks_v0` of a folder doc as a plain object, for deep equality. */
export function backlinksObject(doc: Y.Doc): Record<string, unknown> {
  return doc.getMap("backlinks_v0").toJSON();
}
