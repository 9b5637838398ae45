// The doc directories of a data directory, their `<dir>/<docId>/data.ysweet` files read (ahead,
// by a worker thread, for large directories) and each decoded into a Y.Doc. Unreadable or
// corrupt files are reported, never fatal.
//
// Reading is the one part of a load another thread can take: a Y.Doc cannot leave the thread
// that decodes it, but bytes can (transferred, not copied). A promise-based readFile per file
// costs about twice a synchronous read in main-thread work (file handle, stat, promise
// plumbing); a worker reading batches ahead takes even that off the main thread, which then
// only decodes. Small directories are read synchronously (a worker takes ~30 ms to start).
import {
  closeSync,
  type Dirent,
  fstatSync,
  openSync,
  readSync,
  type Stats,
  statSync,
} from "node:fs";
import { readdir } from "node:fs/promises";
import { join, sep } from "node:path";
import { Worker } from "node:worker_threads";
import * as Y from "yjs";
import { BLOB_DIR } from "./attachments/blobDir.js";
import { type DocFileInfo, decodeDocFile } from "./codec/docFile.js";
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

export interface DocDirListing {
  /** Names that may be doc directories (directories and symlinks, no dot names), sorted. */
  docIds: string[];
  /** Entries of the directory that are not doc directories (plain files, dot names). */
  ignored: string[];
}

export interface Progress {
  done: number;
  total: number;
}

/**
 * What says a file is the one read before: a file rewritten (in place or by rename), copied
 * or restored has another. What the text cache (textCache.ts) keeps beside each note's text.
 */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

/** A file's bytes and stamp, or why it could not be read. */
export type RawFile =
  | { bytes: Uint8Array; stamp: FileStamp }
  | { error: { code: string | undefined; message: string } };

function stampOf(st: Stats): FileStamp {
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino };
}

/**
 * Whether file `i`'s stamp in `stamps` (as `statFiles` gives them) is `stamp`: the file is the
 * one `stamp` was taken of.
 */
export function stampIs(stamps: Float64Array, i: number, stamp: FileStamp): boolean {
  const at = i * 4;
  return (
    stamps[at] === stamp.size &&
    stamps[at + 1] === stamp.mtimeMs &&
    stamps[at + 2] === stamp.ctimeMs &&
    stamps[at + 3] === stamp.ino
  );
}

/**
 * Whether a read failed because the file is not there (its path, or a directory on it, is
 * gone). Any other failure (EMFILE, EIO, EISDIR, EACCES, …) says nothing of the file's bytes.
 */
export function isGone(code: string | undefined): boolean {
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Lists a data directory; a missing one is empty. */
export async function listDocDir(dir: string): Promise<DocDirListing> {
  let dirents: Dirent[];
  try {
    dirents = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { docIds: [], ignored: [] };
    throw e;
  }
  const docIds: string[] = [];
  const ignored: string[] = [];
  for (const d of dirents) {
    // `files/` holds attachment bytes (attachments/blobDir.ts), not a document.
    const doc = !d.name.startsWith(".") && d.name !== BLOB_DIR;
    if (doc && (d.isDirectory() || d.isSymbolicLink())) docIds.push(d.name);
    else ignored.push(d.name);
  }
  docIds.sort();
  return { docIds, ignored };
}

/** `join(dir, docId, DATA_FILE)`, without normalising the same directory for every doc. */
export function dataFileOf(dir: string, docId: string): string {
  return `${dirPrefix(dir)}${docId}${sep}${DATA_FILE}`;
}

/**
 * How a doc's file is named to clients: from the data directory (`<docId>/data.ysweet`), never
 * the server's absolute path, which an assistant or a remote user has no use for.
 */
export function shownFile(docId: string): string {
  return `${docId}/${DATA_FILE}`;
}

/** A Node error's `message` about `file` (it names the absolute path) with `shownFile` instead. */
export function shownMessage(docId: string, file: string, message: string): string {
  return message.split(file).join(shownFile(docId));
}

let lastDir: string | undefined;
let lastPrefix = "";
/** `dir` normalised, ending in a separator (join's form of `dir/`). */
function dirPrefix(dir: string): string {
  if (dir !== lastDir) {
    lastPrefix = join(dir, "_").slice(0, -1);
    lastDir = dir;
  }
  return lastPrefix;
}

/**
 * Decodes one doc's file: the loaded doc (its guid is the doc id), why the file cannot be
 * used, or undefined when the entry holds no data file (an ignored entry).
 */
export function decodeDoc(
  docId: string,
  file: string,
  raw: RawFile,
): LoadedDoc | SkippedDoc | undefined {
  if ("error" in raw) {
    const { code, message } = raw.error;
    if (isGone(code)) return undefined;
    return { docId, file, reason: `unreadable: ${message}` };
  }
  try {
    const { doc, info } = decodeDocFile(raw.bytes, new Y.Doc({ guid: docId }));
    return { docId, doc, info, modifiedAt: Math.trunc(info.modifiedAt ?? raw.stamp.mtimeMs) };
  } catch (e) {
    return { docId, file, reason: `corrupt: ${(e as Error).message}` };
  }
}

/**
 * Reads one file: open, fstat, read its size in bytes (as readFileSync does), close. The
 * worker below does the same, written again in its source.
 */
export function readRaw(file: string): RawFile {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    return failed(e);
  }
  try {
    const st = fstatSync(fd);
    // Not zero-filled: every byte kept is read from the file.
    const bytes: Uint8Array = Buffer.allocUnsafe(st.size);
    let used = 0;
    while (used < bytes.length) {
      const n = readSync(fd, bytes, used, bytes.length - used, null);
      if (n === 0) break;
      used += n;
    }
    return {
      bytes: used === bytes.length ? bytes : bytes.subarray(0, used),
      stamp: stampOf(st),
    };
  } catch (e) {
    return failed(e);
  } finally {
    closeQuietly(fd);
  }
}

/** Closes a file only read from: a failing close loses nothing already read. */
function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // The bytes (or the read's own error) are the answer.
  }
}

function failed(e: unknown): RawFile {
  return {
    error: { code: (e as NodeJS.ErrnoException).code, message: (e as Error).message },
  };
}

/** Fewer files than this are read on the main thread: a worker would not pay for its start. */
export const READ_AHEAD_MIN_FILES = 512;
/** Files read here while the worker starts (about as long as its start takes to decode). */
const READ_HERE_FIRST = 256;
/** A batch the worker sends: about this many bytes (or BATCH_FILES files), whichever first. */
const BATCH_BYTES = 1 << 20;
const BATCH_FILES = 128;
/** Batches the worker may have sent and the main thread not yet taken. */
const AHEAD = 4;
/** How often a worker that is AHEAD batches ahead looks whether it may go on. */
const POLL_MS = 5;

/**
 * The reading worker: reads the files in batches and posts each with its bytes transferred,
 * staying at most AHEAD batches ahead of what the main thread took (`shared[0]`, raised by the
 * main thread, looked at here: no message goes to the worker). `shared[1]` set: stop.
 * CommonJS source evaluated by worker_threads, so it needs no file of its own next to a bundle
 * (apps/server bundles this package into its CLI).
 */
const READER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { closeSync, fstatSync, openSync, readSync } = require("node:fs");
const { files, shared } = workerData;
function stampOf(st) {
  return { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino };
}
function read(file) {
  let fd;
  try {
    fd = openSync(file, "r");
  } catch (e) {
    return { error: { code: e.code, message: e.message } };
  }
  try {
    const st = fstatSync(fd);
    const bytes = new Uint8Array(st.size);
    let used = 0;
    while (used < bytes.length) {
      const n = readSync(fd, bytes, used, bytes.length - used, null);
      if (n === 0) break;
      used += n;
    }
    return { bytes: used === bytes.length ? bytes : bytes.subarray(0, used), stamp: stampOf(st) };
  } catch (e) {
    return { error: { code: e.code, message: e.message } };
  } finally {
    try {
      closeSync(fd);
    } catch {}
  }
}
function run() {
  let next = 0;
  for (let sent = 0; next < files.length; sent++) {
    for (;;) {
      if (Atomics.load(shared, 1) !== 0) return;
      const taken = Atomics.load(shared, 0);
      if (sent - taken < ${AHEAD}) break;
      Atomics.wait(shared, 0, taken, ${POLL_MS});
    }
    const batch = [];
    const transfer = [];
    let size = 0;
    while (next < files.length && batch.length < ${BATCH_FILES} && size < ${BATCH_BYTES}) {
      const raw = read(files[next++]);
      if (raw.bytes) {
        transfer.push(raw.bytes.buffer);
        size += raw.bytes.length;
      }
      batch.push(raw);
    }
    parentPort.postMessage(batch, transfer);
  }
}
run();
`;

/**
 * The files' contents, in order. From READ_AHEAD_MIN_FILES files on, a worker thread reads
 * them one batch ahead of the caller (the first few are read here while it starts); below,
 * or if no worker can be started, they are read synchronously here.
 */
export async function* readFiles(
  files: readonly string[],
  options: { seen?: ReadAhead } = {},
): AsyncGenerator<RawFile> {
  const seen = options.seen ?? { worker: 0, here: 0 };
  const head = files.length >= READ_AHEAD_MIN_FILES ? READ_HERE_FIRST : files.length;
  const shared = new Int32Array(new SharedArrayBuffer(8));
  let worker: Worker | undefined;
  if (head < files.length) {
    try {
      worker = new Worker(READER_SOURCE, {
        eval: true,
        workerData: { files: files.slice(head), shared },
      });
    } catch {
      worker = undefined;
    }
  }
  try {
    const ahead = worker ? batches(worker) : undefined;
    let i = 0;
    for (; i < head; i++, seen.here++) yield readRaw(files[i]!);
    while (ahead && i < files.length) {
      let batch: RawFile[];
      try {
        batch = await ahead.next();
      } catch {
        break; // the worker failed: the rest is read here
      }
      // Not notified: the worker looks again within POLL_MS (waking it from here cost the main
      // thread ~4 ms a batch on a busy machine, more than reading the batch).
      Atomics.add(shared, 0, 1);
      for (const raw of batch) {
        i++;
        seen.worker++;
        yield raw;
      }
    }
    for (; i < files.length; i++, seen.here++) yield readRaw(files[i]!);
  } finally {
    Atomics.store(shared, 1, 1);
    await worker?.terminate();
  }
}

/**
 * The stamp of each file, as four numbers (size, mtimeMs, ctimeMs, ino) at `4 * i`; NaN for a
 * file that could not be stat'ed (gone, or unreadable: it is read, and fails, as any other).
 * From READ_AHEAD_MIN_FILES files on, a worker thread takes them: a restart's stat pass runs
 * while the main thread decodes the text cache.
 */
export async function statFiles(files: readonly string[]): Promise<Float64Array> {
  if (files.length >= READ_AHEAD_MIN_FILES) {
    try {
      return await new Promise<Float64Array>((resolve, reject) => {
        const worker = new Worker(STATTER_SOURCE, { eval: true, workerData: { files } });
        worker.once("message", (stamps: Float64Array) => {
          resolve(stamps);
          void worker.terminate();
        });
        worker.once("error", reject);
        worker.once("exit", (code) => reject(new Error(`the stat worker stopped (${code})`)));
      });
    } catch {
      // No worker: stat here.
    }
  }
  const stamps = new Float64Array(files.length * 4).fill(Number.NaN);
  for (let i = 0; i < files.length; i++) stampInto(stamps, i, files[i]!);
  return stamps;
}

/** Puts `file`'s stamp at `i` of `stamps` (left NaN when it cannot be stat'ed). */
function stampInto(stamps: Float64Array, i: number, file: string): void {
  let st: Stats | undefined;
  try {
    st = statSync(file, { throwIfNoEntry: false });
  } catch {
    return;
  }
  if (st) stamps.set([st.size, st.mtimeMs, st.ctimeMs, st.ino], i * 4);
}

/** The stat worker: `statFiles`'s loop, written again in its source (CommonJS, evaluated). */
const STATTER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { statSync } = require("node:fs");
const { files } = workerData;
const stamps = new Float64Array(files.length * 4).fill(NaN);
for (let i = 0; i < files.length; i++) {
  let st;
  try {
    st = statSync(files[i], { throwIfNoEntry: false });
  } catch {}
  if (st) stamps.set([st.size, st.mtimeMs, st.ctimeMs, st.ino], i * 4);
}
parentPort.postMessage(stamps, [stamps.buffer]);
`;

/** How many files a `readFiles` read gave from its worker and read here (for tests). */
export interface ReadAhead {
  worker: number;
  here: number;
}

/** The batches a reading worker sends, in order. */
function batches(worker: Worker): { next(): Promise<RawFile[]> } {
  const received: RawFile[][] = [];
  let waiting: { resolve: (b: RawFile[]) => void; reject: (e: Error) => void } | undefined;
  let failure: Error | undefined;
  const fail = (e: Error) => {
    failure ??= e;
    waiting?.reject(failure);
    waiting = undefined;
  };
  worker.on("message", (batch: RawFile[]) => {
    if (waiting) {
      waiting.resolve(batch);
      waiting = undefined;
    } else received.push(batch);
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`the reading worker stopped (exit code ${code})`)));
  return {
    next() {
      const batch = received.shift();
      if (batch) return Promise.resolve(batch);
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
  };
}
