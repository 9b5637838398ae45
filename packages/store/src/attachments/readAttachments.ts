// A vault's non-markdown files, ready to become attachment entries: kind, size, mtime and the
// SHA-256 of their bytes, hashed as a stream. Files over the bound are left out, named.
import { stat } from "node:fs/promises";
import { forEachLimit } from "../concurrency.js";
import type { SkippedFile, VaultItem } from "../vault/walk.js";
import { hashFile } from "./blobDir.js";
import { type AttachmentKind, attachmentKind } from "./kind.js";

/** Largest attachment an import takes: 20 MiB. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

export interface AttachmentFile extends VaultItem, AttachmentKind {
  /** SHA-256 of the bytes, lower-case hex (Relay's `hash`). */
  hash: string;
  size: number;
  /** The file's mtime, ms. */
  mtime: number;
}

/** Says why an attachment is over the bound, naming it and the bound. */
export function overBound(size: number): string {
  return `attachment of ${size} bytes is over the ${MAX_ATTACHMENT_BYTES} byte (20 MiB) bound for attachments; not imported`;
}

/** Stats and hashes each file; those over the bound or unreadable go to `skipped`. */
export async function readAttachments(
  items: readonly VaultItem[],
  skipped: SkippedFile[],
): Promise<AttachmentFile[]> {
  const slots: Array<AttachmentFile | undefined> = new Array(items.length);
  await forEachLimit(items, 8, async (item, i) => {
    const st = await stat(item.abs);
    if (st.size > MAX_ATTACHMENT_BYTES) {
      skipped.push({ path: item.path, reason: overBound(st.size) });
      return;
    }
    const { hash, size } = await hashFile(item.abs, MAX_ATTACHMENT_BYTES);
    // It grew since stat: hashing stopped one byte past the bound.
    if (size > MAX_ATTACHMENT_BYTES) {
      skipped.push({ path: item.path, reason: overBound(size) });
      return;
    }
    slots[i] = { ...item, ...attachmentKind(item.path), hash, size, mtime: Math.trunc(st.mtimeMs) };
  });
  return slots.filter((a): a is AttachmentFile => a !== undefined);
}
