// After an import has set attachment entries: their bytes into the blob store. An entry
// whose bytes cannot be stored is put back as it was (or removed), and the file reported as
// skipped, so no entry names bytes that are not there.
import { deleteEntry, type FileMeta, getEntry, setEntry, type Workspace } from "@lens/core";
import type { ImportReport } from "../vault/import.js";
import { IMPORT_ORIGIN } from "../vault/origin.js";
import type { BlobStore } from "./blobStore.js";

/** One attachment of an import: where its bytes go and where they are read from. */
export interface BlobToStore {
  /** In-folder path (`/Images/a.png`). */
  path: string;
  /** `{relay_id}-{entry id}`. */
  docId: string;
  hash: string;
  /** The vault file. */
  abs: string;
  /** The entry's key, when the import set it (new or changed). */
  key?: string;
  /** What was at that key before the import set it. */
  before?: FileMeta;
}

/** Stores every blob of `report` not stored yet; failures undo their entry and are skipped. */
export async function storeBlobs(
  ws: Workspace,
  report: ImportReport,
  blobs: BlobStore,
): Promise<void> {
  const folder = ws.folder(report.folderDocId);
  for (const blob of report.blobs) {
    try {
      await blobs.put(blob.docId, blob.hash, blob.abs);
    } catch (e) {
      report.skipped.push({ path: blob.path, reason: `bytes not stored: ${(e as Error).message}` });
      if (!folder || blob.key === undefined) continue;
      if (getEntry(folder.doc, blob.key)?.hash !== blob.hash) continue;
      folder.doc.transact(() => {
        if (blob.before) setEntry(folder.doc, blob.key!, blob.before);
        else deleteEntry(folder.doc, blob.key!);
      }, IMPORT_ORIGIN);
      report.added = report.added.filter((p) => p !== blob.path);
      report.updated = report.updated.filter((p) => p !== blob.path);
    }
  }
}
