// A folder kept before an import replaces it: the raw text of its notes (pending suggestions
// and all) as a markdown vault, and its entries (paths, ids, types) in a manifest, in one
// directory. Restoring is an import of that vault with the recorded entries
// (`ImportOptions.restoreEntries`), so a note comes back under its own id and content doc.
import { mkdir, open, readFile, rm, utimes } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { contentDocId, type FileMeta, readEntries, toFileMeta, type Workspace } from "@lens/core";
import { syncDir, writeFileAtomic } from "../atomicWrite.js";
import { forEachLimit } from "../concurrency.js";
import { isMarkdownName } from "./walk.js";

/** The manifest's file name in a backup directory. */
export const BACKUP_MANIFEST = "backup.json";
/** The directory of a backup that holds the notes, as a markdown vault. */
export const BACKUP_VAULT = "vault";

/** One folder's state at one instant: what a backup keeps. */
export interface FolderSnapshot {
  folder: string;
  folderDocId: string;
  relayId: string;
  /** Every usable entry, by the path stored in the folder doc. */
  entries: Array<[string, FileMeta]>;
  /** Raw text of each markdown note (with a `.md` name) whose content is held, by entry path. */
  notes: Map<string, { text: string; mtime: number }>;
}

export interface BackupManifest {
  format: "lens-folder-backup";
  version: 1;
  folder: string;
  folderDocId: string;
  relayId: string;
  /** ISO time the backup was taken. */
  time: string;
  /** How many notes `vault/` holds. */
  notes: number;
  entries: Array<[string, FileMeta]>;
  /** Why it was taken, by whom (free form: the caller's). */
  detail?: Record<string, unknown>;
}

export interface FolderBackup {
  manifest: BackupManifest;
  /** The backup's notes, as a vault directory (`readVault` reads it). */
  vault: string;
  /** The recorded entries, for `ImportOptions.restoreEntries`. */
  entries: Map<string, FileMeta>;
}

/**
 * The folder `name` as it is now, or undefined when there is none. Synchronous: nothing can
 * change it while it is taken. Reads each note's text as held (a dormant note is not woken).
 */
export function snapshotFolder(ws: Workspace, name: string): FolderSnapshot | undefined {
  const folder = ws.folderByName(name.normalize("NFC"));
  if (!folder) return undefined;
  const entries = [...readEntries(folder.doc)];
  const notes = new Map<string, { text: string; mtime: number }>();
  for (const [path, meta] of entries) {
    if (meta.type !== "markdown" || !isMarkdownName(path)) continue;
    const docId = contentDocId(folder.relayId, meta.id);
    const text = ws.view(docId)?.raw;
    if (text !== undefined) notes.set(path, { text, mtime: ws.mtime(docId) });
  }
  return {
    folder: folder.name,
    folderDocId: folder.docId,
    relayId: folder.relayId,
    entries,
    notes,
  };
}

/** True when two snapshots hold the same entries and the same texts. */
export function sameSnapshot(a: FolderSnapshot, b: FolderSnapshot): boolean {
  if (a.folderDocId !== b.folderDocId || a.folder !== b.folder) return false;
  if (JSON.stringify(a.entries) !== JSON.stringify(b.entries)) return false;
  if (a.notes.size !== b.notes.size) return false;
  for (const [path, note] of a.notes) if (b.notes.get(path)?.text !== note.text) return false;
  return true;
}

/** How many markdown entries a folder has (what a person calls its notes). */
export function noteCount(snapshot: FolderSnapshot): number {
  return snapshot.entries.filter(([, m]) => m.type === "markdown").length;
}

/**
 * Writes `snapshot` as a backup in `dir` (created), every file durable (fsync) before the
 * manifest, which is written last: a directory without one is no backup. With `previous` (a
 * snapshot already written there), only the notes that differ are written again.
 */
export async function writeFolderBackup(
  dir: string,
  snapshot: FolderSnapshot,
  detail: Record<string, unknown> = {},
  previous?: FolderSnapshot,
): Promise<void> {
  const vault = resolve(dir, BACKUP_VAULT);
  await mkdir(vault, { recursive: true });
  const target = (path: string) => {
    const file = resolve(vault, `.${path.normalize("NFC")}`);
    const rel = relative(vault, file);
    return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? undefined : file;
  };
  const gone = [...(previous?.notes.keys() ?? [])].filter((p) => !snapshot.notes.has(p));
  for (const path of gone) {
    const file = target(path);
    if (file) await rm(file, { force: true });
  }
  const dirs = new Set<string>([vault]);
  for (const [path, meta] of snapshot.entries) {
    const file = target(path);
    if (file && meta.type === "folder") dirs.add(file);
  }
  const writes = [...snapshot.notes].filter(
    ([path, note]) => previous?.notes.get(path)?.text !== note.text,
  );
  for (const [path] of writes) {
    const file = target(path);
    if (file) dirs.add(dirname(file));
  }
  for (const d of dirs) await mkdir(d, { recursive: true });
  await forEachLimit(writes, 16, async ([path, note]) => {
    const file = target(path);
    if (!file) return;
    const fh = await open(file, "w", 0o600);
    try {
      await fh.writeFile(note.text, "utf8");
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (note.mtime > 0) await utimes(file, note.mtime / 1000, note.mtime / 1000);
  });
  for (const d of dirs) await syncDir(d);
  const manifest: BackupManifest = {
    format: "lens-folder-backup",
    version: 1,
    folder: snapshot.folder,
    folderDocId: snapshot.folderDocId,
    relayId: snapshot.relayId,
    time: new Date().toISOString(),
    notes: snapshot.notes.size,
    entries: snapshot.entries,
    detail,
  };
  await writeFileAtomic(
    join(dir, BACKUP_MANIFEST),
    Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`),
  );
}

/** Reads a backup directory; throws saying why when it is none. */
export async function readFolderBackup(dir: string): Promise<FolderBackup> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(dir, BACKUP_MANIFEST), "utf8"));
  } catch (e) {
    throw new Error(
      `${dir} is not a Lens folder backup (${BACKUP_MANIFEST}: ${(e as Error).message})`,
    );
  }
  const m = raw as Partial<BackupManifest> | null;
  if (
    m?.format !== "lens-folder-backup" ||
    m.version !== 1 ||
    typeof m.folder !== "string" ||
    typeof m.relayId !== "string" ||
    !Array.isArray(m.entries)
  ) {
    throw new Error(`${dir} is not a Lens folder backup (its ${BACKUP_MANIFEST} is not one)`);
  }
  const entries = new Map<string, FileMeta>();
  for (const item of m.entries as unknown[]) {
    if (!Array.isArray(item) || typeof item[0] !== "string") continue;
    const meta = toFileMeta(item[1]);
    if (meta) entries.set(item[0], meta);
  }
  return { manifest: m as BackupManifest, vault: join(dir, BACKUP_VAULT), entries };
}
