// Reads every `<dir>/<docId>/data.ysweet` with bounded parallelism, decoding each into a Y.Doc;
// unreadable or corrupt files are listed, never fatal.
import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import type * as Y from "yjs";
import { type DocFileInfo, decodeDocFile } from "./codec/docFile.js";
import { forEachLimit } from "./concurrency.js";
import { DATA_FILE } from "./docPath.js";

export interface LoadedDoc {
  docId: string;
  doc: Y.Doc;
  info: DocFileInfo;
  /** Last content change (ms): modified_at, or the file's mtime for bincode files. */
  modifiedAt: number;
}

/** A doc directory whose file could not be used; the other docs still load. */
export interface SkippedDoc {
  docId: string;
  file: string;
  reason: string;
}

export interface DirContents {
  docs: LoadedDoc[];
  skipped: SkippedDoc[];
  /** Entries of the directory that hold no data.ysweet (plain files, other directories). */
  ignored: string[];
}

export interface Progress {
  done: number;
  total: number;
}

export async function readDocDir(
  dir: string,
  options: { concurrency?: number; onProgress?: (p: Progress) => void } = {},
): Promise<DirContents> {
  let dirents: Dirent[];
  try {
    dirents = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT")
      return { docs: [], skipped: [], ignored: [] };
    throw e;
  }
  const names = dirents
    .filter((d) => !d.name.startsWith(".") && (d.isDirectory() || d.isSymbolicLink()))
    .map((d) => d.name)
    .sort();
  const docDirs = new Set(names);
  const ignored = dirents.filter((d) => !docDirs.has(d.name)).map((d) => d.name);
  const slots: Array<LoadedDoc | SkippedDoc | string | undefined> = new Array(names.length);
  let done = 0;
  const total = names.length;
  options.onProgress?.({ done, total });
  await forEachLimit(names, options.concurrency ?? 32, async (docId, i) => {
    slots[i] = await readOne(dir, docId);
    done++;
    options.onProgress?.({ done, total });
  });
  const out: DirContents = { docs: [], skipped: [], ignored };
  for (const s of slots) {
    if (typeof s === "string") out.ignored.push(s);
    else if (s && "doc" in s) out.docs.push(s);
    else if (s) out.skipped.push(s);
  }
  return out;
}

async function readOne(dir: string, docId: string): Promise<LoadedDoc | SkippedDoc | string> {
  const file = join(dir, docId, DATA_FILE);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return docId;
    return { docId, file, reason: `unreadable: ${(e as Error).message}` };
  }
  try {
    const { doc, info } = decodeDocFile(bytes);
    const modifiedAt = info.modifiedAt ?? (await stat(file)).mtimeMs;
    return { docId, doc, info, modifiedAt: Math.trunc(modifiedAt) };
  } catch (e) {
    return { docId, file, reason: `corrupt: ${(e as Error).message}` };
  }
}
