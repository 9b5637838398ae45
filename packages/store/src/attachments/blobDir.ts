// Attachment bytes in the data directory, content-addressed beside the documents:
// `<dir>/files/<docId>/<sha256 hex>`, where docId is `{relay_id}-{entry id}` (SPEC §7). A
// blob is written once (temp file, fsync, rename) and never changed or deleted: a changed
// attachment is a new hash, so a file under a name always holds the bytes its name says.
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, statSync } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isStorableDocId } from "../docPath.js";

/** Directory of the data directory holding attachment bytes. */
export const BLOB_DIR = "files";

const HASH = /^[0-9a-f]{64}$/;

/** The file holding the blob `hash` of entry doc `docId`; throws for an unsafe id or hash. */
export function blobFile(dataDir: string, docId: string, hash: string): string {
  if (!isStorableDocId(docId) || !HASH.test(hash)) {
    throw new Error(`not a storable attachment: ${JSON.stringify(docId)} ${JSON.stringify(hash)}`);
  }
  return join(dataDir, BLOB_DIR, docId, hash);
}

/** Size in bytes of a stored blob, or undefined when it is not stored (or ids are unsafe). */
export function blobSize(dataDir: string, docId: string, hash: string): number | undefined {
  if (!isStorableDocId(docId) || !HASH.test(hash)) return undefined;
  try {
    return statSync(blobFile(dataDir, docId, hash)).size;
  } catch {
    return undefined;
  }
}

/** True when the blob is stored. */
export async function hasBlob(dataDir: string, docId: string, hash: string): Promise<boolean> {
  return stat(blobFile(dataDir, docId, hash)).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * Stores `source`'s bytes as blob `hash` of `docId`, streamed (never whole in memory): copied to
 * a temp file while hashed, fsynced, then renamed into place. Refuses (throws, nothing stored)
 * when the bytes copied do not hash to `hash` (the file changed since it was hashed). False when
 * the blob was stored already.
 */
export async function putBlob(
  dataDir: string,
  docId: string,
  hash: string,
  source: string,
): Promise<boolean> {
  const target = blobFile(dataDir, docId, hash);
  if (await hasBlob(dataDir, docId, hash)) return false;
  const dir = join(dataDir, BLOB_DIR, docId);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${hash}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const digest = createHash("sha256");
  try {
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        digest.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(createReadStream(source), tap, createWriteStream(tmp, { flags: "wx" }));
    const got = digest.digest("hex");
    if (got !== hash) throw new Error(`${source} changed while it was imported; import it again`);
    await fsyncPath(tmp);
    await rename(tmp, target);
    await fsyncPath(dir);
    return true;
  } finally {
    await rm(tmp, { force: true });
  }
}

/**
 * SHA-256 (hex) and size of a file, streamed; with `limit`, reading stops one byte past it
 * (size > limit then says the file is longer, and the hash is of no use).
 */
export async function hashFile(
  file: string,
  limit?: number,
): Promise<{ hash: string; size: number }> {
  const digest = createHash("sha256");
  let size = 0;
  const stream = createReadStream(file, limit === undefined ? {} : { end: limit });
  for await (const chunk of stream) {
    digest.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { hash: digest.digest("hex"), size };
}

async function fsyncPath(path: string): Promise<void> {
  const fh = await open(path, "r");
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
