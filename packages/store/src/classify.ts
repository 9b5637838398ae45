// Tells folder docs from content docs when loading: a non-empty filemeta_v0 (the workspace's
// rule), or a folder doc that has no entries right now but did have some or has a name.
import { configuredName, FILEMETA, FOLDER_CONFIG, parseDocId } from "@lens/core";
import type * as Y from "yjs";

export function classifyDoc(docId: string, doc: Y.Doc): "folder" | "content" {
  if (!parseDocId(docId)) return "content";
  // Root types appear in doc.share when a stored item belonged to them, even a deleted one.
  // Only doc.share is asked: getMap on a content doc would add two empty root types to it.
  if (doc.share.has(FILEMETA)) return "folder";
  return doc.share.has(FOLDER_CONFIG) && configuredName(doc) !== undefined ? "folder" : "content";
}
