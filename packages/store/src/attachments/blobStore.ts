// Where attachment bytes live, as one interface the import, the export and the doors use: a
// data directory (`dirBlobs`, below) or a cluster's bucket (@lens/cluster). Both keep a blob
// under the same relative key, `files/<docId>/<hash>` (SPEC §7).
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { blobFile, putBlob } from "./blobDir.js";

/** A stored blob's bytes, as a stream, and its size. */
export interface OpenBlob {
  stream: Readable;
  size: number;
}

export interface BlobStore {
  /**
   * Stores the file `source` as blob `hash` of entry doc `docId`, streamed; false when it was
   * stored already. Throws, storing nothing, when the bytes read do not hash to `hash`.
   */
  put(docId: string, hash: string, source: string): Promise<boolean>;
  /** The blob's bytes, or undefined when it is not stored (or no blob can have that key). */
  open(docId: string, hash: string): Promise<OpenBlob | undefined>;
}

/** The blobs of a data directory: `<dataDir>/files/<docId>/<hash>`. */
export function dirBlobs(dataDir: string): BlobStore {
  return {
    put: (docId, hash, source) => putBlob(dataDir, docId, hash, source),
    async open(docId, hash) {
      let file: string;
      try {
        file = blobFile(dataDir, docId, hash);
      } catch {
        return undefined; // an id or hash no blob can have (any client writes filemeta)
      }
      const size = await stat(file).then(
        (s) => (s.isFile() ? s.size : undefined),
        () => undefined,
      );
      return size === undefined ? undefined : { stream: createReadStream(file), size };
    },
  };
}
