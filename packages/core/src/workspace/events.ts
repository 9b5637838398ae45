// Events a Workspace emits as its documents change; indexes and caches subscribe to them.
import type { Located } from "../paths/pathIndex.js";

/** One filemeta entry that appeared, changed or went away. */
export interface EntryChange {
  folderDocId: string;
  entryPath: string;
  before?: Located;
  after?: Located;
}

export type WorkspaceEvent =
  /** filemeta_v0 entries changed (create / rename = delete+create / delete / meta change). */
  | { type: "entries"; folderDocId: string; changes: EntryChange[] }
  /** The `contents` text of a content doc changed. */
  | { type: "content"; docId: string; origin: unknown; local: boolean }
  /** A folder was added, removed or renamed: every path under it may have changed. */
  | { type: "folders" }
  /** A doc was added to or removed from the workspace. */
  | { type: "doc"; docId: string; action: "added" | "removed" };

export type WorkspaceListener = (event: WorkspaceEvent) => void;
