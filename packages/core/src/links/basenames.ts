// Per-folder basename index for link resolution: link key → the entries a link with that last
// segment could name, folder by folder. Kept current entry by entry, so resolving a link never
// scans a folder, and a bare name that falls back to other folders (SPEC §5) costs one lookup.
import type { Located, PathIndex } from "../paths/pathIndex.js";

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

/**
 * Entries by link key; folders themselves are never link targets. A key names one entry almost
 * always: that entry is kept alone, a list only from the second on (one Map per key per folder
 * made a large vault's index several times bigger).
 */
export class BasenameIndex {
  /** Link key → the entries filed under it (at most one per folder and in-folder path). */
  private readonly keys = new Map<string, Located | Located[]>();
  /**
   * For keys filed under by many entries (`Overview`, `Index` in every directory): their
   * entries by folder, made when first asked for, dropped when the key changes.
   */
  private readonly byFolder = new Map<string, Map<string, Located[]>>();

  /** Re-indexes the given folders from the path index (folder added, removed or renamed). */
  rebuild(paths: PathIndex, folderDocIds: Iterable<string>): void {
    this.keys.clear();
    this.byFolder.clear();
    for (const id of folderDocIds) for (const loc of paths.folderEntries(id)) this.put(loc);
  }

  put(loc: Located): void {
    if (loc.meta.type === "folder") return;
    const key = linkKey(loc.entryPath);
    this.byFolder.delete(key);
    const v = this.keys.get(key);
    if (v === undefined) this.keys.set(key, loc);
    else if (!Array.isArray(v)) this.keys.set(key, sameEntry(v, loc) ? loc : [v, loc]);
    else {
      const i = v.findIndex((e) => sameEntry(e, loc));
      if (i === -1) v.push(loc);
      else v[i] = loc;
    }
  }

  remove(loc: Located): void {
    const key = linkKey(loc.entryPath);
    this.byFolder.delete(key);
    const v = this.keys.get(key);
    if (v === undefined) return;
    if (!Array.isArray(v)) {
      if (sameEntry(v, loc)) this.keys.delete(key);
      return;
    }
    const i = v.findIndex((e) => sameEntry(e, loc));
    if (i === -1) return;
    v.splice(i, 1);
    if (v.length === 1) this.keys.set(key, v[0]!);
  }

  /** The entries of one folder filed under `key` (unordered). */
  entriesIn(key: string, folderDocId: string): readonly Located[] {
    const all = this.entries(key);
    if (all.length <= FEW) return all.filter((l) => l.folderDocId === folderDocId);
    let folders = this.byFolder.get(key);
    if (!folders) {
      folders = new Map();
      for (const l of all) {
        const list = folders.get(l.folderDocId);
        if (list) list.push(l);
        else folders.set(l.folderDocId, [l]);
      }
      this.byFolder.set(key, folders);
    }
    return folders.get(folderDocId) ?? [];
  }

  /** Every entry filed under `key`, of every folder (unordered). */
  entries(key: string): readonly Located[] {
    const v = this.keys.get(key);
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  }
}

/** Up to this many entries under a key, a folder's are found by going through them all. */
const FEW = 16;

/** The same filemeta key of the same folder. */
function sameEntry(a: Located, b: Located): boolean {
  return a.entryPath === b.entryPath && a.folderDocId === b.folderDocId;
}
