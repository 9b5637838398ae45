// Read records on disk: which document each handle has read (`DATA/.lens/reads.jsonl`, one JSON
// line per record), so read-before-edit handles outlive the process. Written behind, in order,
// without fsync: a record lost to a crash only makes an assistant read a note again. Compacted at
// open and whenever the file has grown past a bound: the latest record of each handle and
// document, nothing older than the idle time, nothing of a forgotten handle.
import { appendFileSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "./atomicWrite.js";

/** One record, as @lens/service's ReadLog port carries it. */
export interface ReadRecord {
  key: string;
  /** The document read; "" keeps the handle alive; FORGOTTEN ends it. */
  doc: string;
  at: number;
}

export interface ReadLogOptions {
  /** Records older than this (ms since the epoch) are dropped when compacting. */
  keepSince?: () => number;
  /** Writes are batched this long (ms). Default 200. */
  flushMs?: number;
  /** The file is compacted once this many bytes were appended since the last compaction. */
  compactAfterBytes?: number;
  /** Told when a write or a compaction fails (the records stay in memory). */
  onError?: (err: unknown) => void;
}

export interface ReadLogFile {
  readonly file: string;
  load(): ReadRecord[];
  append(record: ReadRecord): void;
  /** Resolves once everything appended so far is written. */
  flush(): Promise<void>;
  /** Writes what is pending, synchronously (process exit), and stops the timer. */
  close(): void;
}

/** A handle's records all end with one whose doc is this. */
export const FORGOTTEN = "\u0000forget";

export function readLogPath(dataDir: string): string {
  return join(dataDir, ".lens", "reads.jsonl");
}

export function openReadLog(dataDir: string, options: ReadLogOptions = {}): ReadLogFile {
  const file = readLogPath(dataDir);
  const flushMs = options.flushMs ?? 200;
  const compactAfter = options.compactAfterBytes ?? 4 * 1024 * 1024;
  const keepSince = options.keepSince ?? (() => 0);
  const onError = options.onError ?? (() => {});
  let pending: string[] = [];
  let chain: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let appended = 0;
  let compacting = false;
  let closed = false;

  const write = () => {
    timer = undefined;
    if (pending.length === 0) return chain;
    const text = pending.join("");
    pending = [];
    appended += Buffer.byteLength(text);
    chain = chain
      .then(() => appendFile(file, text, { mode: 0o600 }))
      .catch(onError)
      .then(() => {
        if (appended >= compactAfter && !compacting && !closed) {
          compacting = true;
          appended = 0;
          chain = chain
            .then(() => writeFileAtomic(file, compacted(readRecords(file), keepSince())))
            .catch(onError)
            .finally(() => {
              compacting = false;
            });
        }
      });
    return chain;
  };

  return {
    file,
    load() {
      mkdirSync(join(dataDir, ".lens"), { recursive: true, mode: 0o700 });
      const records = readRecords(file);
      const kept = live(records, keepSince());
      // Rewritten at open when it holds more than it keeps: the file stays near its live size.
      if (kept.length < records.length) {
        chain = writeFileAtomic(file, encode(kept)).catch(onError);
      }
      return kept;
    },
    append(record) {
      if (closed) return;
      pending.push(`${JSON.stringify([record.key, record.doc, record.at])}\n`);
      timer ??= setTimeout(write, flushMs);
      timer.unref?.();
    },
    flush() {
      if (timer) clearTimeout(timer);
      return write();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (pending.length === 0) return;
      try {
        appendFileSync(file, pending.join(""), { mode: 0o600 });
      } catch (e) {
        onError(e);
      }
      pending = [];
    },
  };
}

/** Every well-formed record of the file, in order (a torn or foreign line is skipped). */
function readRecords(file: string): ReadRecord[] {
  if (!existsSync(file) || !statSync(file).isFile()) return [];
  const out: ReadRecord[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line === "") continue;
    try {
      const v = JSON.parse(line) as unknown;
      if (
        Array.isArray(v) &&
        typeof v[0] === "string" &&
        typeof v[1] === "string" &&
        typeof v[2] === "number" &&
        Number.isFinite(v[2])
      ) {
        out.push({ key: v[0], doc: v[1], at: v[2] });
      }
    } catch {
      // A line cut by a crash mid-append.
    }
  }
  return out;
}

/**
 * The records that still matter, in time order: per handle and document the latest, none older
 * than `since`, none of a handle whose last record forgot it.
 */
function live(records: readonly ReadRecord[], since: number): ReadRecord[] {
  const latest = new Map<string, ReadRecord>();
  const forgotten = new Map<string, number>();
  for (const r of records) {
    if (r.doc === FORGOTTEN) {
      forgotten.set(r.key, Math.max(forgotten.get(r.key) ?? 0, r.at));
      continue;
    }
    const id = `${r.key}\u0000${r.doc}`;
    const seen = latest.get(id);
    if (!seen || seen.at <= r.at) latest.set(id, r);
  }
  return [...latest.values()]
    .filter((r) => r.at >= since && r.at > (forgotten.get(r.key) ?? -1))
    .sort((a, b) => a.at - b.at);
}

function compacted(records: readonly ReadRecord[], since: number): Uint8Array {
  return encode(live(records, since));
}

function encode(records: readonly ReadRecord[]): Uint8Array {
  return Buffer.from(records.map((r) => `${JSON.stringify([r.key, r.doc, r.at])}\n`).join(""));
}
