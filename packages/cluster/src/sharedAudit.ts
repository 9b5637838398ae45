// The audit trail of a cluster: each process writes its entries to its own file first (fsync,
// as alone), then appends them to one Redis stream; every process appends the others' entries
// to its file as they arrive, so `GET /audit` on any process lists the whole cluster's trail.
// Entries carry their directory's origin id (not the process's), so a restarted process never
// takes its own entries back; a cursor file says how far the copy goes.
import type { Keys } from "./keys.js";
import type { ClusterRedis } from "./scripts.js";

/** The data directory's side: its audit log and where its copy of the stream got to. */
export interface LocalAudit {
  /** A stable id of the data directory (its entries in the stream carry it). */
  origin: string;
  absorb(lines: string): Promise<void>;
  cursor: { get(): string; set(id: string): void };
}

/** Entries kept in the stream (a process joining later copies at most this many). */
const KEEP = 1_000_000;

export class SharedAudit {
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly redis: ClusterRedis,
    private readonly keys: Keys,
    readonly local: LocalAudit,
    private readonly onError: (err: Error) => void,
  ) {}

  /** Where to follow the stream from. */
  get position(): string {
    return this.local.cursor.get();
  }

  /** Sends lines this process recorded, in order. */
  publish(lines: string): void {
    this.chain = this.chain
      .then(() =>
        this.redis.xadd(
          this.keys.audit,
          "MAXLEN",
          "~",
          KEEP,
          "*",
          "l",
          lines,
          "o",
          this.local.origin,
        ),
      )
      .catch((e: Error) => this.onError(e));
  }

  /** One stream entry (from the node's tail), in order; returns once it is in the file. */
  async received(id: string, fields: string[]): Promise<void> {
    let lines: string | undefined;
    let origin: string | undefined;
    for (let i = 0; i + 1 < fields.length; i += 2) {
      if (fields[i] === "l") lines = fields[i + 1];
      else if (fields[i] === "o") origin = fields[i + 1];
    }
    if (lines !== undefined && origin !== this.local.origin) await this.local.absorb(lines);
    this.local.cursor.set(id);
  }

  settled(): Promise<unknown> {
    return this.chain;
  }
}
