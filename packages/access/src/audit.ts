// The audit log: one JSON line per accept, reject, token change, folder import (and replace or
// restore) and failed authentication, in the data directory (`.lens/audit.jsonl`). Each entry
// is on disk (fsync) before `record` resolves, so an acknowledged action is never missing from
// it after kill -9. Failed authentications are bounded per minute, so a flood of bad requests
// cannot fill the disk.
import { readFileSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";
import { AuditIndex, readAt } from "./auditIndex.js";
import { lensDir } from "./tokenFile.js";

export type AuditAction =
  | "suggestion.accept"
  | "suggestion.reject"
  | "suggestion.undo"
  | "suggestion.withdraw"
  | "token.add"
  | "token.revoke"
  | "document.discard"
  | "folder.import"
  | "folder.replace"
  | "folder.restore"
  | "auth.failed";

export interface AuditEntry {
  /** ISO time. */
  time: string;
  /** The token's name, "admin token", "owner", "cli" or "unknown" (failed authentication). */
  who: string;
  role?: string;
  action: AuditAction;
  /** Document (or folder) path the action was on. */
  path?: string;
  /** Suggestion id. */
  suggestion?: string;
  /** applied / not_found / conflict for reviews; ok / refused for the others. */
  outcome: string;
  /** Anything else worth keeping (the door of a failed authentication, a token's role). */
  detail?: Record<string, unknown>;
}

export function auditFilePath(dataDir: string): string {
  return join(lensDir(dataDir), "audit.jsonl");
}

/** Most failed-authentication entries written per minute; the rest are counted in one line. */
export const AUTH_FAILURES_PER_MINUTE = 60;

export class AuditLog {
  private chain: Promise<void> = Promise.resolve();
  private failureWindow = { start: 0, written: 0, suppressed: 0 };
  /** Where each entry lies in the file, for pages (exposed for tests). */
  readonly index: AuditIndex;

  constructor(
    readonly dataDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.index = new AuditIndex(auditFilePath(dataDir));
  }

  get file(): string {
    return auditFilePath(this.dataDir);
  }

  /** Appends entries (in order, one write) and resolves once they are durable. */
  record(...entries: Omit<AuditEntry, "time">[]): Promise<void> {
    const time = new Date(this.now()).toISOString();
    const text = entries.map((e) => `${JSON.stringify({ time, ...e })}\n`).join("");
    const write = this.chain.then(() => this.append(text));
    // Later writes wait for this one, but do not fail because it did.
    this.chain = write.catch(() => {});
    const shared = this.onRecorded;
    if (shared) void write.then(() => shared(text)).catch(() => {});
    return write;
  }

  /**
   * Told each batch of lines once it is on disk (a cluster shares them with its other
   * processes); unset for a single process.
   */
  onRecorded: ((lines: string) => void) | undefined;

  /**
   * Appends lines another process recorded (its own copy of a cluster's trail), in order; once
   * they are on disk, the followers get those that concern suggestions.
   */
  absorb(lines: string): Promise<void> {
    const write = this.chain.then(() => this.append(lines));
    this.chain = write.catch(() => {});
    if (this.followers.size === 0) return write;
    return write.then(() => {
      const entries = [...suggestionEntries(lines)];
      if (entries.length === 0) return;
      // A follower's failure is its own: the lines are written, absorb succeeded.
      for (const f of this.followers) {
        try {
          f(entries);
        } catch {
          // the history misses these entries until the next start reads the file
        }
      }
    });
  }

  private readonly followers = new Set<(entries: AuditEntry[]) => void>();

  /**
   * Told the entries concerning suggestions that other processes recorded, as `absorb` writes
   * them (the service's suggestions history follows a cluster's trail with it); returns the undo.
   */
  follow(listener: (entries: AuditEntry[]) => void): () => void {
    this.followers.add(listener);
    return () => this.followers.delete(listener);
  }

  /**
   * Resolves once every entry recorded before the call is written (or failed): a server
   * stopping waits for it, so no append is left running after it (a failed authentication's
   * entry is recorded without the request waiting).
   */
  settled(): Promise<void> {
    return this.chain;
  }

  /**
   * A failed authentication: written unless this minute's quota is spent (then counted). A
   * request with no credentials at all (`missing`: the review page asking whether it must
   * sign in, a client trying without) did not fail to authenticate, it never tried: not
   * recorded (the request log has it, at debug).
   */
  authFailure(door: string, reason: string): Promise<void> {
    if (reason === "missing") return Promise.resolve();
    const now = this.now();
    const w = this.failureWindow;
    const pending: Omit<AuditEntry, "time">[] = [];
    if (now - w.start >= 60_000) {
      if (w.suppressed > 0) {
        pending.push({
          who: "unknown",
          action: "auth.failed",
          outcome: "refused",
          detail: { suppressed: w.suppressed, note: "more failed authentications, not itemised" },
        });
      }
      this.failureWindow = { start: now, written: 0, suppressed: 0 };
    }
    const win = this.failureWindow;
    if (win.written >= AUTH_FAILURES_PER_MINUTE) {
      win.suppressed++;
      return pending.length ? this.record(...pending) : Promise.resolve();
    }
    win.written++;
    pending.push({
      who: "unknown",
      action: "auth.failed",
      outcome: "refused",
      detail: { door, reason },
    });
    return this.record(...pending);
  }

  /**
   * A page of entries, oldest first, and how many there are in all. Reads only the page's
   * lines and what was appended since the last page (see AuditIndex), never the whole log.
   */
  async page(offset: number, limit: number): Promise<{ entries: AuditEntry[]; total: number }> {
    await this.chain;
    const page = await this.index.read(async (fh, lines) => {
      const total = lines.count;
      const from = Math.min(offset, total);
      const to = Math.min(total, from + limit);
      const entries: AuditEntry[] = [];
      if (to > from) {
        const start = lines.at(from).start;
        const bytes = await readAt(fh, start, lines.at(to - 1).end - start);
        for (let i = from; i < to; i++) {
          const { start: s, end: e } = lines.at(i);
          try {
            entries.push(JSON.parse(bytes.toString("utf8", s - start, e - start)) as AuditEntry);
          } catch {
            // A torn last line (power cut mid-write of an unacknowledged entry) is skipped.
          }
        }
      }
      return { entries, total };
    });
    return page ?? { entries: [], total: 0 };
  }

  /**
   * Every entry that concerns suggestions (a write's `detail.suggestions`, `suggestion.*`),
   * oldest first, read at once: the service's history of suggestions is made of them when a
   * server starts. Lines that cannot be read are skipped.
   */
  *load(): Iterable<AuditEntry> {
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
      throw e;
    }
    yield* suggestionEntries(text);
  }

  private async append(text: string): Promise<void> {
    await mkdir(lensDir(this.dataDir), { recursive: true, mode: 0o700 });
    const fh = await open(this.file, "a", 0o600);
    try {
      await fh.write(text);
      await fh.datasync();
    } finally {
      await fh.close();
    }
  }
}

/** The entries of `text` (JSON lines) that concern suggestions; unreadable lines are skipped. */
function* suggestionEntries(text: string): Iterable<AuditEntry> {
  for (const line of text.split("\n")) {
    if (!line.includes('"suggestion')) continue;
    try {
      const entry = JSON.parse(line) as AuditEntry;
      if (entry && typeof entry === "object" && typeof entry.time === "string") yield entry;
    } catch {
      // A torn last line (a crash mid-write of an unacknowledged entry).
    }
  }
}
