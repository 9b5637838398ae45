// The owner of a unit writes its changed documents to the bucket. What is changed comes from
// Redis (each partition's dirty set), not from this process's memory, so a new owner picks up
// what a former one left unwritten. A document is written only once this process has applied
// every update-log entry up to the doc's head, and the write is committed by a fenced script:
// after a lease moved on, the former owner's commit is refused and the doc stays dirty.
import type { Workspace } from "@lens/core";
import { encodeDocFile } from "@lens/store";
import type { Bucket } from "./bucket.js";
import { compareIds, type Keys, PARTITIONS } from "./keys.js";
import type { Leases } from "./leases.js";
import type { ClusterRedis } from "./scripts.js";

/** Envelope fields carried from a doc's loaded file to each rewrite. */
export interface FileFields {
  createdAt?: number;
  modifiedAt?: number;
  metadata: unknown;
}

export interface CheckpointDeps {
  ws: Workspace;
  redis: ClusterRedis;
  keys: Keys;
  bucket: Bucket;
  leases: Leases;
  /** The unit (folder doc id or "unfiled") a document belongs to. */
  unitOf(docId: string): string;
  /** The last log entry this process has applied in partition `p`. */
  position(p: number): string;
  fields: Map<string, FileFields>;
  /** Most docs written in one round. */
  perRound?: number;
}

/** Dirty docs looked at per partition and round (oldest first). */
const SCAN = 4096;

export interface RoundResult {
  written: number;
  refused: number;
}

export async function checkpointRound(deps: CheckpointDeps): Promise<RoundResult> {
  const { redis, keys, leases } = deps;
  const limit = deps.perRound ?? 256;
  const result: RoundResult = { written: 0, refused: 0 };
  for (let p = 0; p < PARTITIONS && result.written < limit; p++) {
    const dirty = await redis.zrange(keys.dirty(p), 0, SCAN - 1);
    if (dirty.length === 0) continue;
    const heads = await redis.hmget(keys.head, ...dirty);
    const included = deps.position(p);
    for (let i = 0; i < dirty.length && result.written < limit; i++) {
      const docId = dirty[i]!;
      const head = heads[i];
      // Not applied here yet: a later round writes it.
      if (head && compareIds(head, included) > 0) continue;
      const token = leases.tokenOf(deps.unitOf(docId));
      if (!token) continue;
      const doc = deps.ws.getDoc(docId);
      if (!doc) continue;
      const f = deps.fields.get(docId) ?? { metadata: null };
      const now = deps.ws.now();
      const createdAt = deps.ws.folderSince(docId) ?? f.createdAt ?? now;
      const mtime = deps.ws.hasContent(docId) ? deps.ws.mtime(docId) : 0;
      const modifiedAt = mtime > 0 ? mtime : now;
      const bytes = encodeDocFile(doc, { createdAt, modifiedAt, metadata: f.metadata });
      // The lease may have lapsed while encoding: checked again just before the write.
      if (leases.tokenOf(deps.unitOf(docId)) !== token) continue;
      await deps.bucket.put(docId, bytes);
      deps.fields.set(docId, { createdAt, modifiedAt, metadata: f.metadata });
      const ok = await redis.lensCommit(
        keys.lease(deps.unitOf(docId)),
        keys.head,
        keys.dirty(p),
        token,
        docId,
        included,
      );
      if (ok === 1) result.written++;
      else result.refused++;
    }
  }
  return result;
}
