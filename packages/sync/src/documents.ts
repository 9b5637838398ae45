// Docs the sync server creates or re-classifies: a fresh content doc for an unknown id (a new
// note), promoted to a folder doc once it gains filemeta_v0 entries.
import { isFolderDoc, type Workspace } from "@lens/core";
import * as Y from "yjs";

/** Adds an empty doc under `docId` as a content doc and returns it. */
export function createContentDoc(workspace: Workspace, docId: string): Y.Doc {
  const doc = new Y.Doc();
  workspace.addContent(docId, doc);
  return doc;
}

/**
 * Re-adds a content doc as a folder doc once core's rule says it is one (`isFolderDoc`: its
 * filemeta_v0 map has had entries; a client that created an empty doc and then filled it as a
 * shared folder). The same Y.Doc is kept, so connected clients stay attached. Returns whether
 * it was promoted.
 */
export function promoteToFolder(workspace: Workspace, docId: string, doc: Y.Doc): boolean {
  // awakeDoc: a dormant doc under that id is not `doc`, and is not woken to find that out.
  if (!workspace.hasContent(docId) || workspace.awakeDoc(docId) !== doc) return false;
  // Core's one rule, as the store applies it when loading: the same doc is the same kind
  // after a restart.
  if (!isFolderDoc(docId, doc)) return false;
  workspace.addFolder(docId, doc);
  return true;
}
