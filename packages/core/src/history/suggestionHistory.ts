// The history of the suggestions tools wrote, joined with what became of each: what the
// `suggestions` tool lists and `withdraw` looks in. Fed by the service — from the audit trail
// at start, then as it records — so a status outlives a restart and the suggestion's
// disappearance from the text. In memory, bounded (the oldest records go first).
import { type Reach, reachesPath } from "../access/reach.js";
import { suggestionKey } from "../critic/suggestionId.js";
import type { Workspace } from "../workspace/workspace.js";
import type {
  SuggestionResolution,
  SuggestionStatus,
  WrittenSuggestion,
} from "./suggestionRecord.js";

/** Records kept at most (about 1 KB each). */
export const MAX_HISTORY_RECORDS = 100_000;

/** Reviews kept waiting for their suggestion's record (see `resolved`). */
export const MAX_EARLY_RESOLUTIONS = 1_000;

/**
 * How long before its suggestion's record a review may be dated and still join it (ms): the
 * record's time is the writing process's clock, the review's another's.
 */
const CLOCK_SKEW_MS = 60_000;

interface Entry {
  seq: number;
  written: WrittenSuggestion;
  /** When it was written (ms). */
  at: number;
  resolution?: SuggestionResolution;
}

/** One suggestion of the history, with its status now. */
export interface HistoryItem {
  seq: number;
  written: WrittenSuggestion;
  /** Its document's path now (where it was written, if the note is gone). */
  path: string;
  at: number;
  status: SuggestionStatus;
  resolution?: SuggestionResolution;
}

export interface HistoryFilter {
  /** Only this author's suggestions. */
  author?: string;
  /** Only those in documents this accepts (doc id, path now). */
  where?: (doc: string, path: string) => boolean;
  statuses?: ReadonlySet<SuggestionStatus>;
  /** Only those written or resolved at or after (ms). */
  since?: number;
  /** Only those written before this one (a page's cursor). */
  before?: number;
  limit: number;
}

const STATUS_OF: Record<SuggestionResolution["action"], SuggestionStatus> = {
  accept: "accepted",
  reject: "rejected",
  withdraw: "withdrawn",
};

export class SuggestionHistory {
  private entries: Entry[] = [];
  private readonly byDoc = new Map<string, Entry[]>();
  /**
   * Reviews that came before their suggestion's record, by document (a record looks only at
   * its document's: replaying the audit trail at start writes every record), and all of them
   * oldest first (the oldest goes when there are too many).
   */
  private readonly early = new Map<string, SuggestionResolution[]>();
  private readonly earlyOrder: SuggestionResolution[] = [];
  private seq = 0;

  constructor(private readonly max = MAX_HISTORY_RECORDS) {}

  get size(): number {
    return this.entries.length;
  }

  /** A suggestion a tool wrote, at `at` (ms). */
  written(written: WrittenSuggestion, at: number): void {
    const entry: Entry = { seq: ++this.seq, written, at };
    this.entries.push(entry);
    const list = this.byDoc.get(written.doc);
    if (list) list.push(entry);
    else this.byDoc.set(written.doc, [entry]);
    const r = this.early
      .get(written.doc)
      ?.find((e) => (e.id === written.id || e.key === written.key) && e.at >= at - CLOCK_SKEW_MS);
    if (r) {
      entry.resolution = r;
      this.forgetEarly(r);
      this.earlyOrder.splice(this.earlyOrder.indexOf(r), 1);
    }
    if (this.entries.length > this.max) this.drop(this.entries.length - this.max);
  }

  /**
   * What became of a suggestion: joined to its record by document and id, else (its id changed
   * since: text next to it on its line changed) by what it says; ignored when neither matches
   * (a suggestion no tool wrote, or one older than the history). A conflict never overrides an
   * accept, reject or withdrawal.
   *
   * A review with no record to join is kept a while (the newest MAX_EARLY_RESOLUTIONS) and joins
   * a record that comes later: in a cluster, the audit entry of a write made on another process
   * can reach this one after a reviewer here already accepted what the write suggested.
   */
  resolved(r: SuggestionResolution): void {
    if (r.doc === undefined) return;
    const list = this.byDoc.get(r.doc) ?? [];
    const open = (e: Entry) => e.resolution?.outcome !== "applied";
    const entry =
      list.find((e) => open(e) && e.written.id === r.id) ??
      (r.key === undefined ? undefined : list.find((e) => open(e) && e.written.key === r.key));
    if (entry) entry.resolution = r;
    else if (!list.some((e) => e.written.id === r.id || e.written.key === r.key)) {
      const waiting = this.early.get(r.doc);
      if (waiting) waiting.push(r);
      else this.early.set(r.doc, [r]);
      this.earlyOrder.push(r);
      if (this.earlyOrder.length > MAX_EARLY_RESOLUTIONS)
        this.forgetEarly(this.earlyOrder.shift()!);
    }
  }

  /**
   * `author`'s records with no resolution that their documents still hold (by id or by what
   * they say): what a write of theirs may take back by editing over them.
   */
  pendingOf(ws: Workspace, author: string): WrittenSuggestion[] {
    const index = new PendingIndex(ws);
    const out: WrittenSuggestion[] = [];
    for (const list of this.byDoc.values()) {
      for (const e of list) {
        if (e.resolution || e.written.author !== author) continue;
        if (index.of(e.written.doc).holds(e.written)) out.push(e.written);
      }
    }
    return out;
  }

  /** Those of `records` their documents no longer hold (by id or by what they say). */
  goneOf(ws: Workspace, records: readonly WrittenSuggestion[]): WrittenSuggestion[] {
    const index = new PendingIndex(ws);
    return records.filter((w) => !index.of(w.doc).holds(w));
  }

  /** Whether `doc` has a record of a suggestion with this id (written before). */
  knows(doc: string, id: string): boolean {
    return this.byDoc.get(doc)?.some((e) => e.written.id === id) ?? false;
  }

  /** The documents holding suggestions `author` wrote. */
  documentsOf(author: string): string[] {
    const out: string[] = [];
    for (const [doc, list] of this.byDoc)
      if (list.some((e) => e.written.author === author)) out.push(doc);
    return out;
  }

  /**
   * The suggestions `filter` picks within `reach`, newest first, with their status now (a
   * record with no resolution is `pending` while its document holds it, by id or by what it
   * says, and `conflicted` once it is gone without one). `next`: the cursor of the next page.
   */
  list(
    ws: Workspace,
    reach: Reach,
    filter: HistoryFilter,
  ): { items: HistoryItem[]; next?: number } {
    const items: HistoryItem[] = [];
    const pending = new PendingIndex(ws);
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i]!;
      if (filter.before !== undefined && e.seq >= filter.before) continue;
      const w = e.written;
      if (filter.author !== undefined && w.author !== filter.author) continue;
      const path = ws.paths.pathOf(w.doc) ?? w.path;
      if (!reachesPath(reach, path)) continue;
      if (filter.where && !filter.where(w.doc, path)) continue;
      const latest = Math.max(e.at, e.resolution?.at ?? 0);
      if (filter.since !== undefined && latest < filter.since) continue;
      const status = this.statusOf(e, pending);
      if (filter.statuses && !filter.statuses.has(status)) continue;
      if (items.length === filter.limit) return { items, next: items[items.length - 1]!.seq };
      const item: HistoryItem = { seq: e.seq, written: w, path, at: e.at, status };
      if (e.resolution) item.resolution = e.resolution;
      items.push(item);
    }
    return { items };
  }

  private statusOf(e: Entry, pending: PendingIndex): SuggestionStatus {
    const r = e.resolution;
    if (r?.outcome === "applied") return STATUS_OF[r.action];
    if (r?.outcome === "conflict") return "conflicted";
    return pending.of(e.written.doc).holds(e.written) ? "pending" : "conflicted";
  }

  /** Takes `r` out of its document's waiting reviews. */
  private forgetEarly(r: SuggestionResolution): void {
    const waiting = this.early.get(r.doc!)!;
    waiting.splice(waiting.indexOf(r), 1);
    if (waiting.length === 0) this.early.delete(r.doc!);
  }

  private drop(n: number): void {
    const gone = new Set(this.entries.slice(0, n));
    this.entries = this.entries.slice(n);
    for (const [doc, list] of this.byDoc) {
      const kept = list.filter((e) => !gone.has(e));
      if (kept.length) this.byDoc.set(doc, kept);
      else this.byDoc.delete(doc);
    }
  }
}

/** The ids and keys of a document's pending suggestions. */
class Pending {
  constructor(
    readonly ids: Set<string>,
    readonly keys: Set<string>,
  ) {}

  /** Whether it holds the suggestion `w` records: by id, else by what it says. */
  holds(w: WrittenSuggestion): boolean {
    return this.ids.has(w.id) || this.keys.has(w.key);
  }
}

/** Each document's pending suggestions, worked out once per listing. */
class PendingIndex {
  private readonly docs = new Map<string, Pending>();
  constructor(private readonly ws: Workspace) {}

  of(doc: string): Pending {
    let found = this.docs.get(doc);
    if (!found) {
      const pending = this.ws.view(doc)?.suggestions ?? [];
      found = new Pending(new Set(pending.map((s) => s.id)), new Set(pending.map(suggestionKey)));
      this.docs.set(doc, found);
    }
    return found;
  }
}
