// The path index: user-facing path ⇄ document, for every folder, kept current entry by entry.
import type { FileMeta } from "../model/folderDoc.js";
import { joinUserPath, parentDirs } from "./normalize.js";
import { addOne, type OneOrMore, removeOne, valuesOf } from "./smallSets.js";

/** One filemeta entry placed under its folder's name. */
export interface Located {
  /** User-facing path, NFC: `Lens/Notes/Ideas.md`. */
  path: string;
  folderDocId: string;
  /** Path inside the folder doc, with its leading slash, exactly as stored. */
  entryPath: string;
  meta: FileMeta;
  /** Doc id of the entry's own doc (`{relay_id}-{meta.id}`); content doc for markdown. */
  docId: string;
}

export interface FolderRef {
  docId: string;
  relayId: string;
  name: string;
}

/**
 * Index over all folders. Updated incrementally by `put`/`remove` (one entry) or
 * `setFolder`/`dropFolder` (one folder), never by rescanning the workspace.
 */
export class PathIndex {
  private readonly byPath = new Map<string, Located>();
  /** Entries whose user path equals another's (e.g. NFC and NFD spellings of one name). */
  private readonly shadowed = new Map<string, Located[]>();
  /** Lower-cased user path → the user paths that lower-case to it (almost always one). */
  private readonly byLower = new Map<string, OneOrMore>();
  private readonly byDocId = new Map<string, string>();
  /** Doc id → the folders (doc ids) whose visible entries list it, with how many entries. */
  private readonly listings = new Map<string, string | Map<string, number>>();
  private readonly dirs = new Map<string, number>();
  private readonly folderPaths = new Map<string, Set<string>>();
  private readonly folderNames = new Map<string, string>();

  get size(): number {
    return this.byPath.size;
  }

  /** (Re)indexes one folder from its entries. */
  setFolder(folder: FolderRef, entries: Iterable<[string, FileMeta]>): void {
    this.dropFolder(folder.docId);
    this.folderNames.set(folder.docId, folder.name);
    this.folderPaths.set(folder.docId, new Set());
    this.addDir(folder.name);
    for (const [entryPath, meta] of entries) this.put(folder, entryPath, meta);
  }

  dropFolder(folderDocId: string): void {
    const paths = this.folderPaths.get(folderDocId);
    if (!paths) return;
    // Its entries kept aside behind another folder's (two folders briefly sharing a name while
    // one is renamed) go too: left, one would resurface later under the old name.
    for (const [path, list] of this.shadowed) {
      const kept = list.filter((l) => l.folderDocId !== folderDocId);
      if (kept.length === 0) this.shadowed.delete(path);
      else if (kept.length !== list.length) this.shadowed.set(path, kept);
    }
    // Its visible entries: another folder's entry kept aside at the same path takes the place.
    for (const p of [...paths]) {
      const loc = this.byPath.get(p);
      if (loc?.folderDocId === folderDocId) this.removeEntry(p, folderDocId, loc.entryPath);
      else this.folderPaths.get(folderDocId)?.delete(p);
    }
    const name = this.folderNames.get(folderDocId);
    if (name !== undefined) this.removeDir(name);
    this.folderPaths.delete(folderDocId);
    this.folderNames.delete(folderDocId);
  }

  /**
   * Adds or replaces one entry. When two entries map to one user path (NFC and NFD spellings
   * of a name), the one with the smaller in-folder path is visible and the other is kept
   * aside, so removing either leaves the index as a rebuild would make it.
   */
  put(folder: FolderRef, entryPath: string, meta: FileMeta): Located {
    const path = joinUserPath(folder.name, entryPath);
    const loc: Located = {
      path,
      folderDocId: folder.docId,
      entryPath,
      meta,
      docId: `${folder.relayId}-${meta.id}`,
    };
    this.removeEntry(path, folder.docId, entryPath);
    const current = this.byPath.get(path);
    if (current) {
      const [win, lose] = precedes(loc, current) ? [loc, current] : [current, loc];
      this.shadow(lose);
      if (win === loc) {
        this.unlink(current);
        this.link(loc);
      }
      return loc;
    }
    this.link(loc);
    return loc;
  }

  private shadow(loc: Located): void {
    const list = this.shadowed.get(loc.path);
    if (list) list.push(loc);
    else this.shadowed.set(loc.path, [loc]);
  }

  private link(loc: Located): void {
    const { path } = loc;
    this.byPath.set(path, loc);
    addOne(this.byLower, path.toLowerCase(), path);
    this.byDocId.set(loc.docId, path);
    // One folder listing a doc once (the rule) is kept as that folder's id alone.
    const folders = this.listings.get(loc.docId);
    if (folders === undefined) this.listings.set(loc.docId, loc.folderDocId);
    else {
      const counts =
        typeof folders === "string" ? new Map<string, number>([[folders, 1]]) : folders;
      counts.set(loc.folderDocId, (counts.get(loc.folderDocId) ?? 0) + 1);
      this.listings.set(loc.docId, counts);
    }
    this.folderPaths.get(loc.folderDocId)?.add(path);
    for (const d of parentDirs(path)) this.addDir(d);
  }

  /** Removes the entry stored at `entryPath` of a folder, if indexed; returns it. */
  remove(folder: FolderRef, entryPath: string): Located | undefined {
    return this.removeEntry(joinUserPath(folder.name, entryPath), folder.docId, entryPath);
  }

  private removeEntry(path: string, folderDocId: string, entryPath: string): Located | undefined {
    const list = this.shadowed.get(path);
    const i =
      list?.findIndex((l) => l.folderDocId === folderDocId && l.entryPath === entryPath) ?? -1;
    if (list && i !== -1) {
      const [gone] = list.splice(i, 1);
      if (list.length === 0) this.shadowed.delete(path);
      return gone;
    }
    const loc = this.byPath.get(path);
    if (!loc || loc.folderDocId !== folderDocId || loc.entryPath !== entryPath) return undefined;
    this.unlink(loc);
    if (list && list.length > 0) {
      list.sort((a, b) => (precedes(a, b) ? -1 : 1));
      const next = list.shift()!;
      if (list.length === 0) this.shadowed.delete(path);
      this.link(next);
    }
    return loc;
  }

  private unlink(loc: Located): void {
    const { path } = loc;
    this.byPath.delete(path);
    removeOne(this.byLower, path.toLowerCase(), path);
    if (this.byDocId.get(loc.docId) === path) this.byDocId.delete(loc.docId);
    const folders = this.listings.get(loc.docId);
    if (typeof folders === "string") {
      if (folders === loc.folderDocId) this.listings.delete(loc.docId);
    } else if (folders) {
      const n = (folders.get(loc.folderDocId) ?? 0) - 1;
      if (n > 0) folders.set(loc.folderDocId, n);
      else folders.delete(loc.folderDocId);
      if (folders.size === 0) this.listings.delete(loc.docId);
    }
    this.folderPaths.get(loc.folderDocId)?.delete(path);
    for (const d of parentDirs(path)) this.removeDir(d);
  }

  private addDir(d: string): void {
    this.dirs.set(d, (this.dirs.get(d) ?? 0) + 1);
  }
  private removeDir(d: string): void {
    const n = (this.dirs.get(d) ?? 0) - 1;
    if (n <= 0) this.dirs.delete(d);
    else this.dirs.set(d, n);
  }

  /** Exact lookup by normalised user path. */
  get(path: string): Located | undefined {
    return this.byPath.get(path);
  }

  /** Case-insensitive lookup; returns every path that differs only in case. */
  getIgnoringCase(path: string): Located[] {
    const out: Located[] = [];
    for (const p of this.spellings(path)) {
      const loc = this.byPath.get(p);
      if (loc) out.push(loc);
    }
    return out;
  }

  /** The user paths `getIgnoringCase` finds, without looking their entries up. */
  spellings(path: string): Iterable<string> {
    return valuesOf(this.byLower.get(path.toLowerCase()));
  }

  /**
   * Doc ids of the folders whose entries list `docId`. Usually one; a note whose id is
   * listed in two folders (a copied or crafted entry) has two.
   */
  foldersListing(docId: string): Iterable<string> {
    const folders = this.listings.get(docId);
    return typeof folders === "string" ? [folders] : (folders?.keys() ?? []);
  }

  /** User path of a doc id (content doc of a markdown entry, or a blob's id). */
  pathOf(docId: string): string | undefined {
    return this.byDocId.get(docId);
  }

  /** True when `path` is a folder name or a directory holding at least one entry. */
  isDirectory(path: string): boolean {
    if (this.dirs.has(path)) return true;
    const loc = this.byPath.get(path);
    return loc?.meta.type === "folder";
  }

  /** All indexed entries (unordered). */
  entries(): IterableIterator<Located> {
    return this.byPath.values();
  }

  /** Entries of one folder. */
  *folderEntries(folderDocId: string): IterableIterator<Located> {
    for (const p of this.folderPaths.get(folderDocId) ?? []) {
      const loc = this.byPath.get(p);
      if (loc) yield loc;
    }
  }
}

/** Which of two entries with one user path is visible: smaller in-folder path, then folder. */
function precedes(a: Located, b: Located): boolean {
  if (a.entryPath !== b.entryPath) return a.entryPath < b.entryPath;
  return a.folderDocId < b.folderDocId;
}
