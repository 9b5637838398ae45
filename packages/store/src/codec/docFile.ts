// One `data.ysweet` file ⇄ one Y.Doc plus the envelope fields that must survive a rewrite.
import * as Y from "yjs";
import { newDoc } from "../newDoc.js";
import { decodeEnvelope, encodeEnvelope, type FileFormat } from "./envelope.js";
import { readDocUpdates, writeDocEntries } from "./kvstore.js";

/** What a file says about its doc besides the Yjs state; kept so a rewrite preserves it. */
export interface DocFileInfo {
  format: FileFormat;
  createdAt?: number;
  modifiedAt?: number;
  metadata: unknown;
  /** Pending-update keys that were applied after the full state. */
  pendingUpdates: number;
}

/** Origin of the transaction that applies a file's stored state to a doc. */
export const LOAD_ORIGIN = Symbol("lens-store-load");

/**
 * Decodes a file and applies its stored updates (full state, then pending updates in sequence
 * order) to `doc` (a new Y.Doc by default), in one transaction with origin LOAD_ORIGIN.
 */
export function decodeDocFile(
  bytes: Uint8Array,
  doc: Y.Doc = newDoc(),
): { doc: Y.Doc; info: DocFileInfo } {
  const env = decodeEnvelope(bytes);
  const updates = readDocUpdates(env.data);
  doc.transact(() => {
    for (const u of updates) Y.applyUpdate(doc, u);
  }, LOAD_ORIGIN);
  const info: DocFileInfo = {
    format: env.format,
    metadata: env.metadata,
    pendingUpdates: Math.max(0, updates.length - 1),
  };
  if (env.createdAt !== undefined) info.createdAt = env.createdAt;
  if (env.modifiedAt !== undefined) info.modifiedAt = env.modifiedAt;
  return { doc, info };
}

/** Encodes a doc as a compacted CBOR file (doc name, full state, state vector; no updates). */
export function encodeDocFile(
  doc: Y.Doc,
  fields: { createdAt: number; modifiedAt: number; metadata?: unknown },
): Uint8Array {
  const data = writeDocEntries(Y.encodeStateAsUpdate(doc), Y.encodeStateVector(doc));
  return encodeEnvelope({
    createdAt: fields.createdAt,
    modifiedAt: fields.modifiedAt,
    metadata: fields.metadata ?? null,
    data,
  });
}
