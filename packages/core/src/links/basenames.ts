// Per-folder basename index for link resolution: link key → the entries a link with that last
// segment could name, folder by folder. Kept current entry by entry, so resolving a link never
// scans a folder, and a bare name that falls back to other folders (SPEC §5) costs one lookup.
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

/** Entries by link key and folder; folders themselves are never link targets. */
export class BasenameIndex {
  /** Link key → folder doc id → in-folder path → entry. */
  private readonly keys = new Map<string, Map<string, Map<string, Located>>>();

  /** Re-indexes the given folders from the path index (folder added, removed or renamed). */
  rebuild(paths: PathIndex, folderDocIds: Iterable<string>): void {
    this.keys.clear();
    for (const id of folderDocIds) for (const loc of paths.folderEntries(id)) this.put(loc);
  }

  put(loc: Located): void {
    if (loc.meta.type === "folder") return;
    const byFolder = upsert(this.keys, linkKey(loc.entryPath), () => new Map());
    upsert(byFolder, loc.folderDocId, () => new Map()).set(loc.entryPath, loc);
  }

  remove(loc: Located): void {
    const key = linkKey(loc.entryPath);
    const byFolder = this.keys.get(key);
    const entries = byFolder?.get(loc.folderDocId);
    if (!entries?.delete(loc.entryPath)) return;
    if (entries.size > 0) return;
    byFolder!.delete(loc.folderDocId);
    if (byFolder!.size === 0) this.keys.delete(key);
  }

  /** Entries of one folder filed under `key` (unordered). */
  candidates(folderDocId: string, key: string): Iterable<Located> {
    return this.keys.get(key)?.get(folderDocId)?.values() ?? [];
  }

  /** The folders with entries filed under `key`, each with those entries (unordered). */
  *folders(key: string): Iterable<[folderDocId: string, entries: Iterable<Located>]> {
    for (const [folderDocId, entries] of this.keys.get(key) ?? []) {
      yield [folderDocId, entries.values()];
    }
  }
}
