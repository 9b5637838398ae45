// Read-before-edit by handle: what each handle has read, for handles a client chose
// (`session_id`, `Lens-Session`) and handles the server issues (a stateless read without one),
// and for sessions that stand as their own handle (a 2025-11-25 MCP session). Every handle is
// bound to the credential that used it first: the same name under another credential is another,
// empty handle (answered as if unknown). A handle unused for `idleMs` is forgotten. Records
// persist through a ReadLog, so a handle outlives the process.
import type { ReadTracker } from "@lens/core";
import type { ReadEntry, ReadLog } from "./readLog.js";

export interface HandleOptions {
  /** A handle unused this long is forgotten. Default 7 days. */
  idleMs?: number;
  /** Most handles held (least recently used dropped first). Default 100 000. */
  maxHandles?: number;
  /** Most handles one credential holds (its own least recently used dropped first). Default 1 000. */
  maxPerOwner?: number;
  now?: () => number;
  /** Unguessable random text for issued handles (at least 128 bits). */
  random?: () => string;
  log?: ReadLog;
}

interface Record {
  owner: string;
  docs: Map<string, number>;
  used: number;
  /** When the last keep-alive of this record was logged. */
  logged: number;
}

export const DEFAULT_HANDLE_IDLE_MS = 7 * 24 * 3600_000;
/** Issued handles start with this, so they are told from client-chosen names in logs. */
export const ISSUED_PREFIX = "lens-";
/** The `doc` of a logged entry that forgets its handle (no document id holds a NUL). */
const FORGOTTEN = "\u0000forget";
/** A keep-alive is logged at most this often per handle. */
const TOUCH_LOG_MS = 60_000;

export class HandleRegistry {
  private readonly records = new Map<string, Record>();
  private readonly byOwner = new Map<string, Set<string>>();
  readonly idleMs: number;
  private readonly maxHandles: number;
  private readonly maxPerOwner: number;
  private readonly now: () => number;
  private readonly random: () => string;
  private readonly log: ReadLog | undefined;

  constructor(options: HandleOptions = {}) {
    this.idleMs = options.idleMs ?? DEFAULT_HANDLE_IDLE_MS;
    this.maxHandles = options.maxHandles ?? 100_000;
    this.maxPerOwner = options.maxPerOwner ?? 1000;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? defaultRandom;
    this.log = options.log;
    if (this.log) for (const entry of this.log.load()) this.replay(entry);
    // A cluster's other processes: a handle read there unlocks an edit here.
    this.log?.follow?.((entry) => this.replay(entry));
  }

  /** Handles held (live or not yet found idle). */
  get size(): number {
    return this.records.size;
  }

  /** A new handle for `owner`, unguessable, kept alive by use. */
  issue(owner: string): string {
    const handle = `${ISSUED_PREFIX}${this.random()}`;
    const record = this.record(owner, handle, true) as Record;
    this.write(keyOf(owner, handle), "", record.used);
    record.logged = record.used;
    return handle;
  }

  /** Whether `owner` holds `handle` (issued to it or used by it, and not idle since). */
  holds(owner: string, handle: string): boolean {
    return this.record(owner, handle, false) !== undefined;
  }

  /** Forgets `owner`'s handle and what it read (its session was ended by its client). */
  forget(owner: string, handle: string): void {
    const key = keyOf(owner, handle);
    if (!this.records.has(key)) return;
    this.drop(key);
    this.write(key, FORGOTTEN, this.now());
  }

  /** The reads of `owner`'s handle `handle` (made on first use). */
  tracker(owner: string, handle: string): ReadTracker {
    const key = keyOf(owner, handle);
    return {
      markRead: (docId, at = this.now()) => {
        const record = this.record(owner, handle, true) as Record;
        record.docs.set(docId, at);
        record.logged = record.used;
        this.write(key, docId, at);
      },
      hasRead: (docId) => {
        const record = this.record(owner, handle, false);
        if (!record) return false;
        if (record.used - record.logged >= TOUCH_LOG_MS) {
          record.logged = record.used;
          this.write(key, "", record.used);
        }
        return record.docs.has(docId);
      },
    };
  }

  /** The live record of a handle, refreshed as used; made when `create`. */
  private record(owner: string, handle: string, create: boolean): Record | undefined {
    const key = keyOf(owner, handle);
    const now = this.now();
    let record = this.records.get(key);
    if (record && now - record.used > this.idleMs) {
      this.drop(key);
      record = undefined;
    }
    if (!record) {
      if (!create) return undefined;
      record = { owner, docs: new Map(), used: now, logged: 0 };
      this.add(key, record);
      return record;
    }
    record.used = now;
    // Most recently used last: eviction takes from the front.
    this.records.delete(key);
    this.records.set(key, record);
    return record;
  }

  private add(key: string, record: Record): void {
    this.records.set(key, record);
    let mine = this.byOwner.get(record.owner);
    if (!mine) {
      mine = new Set();
      this.byOwner.set(record.owner, mine);
    }
    mine.add(key);
    if (mine.size > this.maxPerOwner) this.drop(this.oldestOf(mine));
    while (this.records.size > this.maxHandles) {
      this.drop(this.records.keys().next().value as string);
    }
  }

  private oldestOf(keys: Set<string>): string {
    let oldest: string | undefined;
    let at = Number.POSITIVE_INFINITY;
    for (const key of keys) {
      const used = this.records.get(key)?.used ?? 0;
      if (used < at) {
        at = used;
        oldest = key;
      }
    }
    return oldest as string;
  }

  private drop(key: string): void {
    const record = this.records.get(key);
    if (!record) return;
    this.records.delete(key);
    const mine = this.byOwner.get(record.owner);
    mine?.delete(key);
    if (mine?.size === 0) this.byOwner.delete(record.owner);
  }

  /** Applies one logged entry (at load, or from another process); older than the idle time: skipped. */
  private replay(entry: ReadEntry): void {
    if (this.now() - entry.at > this.idleMs) return;
    const split = entry.key.indexOf("\n");
    if (split < 0) return;
    const owner = entry.key.slice(0, split);
    let record = this.records.get(entry.key);
    if (!record) {
      record = { owner, docs: new Map(), used: entry.at, logged: entry.at };
      this.add(entry.key, record);
    }
    record.used = Math.max(record.used, entry.at);
    record.logged = record.used;
    if (entry.doc === FORGOTTEN) this.drop(entry.key);
    else if (entry.doc !== "") record.docs.set(entry.doc, entry.at);
  }

  private write(key: string, doc: string, at: number): void {
    this.log?.append({ key, doc, at });
  }
}

/** A handle's key: its owner (a credential id) and its name. Names may hold any character. */
export function keyOf(owner: string, handle: string): string {
  return `${owner}\n${handle}`;
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** 144 random bits as 24 base64url characters, from the platform's CSPRNG. */
export function defaultRandom(): string {
  const bytes = new Uint8Array(18);
  (
    globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): void } }
  ).crypto.getRandomValues(bytes);
  let s = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n =
      ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    for (const shift of [18, 12, 6, 0]) s += BASE64URL[(n >> shift) & 63];
  }
  return s;
}
