// Per-folder basename index for link resolution: link key → the entries a link with that last
// segment could name. Kept current entry by entry, so resolving a link never scans a folder.
import type { Located, PathIndex } from "../paths/pathIndex.js";
import { upsert } from "./maps.js";

/**
 * The key a link or an entry is filed under: last path segment, NFC, lower-cased, one trailing
 * `.md` removed. `Notes/Idea.md`, `idea` and `IDEA.md` share the key `idea`; `img.png` keeps
 * its extension.
 */
export function linkKey(path: string): string {
  const base = path
    .slice(path.lastIndexOf("/") + 1)
    .normalize("NFC")
    .toLowerCase();
  return base.endsWith(".md") ? base.slice(0, -3) : base;
}

/** Entries by folder and link key; folders themselves are never link targets. */
export class BasenameIndex {
  private readonly folders = new Map<string, Map<string, Map<string, Located>>>();

  /** Re-indexes the given folders from the path index (folder added, removed or renamed). */
  rebuild(paths: PathIndex, folderDocIds: Iterable<string>): void {
    this.folders.clear();
    for (const id of folderDocIds) {
      this.folders.set(id, new Map());
      for (const loc of paths.folderEntries(id)) this.put(loc);
    }
  }

  put(loc: Located): void {
    if (loc.meta.type === "folder") return;
    const byKey = upsert(this.folders, loc.folderDocId, () => new Map());
    upsert(byKey, linkKey(loc.entryPath), () => new Map()).set(loc.entryPath, loc);
  }

  remove(loc: Located): void {
    const byKey = this.folders.get(loc.folderDocId);
    const key = linkKey(loc.entryPath);
    const entries = byKey?.get(key);
    if (!entries?.delete(loc.entryPath)) return;
    if (entries.size === 0) byKey!.delete(key);
  }

  /** Entries of one folder filed under `key` (unordered). */
  candidates(folderDocId: string, key: string): Iterable<Located> {
    return this.folders.get(folderDocId)?.get(key)?.values() ?? [];
  }
}
