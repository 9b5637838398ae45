// Durable file replacement: write a temp file beside the target, fsync, rename, fsync the dir.
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

let counter = 0;

/**
 * Replaces `file` with `data` so that after a crash it holds either the old or the new bytes,
 * and once the promise resolves the new bytes survive a power cut or kill -9. `data` may come
 * in pieces, each written before the next is asked for.
 */
export async function writeFileAtomic(
  file: string,
  data: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<void> {
  const dir = dirname(file);
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${++counter}.tmp`);
  const fh = await open(tmp, "w");
  try {
    if (data instanceof Uint8Array) await fh.writeFile(data);
    // writeFile on a handle writes from its current position: the pieces follow each other.
    else for await (const piece of data) await fh.writeFile(piece);
    await fh.sync();
  } catch (e) {
    await fh.close().catch(() => {});
    await unlink(tmp).catch(() => {});
    throw e;
  }
  await fh.close();
  try {
    await rename(tmp, file);
  } catch (e) {
    await unlink(tmp).catch(() => {});
    throw e;
  }
  await syncDir(dir);
}

/** fsyncs a directory so a rename or a new entry in it is durable. */
export async function syncDir(dir: string): Promise<void> {
  const dh = await open(dir, "r");
  try {
    await dh.sync();
  } finally {
    await dh.close();
  }
}
