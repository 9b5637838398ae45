// The text cache (`DATA/.lens/texts.cache`): each loaded note's text beside its file's stamp, so
// a restart takes a note whose file is unchanged from here instead of reading and decoding its
// Yjs state — most of what a load costs. Lens's own derived file: rewritten whole, and never
// trusted beyond its checks (per-chunk CRC, an end mark, every field's type). Any doubt and it
// is ignored: every file is read as if it were not there.
//
// Layout: MAGIC, then chunks `[u32 length][u32 crc32][CBOR array of rows]`, then `[0][rows]`.
// A row: [docId, size, mtimeMs, ctimeMs, ino, modifiedAt, legacy, text as UTF-8 bytes] (see
// FileStamp). Bytes, not a CBOR text string: the workspace keeps a dormant note as its UTF-8
// bytes (checked with the platform's isUtf8), so a restart decodes no text at all.
import { isUtf8 } from "node:buffer";
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { Decoder, Encoder } from "cbor-x";
import { writeFileAtomic } from "./atomicWrite.js";
import type { FileStamp } from "./loadDir.js";

/** Where the cache lives in a data directory (a dot directory: never taken for a doc). */
export const TEXT_CACHE_FILE = join(".lens", "texts.cache");

const MAGIC = Buffer.from("LENSTXT\u0001", "latin1");
/** A chunk holds rows until about this many characters of text (or CHUNK_ROWS rows). */
const CHUNK_CHARS = 1 << 20;
const CHUNK_ROWS = 512;
/** Longest stretch of decoding before timers and I/O get a turn. */
const SLICE_MS = 20;

/** A note as the cache keeps it. */
export interface CachedText {
  /** The stamp of the file the text came from. */
  stamp: FileStamp;
  /** The doc's last content change (ms), as its load gave it. */
  modifiedAt: number;
  /** Whether the file was a legacy bincode one (the load report lists those). */
  legacy: boolean;
  /**
   * The note's text: as read from the cache, its UTF-8 bytes (checked, and copied out of the
   * file's buffer: the workspace keeps them as the dormant note's text); as loaded from a file,
   * the string.
   */
  text: string | Uint8Array;
}

export interface TextCacheRead {
  texts: Map<string, CachedText>;
  /** Why the cache was ignored (unset: read, or there was none). */
  problem?: string;
}

const codec = () => ({
  encoder: new Encoder({ useRecords: false, mapsAsObjects: false }),
  decoder: new Decoder({ useRecords: false, mapsAsObjects: false }),
});

/** Whether data directory `dir` has a cache file (sound or not). */
export function hasTextCache(dir: string): boolean {
  return existsSync(join(dir, TEXT_CACHE_FILE));
}

/** The cache of data directory `dir`: empty when there is none, or it was not sound. */
export async function readTextCache(dir: string): Promise<TextCacheRead> {
  let bytes: Buffer;
  try {
    bytes = await readFile(join(dir, TEXT_CACHE_FILE));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { texts: new Map() };
    return { texts: new Map(), problem: `it could not be read (${code ?? e})` };
  }
  try {
    return { texts: await decodeTextCache(bytes) };
  } catch (e) {
    return { texts: new Map(), problem: (e as Error).message };
  }
}

/** Decodes a cache file's bytes, giving timers a turn every SLICE_MS; throws saying why not. */
export async function decodeTextCache(bytes: Uint8Array): Promise<Map<string, CachedText>> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf.length < MAGIC.length || !buf.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new Error("it is not a text cache of this version");
  }
  const { decoder } = codec();
  const texts = new Map<string, CachedText>();
  let at = MAGIC.length;
  let rows = 0;
  let slice = Date.now();
  for (;;) {
    if (at + 8 > buf.length) throw new Error("it ends early");
    const length = buf.readUInt32LE(at);
    const check = buf.readUInt32LE(at + 4);
    at += 8;
    if (length === 0) {
      if (check !== rows || at !== buf.length) throw new Error("its end mark is wrong");
      return texts;
    }
    if (at + length > buf.length) throw new Error("it ends early");
    const chunk = buf.subarray(at, at + length);
    if (crc32(chunk) !== check) throw new Error("a chunk fails its checksum");
    at += length;
    const decoded: unknown = decoder.decode(chunk);
    if (!Array.isArray(decoded)) throw new Error("a chunk is not a list of rows");
    for (const row of decoded) {
      const [docId, entry] = rowEntry(row);
      texts.set(docId, entry);
      rows++;
    }
    if (Date.now() - slice >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      slice = Date.now();
    }
  }
}

function rowEntry(row: unknown): [string, CachedText] {
  if (!Array.isArray(row) || row.length !== 8) throw new Error("a row is not 8 fields");
  const [docId, size, mtimeMs, ctimeMs, ino, modifiedAt, legacy, text] = row as unknown[];
  const numbers = [size, mtimeMs, ctimeMs, ino, modifiedAt];
  if (
    typeof docId !== "string" ||
    !(text instanceof Uint8Array) ||
    typeof legacy !== "boolean" ||
    !numbers.every((n) => typeof n === "number" && Number.isFinite(n))
  ) {
    throw new Error("a row's fields have the wrong types");
  }
  const stamp = {
    size: size as number,
    mtimeMs: mtimeMs as number,
    ctimeMs: ctimeMs as number,
    ino: ino as number,
  };
  if (!isUtf8(text)) throw new Error("a row's text is not UTF-8");
  // A copy: a view would keep the whole file's buffer, stale rows and all, as long as any note.
  return [docId, { stamp, modifiedAt: modifiedAt as number, legacy, text: new Uint8Array(text) }];
}

/** The cache file's bytes for `entries`, a chunk at a time (memory: one chunk, not the file). */
export async function* encodeTextCache(
  entries: Iterable<readonly [string, CachedText]>,
): AsyncGenerator<Uint8Array> {
  const { encoder } = codec();
  yield MAGIC;
  let rows: unknown[] = [];
  let chars = 0;
  let total = 0;
  const flush = () => {
    const body = encoder.encode(rows);
    const head = Buffer.alloc(8);
    head.writeUInt32LE(body.length, 0);
    head.writeUInt32LE(crc32(body), 4);
    total += rows.length;
    rows = [];
    chars = 0;
    return Buffer.concat([head, body]);
  };
  for (const [docId, c] of entries) {
    const text = utf8Of(c.text);
    // A lone surrogate would come back as U+FFFD: such a note is read from its file instead.
    if (text === undefined) continue;
    const { size, mtimeMs, ctimeMs, ino } = c.stamp;
    rows.push([docId, size, mtimeMs, ctimeMs, ino, c.modifiedAt, c.legacy, text]);
    chars += text.length;
    if (chars >= CHUNK_CHARS || rows.length >= CHUNK_ROWS) yield flush();
  }
  if (rows.length > 0) yield flush();
  const end = Buffer.alloc(8);
  end.writeUInt32LE(total, 4);
  yield end;
}

/** A row's text as a Buffer (cbor-x writes a plain byte string for it), unless it cannot be one. */
function utf8Of(text: string | Uint8Array): Buffer | undefined {
  if (typeof text !== "string") return Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  return wellFormed(text) ? Buffer.from(text, "utf8") : undefined;
}

/** String#isWellFormed (Node 20; not in this TypeScript lib). */
function wellFormed(s: string): boolean {
  return (s as unknown as { isWellFormed(): boolean }).isWellFormed();
}

/** Replaces the cache of `dir` with `entries`, atomically (a reader sees the old or the new). */
export async function writeTextCache(
  dir: string,
  entries: Iterable<readonly [string, CachedText]>,
): Promise<void> {
  const file = join(dir, TEXT_CACHE_FILE);
  await mkdir(join(dir, ".lens"), { recursive: true });
  await writeFileAtomic(file, encodeTextCache(entries));
}
