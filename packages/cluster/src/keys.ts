// The Redis key layout of one cluster. Every key starts with the namespace (the store's
// location), so clusters over different buckets or prefixes can share one Redis.
import { createHash } from "node:crypto";
import type { StoreLocation } from "./config.js";

/** Update-log partitions: a document's updates go to the stream of hash(docId) mod this. */
export const PARTITIONS = 16;

export class Keys {
  readonly ns: string;
  constructor(location: StoreLocation) {
    this.ns = `lens:{${location.bucket}/${location.prefix}}`;
  }
  /** The update stream of one partition: entries `d` (doc id), `u` (Yjs update), `m` (member). */
  stream(p: number): string {
    return `${this.ns}:log:${p}`;
  }
  /** doc id → the id of its latest update-log entry. */
  get head(): string {
    return `${this.ns}:head`;
  }
  /** Per partition: doc id → ms of its oldest entry not yet in the bucket (trimming stops there). */
  dirty(p: number): string {
    return `${this.ns}:dirty:${p}`;
  }
  /** Partition → the highest update-log entry id trimming removed (see trimmed.ts). */
  get trimmed(): string {
    return `${this.ns}:trimmed`;
  }
  /** Live members: member → expiry (ms, Redis time). */
  get members(): string {
    return `${this.ns}:members`;
  }
  /** One unit's lease (`member:epoch`) and its epoch counter. */
  lease(unit: string): string {
    return `${this.ns}:lease:${unit}`;
  }
  epoch(unit: string): string {
    return `${this.ns}:epoch:${unit}`;
  }
  /** The token file's text, shared by every process. */
  get tokens(): string {
    return `${this.ns}:tokens`;
  }
  /** The audit trail: entries `l` (JSON lines) and `o` (the data directory's origin id). */
  get audit(): string {
    return `${this.ns}:audit`;
  }
  /** Read records of session handles, shared by every process. */
  get reads(): string {
    return `${this.ns}:reads`;
  }
}

/** The partition of a document. */
export function partitionOf(docId: string): number {
  return createHash("sha1").update(docId).digest().readUInt32BE(0) % PARTITIONS;
}

/** Compares two stream ids (`ms-seq`): negative, 0 or positive. */
export function compareIds(a: string, b: string): number {
  const [am, as] = a.split("-");
  const [bm, bs] = b.split("-");
  const d = Number(am) - Number(bm);
  return d !== 0 ? Math.sign(d) : Math.sign(Number(as ?? 0) - Number(bs ?? 0));
}
