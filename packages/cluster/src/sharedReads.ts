// Read records of session handles, shared by every process through one Redis stream: a handle
// read on process A unlocks an edit on process B. Written behind (a lost record only costs an
// assistant a second read); every process follows the stream and replays what others append.
import type { Keys } from "./keys.js";
import type { ClusterRedis } from "./scripts.js";

/** The shape of `@lens/service`'s ReadEntry (kept structural: no dependency on the service). */
export interface SharedReadEntry {
  key: string;
  doc: string;
  at: number;
}

/** Records kept in the stream (older ones are trimmed away; handles idle out long before). */
const KEEP = 500_000;

export class SharedReads {
  private loaded: SharedReadEntry[] = [];
  private follower: ((entry: SharedReadEntry) => void) | undefined;

  constructor(
    private readonly redis: ClusterRedis,
    private readonly keys: Keys,
    private readonly member: string,
    private readonly onError: (err: Error) => void,
  ) {}

  /** Reads every record so far (before `load`); returns the last entry id, to follow from. */
  async prefetch(): Promise<string> {
    let from = "-";
    let last = "0-0";
    for (;;) {
      const page = await this.redis.xrange(this.keys.reads, from, "+", "COUNT", 2000);
      for (const [id, fields] of page) {
        const e = entryOf(fields);
        if (e) this.loaded.push(e);
        last = id;
      }
      if (page.length < 2000) return last;
      from = `(${last}`;
    }
  }

  load(): Iterable<SharedReadEntry> {
    const entries = this.loaded;
    this.loaded = [];
    return entries;
  }

  append(entry: SharedReadEntry): void {
    this.redis
      .xadd(
        this.keys.reads,
        "MAXLEN",
        "~",
        KEEP,
        "*",
        "k",
        entry.key,
        "d",
        entry.doc,
        "t",
        String(entry.at),
        "m",
        this.member,
      )
      .catch((e: Error) => this.onError(e));
  }

  /** Records other processes append are given to `apply` from now on. */
  follow(apply: (entry: SharedReadEntry) => void): void {
    this.follower = apply;
  }

  /** Nothing to write at stop: every record went out as it was made. */
  close(): void {}

  /** One record from the stream (called by the node's tail). */
  received(fields: string[]): void {
    if (fieldOf(fields, "m") === this.member) return;
    const e = entryOf(fields);
    if (e) this.follower?.(e);
  }
}

function fieldOf(fields: string[], name: string): string | undefined {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
  return undefined;
}

function entryOf(fields: string[]): SharedReadEntry | undefined {
  const key = fieldOf(fields, "k");
  const doc = fieldOf(fields, "d");
  const at = Number(fieldOf(fields, "t"));
  if (key === undefined || doc === undefined || !Number.isFinite(at)) return undefined;
  return { key, doc, at };
}
