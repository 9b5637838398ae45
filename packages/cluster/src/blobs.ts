// Attachment bytes in the cluster's bucket, under the key a data directory uses for them:
// `{prefix}/files/{docId}/{hash}` (SPEC §7). `Bucket#list` takes only `…/data.ysweet` keys,
// so blobs are never mistaken for documents. A blob is at most the import's bound (20 MiB), so
// it is put as one buffer, checked against its hash first; reads are streamed.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { BLOB_DIR, type BlobStore, isStorableDocId, MAX_ATTACHMENT_BYTES } from "@lens/store";
import type { Bucket } from "./bucket.js";

const HASH = /^[0-9a-f]{64}$/;

/** The bucket's blobs as the import, the export and REST use them. */
export function bucketBlobs(bucket: Bucket): BlobStore {
  const keyOf = (docId: string, hash: string): string | undefined =>
    isStorableDocId(docId) && HASH.test(hash)
      ? `${bucket.prefix}${BLOB_DIR}/${docId}/${hash}`
      : undefined;
  return {
    async put(docId, hash, source) {
      const key = keyOf(docId, hash);
      if (key === undefined) throw new Error(`not a storable attachment: ${docId} ${hash}`);
      if (await exists(bucket, key)) return false;
      const { size } = await stat(source);
      if (size > MAX_ATTACHMENT_BYTES)
        throw new Error(`${source} grew past the bound since it was read`);
      const bytes = await readFile(source);
      if (createHash("sha256").update(bytes).digest("hex") !== hash) {
        throw new Error(`${source} changed while it was imported; import it again`);
      }
      await bucket.client.send(
        new PutObjectCommand({ Bucket: bucket.name, Key: key, Body: bytes }),
      );
      return true;
    },
    async open(docId, hash) {
      const key = keyOf(docId, hash);
      if (key === undefined) return undefined;
      try {
        const out = await bucket.client.send(
          new GetObjectCommand({ Bucket: bucket.name, Key: key }),
        );
        if (!(out.Body instanceof Readable)) return undefined;
        return { stream: out.Body, size: out.ContentLength ?? 0 };
      } catch (e) {
        if ((e as { name?: string }).name === "NoSuchKey") return undefined;
        throw e;
      }
    },
  };
}

async function exists(bucket: Bucket, key: string): Promise<boolean> {
  try {
    await bucket.client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: key }));
    return true;
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((e as { name?: string }).name === "NotFound" || status === 404) return false;
    throw e;
  }
}
