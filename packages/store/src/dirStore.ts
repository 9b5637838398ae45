// Keeps a Workspace in a y-sweet / relay-server data directory: loads every doc, then writes
// each changed doc back (batched with a bounded delay, atomically) and says when it is durable.
import { mkdir, readFile } from "node:fs/promises";
import {
  contentsText,
  FILEMETA,
  filemetaMap,
  isFolderDoc,
  type KeptText,
  WakeDeferredError,
  type Workspace,
  type WorkspaceEvent,
} from "@lens/core";
import * as Y from "yjs";
import { syncDir, writeFileAtomic } from "./atomicWrite.js";
import { type DocFileInfo, encodeDocFile, LOAD_ORIGIN } from "./codec/docFile.js";
import { decodeEnvelope } from "./codec/envelope.js";
import { forEachLimit } from "./concurrency.js";
import { docDir, docFile, isStorableDocId } from "./docPath.js";
import {
  dataFileOf,
  decodeDoc,
  type FileStamp,
  isGone,
  type LoadedDoc,
  listDocDir,
  type Progress,
  readFiles,
  readRaw,
  type SkippedDoc,
  shownFile,
  shownMessage,
  stampIs,
  statFiles,
} from "./loadDir.js";
import { findReferenceProblems, type LoadReport } from "./loadReport.js";
import { type CachedText, hasTextCache, readTextCache, writeTextCache } from "./textCache.js";

/** A one-shot timer: `set` calls `fn` after `ms`; `clear` cancels what `set` returned. */
export interface StoreTimer {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const PLATFORM_TIMER: StoreTimer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface StoreOptions {
  workspace: Workspace;
  /** Called as doc files are read: done / total. */
  onProgress?: (progress: Progress) => void;
  /** Longest wait (ms) between a change and the start of its write; default 500. */
  flushDelayMs?: number;
  /** The timer the write delay runs on; default the platform's (tests give their own). */
  timer?: StoreTimer;
  /** Files written in parallel; default 8. */
  writeConcurrency?: number;
  /** A background write failed; the doc stays dirty and is retried. Default: console.error. */
  onError?: (error: Error, docId: string) => void;
  /**
   * Load only: never create the directory, never write a file (`lens export`). Changes made
   * to the workspace afterwards are not persisted.
   */
  readOnly?: boolean;
  /**
   * Keep each loaded note's text in `DATA/.lens/texts.cache` (textCache.ts) and, at the next
   * open, take the text of every note whose file is unchanged from there instead of reading
   * and decoding the file. Rewritten after a load that read any note from its file. Default
   * false (a read-only store reads the cache, never writes it).
   */
  textCache?: boolean;
  /**
   * The text cache is written only for a directory of at least this many notes (default 1000):
   * a smaller one loads in a few hundred ms from its files, and gains no file of Lens's own.
   */
  textCacheMinNotes?: number;
  /** Writing the text cache failed (nothing is lost: the next load reads files). Default: console.error. */
  onCacheError?: (error: Error) => void;
}

/** One doc the store watches: `version` counts changes, `savedVersion` what is on disk. */
interface Tracked {
  docId: string;
  doc: Y.Doc;
  version: number;
  savedVersion: number;
  lastChange: number | undefined;
  /** When the store began watching it (workspace clock): idle time counts from here too. */
  since: number;
}

/** When awake content docs go back to sleep (see `DirStore.sleepIdle`). */
export interface SleepOptions {
  /** How long a doc must have gone unchanged since it was woken or last changed (ms). */
  idleMs: number;
  /** Whether something else holds the doc's Y.Doc now (a sync client's room): it stays awake. */
  inUse: (docId: string) => boolean;
}

/** Envelope fields of a doc's file, carried from read to every rewrite. */
interface FileFields {
  createdAt?: number;
  modifiedAt?: number;
  metadata: unknown;
}

const RETRY_MS = 1000;
/** Longest stretch of synchronous reading while loading before timers and I/O get a turn. */
const SLICE_MS = 20;

export class DirStore {
  readonly dir: string;
  /** What the initial load found; set once open() resolves. */
  report!: LoadReport;
  private readonly ws: Workspace;
  private readonly flushDelayMs: number;
  private readonly writeConcurrency: number;
  private readonly onError: (error: Error, docId: string) => void;
  private readonly tracked = new Map<string, Tracked>();
  /**
   * The entries of each watched doc (one, unless a caller holds one Y.Doc under two ids): one
   * `afterTransaction` listener serves every doc, instead of a closure each. Not `update`: a
   * doc with an `update` listener encodes every transaction as an update for it (a 7 MB note
   * encoded again, 72 ms of a 1 000-key folder update), and a change is all this needs.
   */
  private readonly byDoc = new Map<Y.Doc, Tracked | Tracked[]>();
  private readonly onTransaction = (tr: Y.Transaction, doc: Y.Doc) => {
    if (!changedState(tr)) return;
    const entries = this.byDoc.get(doc);
    if (!entries) return;
    for (const t of Array.isArray(entries) ? entries : [entries]) {
      t.version++;
      t.lastChange = this.ws.now();
      this.markPending(t);
    }
  };
  /** Docs removed from the workspace whose last changes are not on disk yet. */
  private readonly retired = new Set<Tracked>();
  private readonly pending = new Set<Tracked>();
  /**
   * Watched docs with changes not yet durable (`version !== savedVersion`), so a flush of
   * everything looks at what changed, not at every doc of the workspace.
   */
  private readonly unsaved = new Set<Tracked>();
  private readonly fields = new Map<string, FileFields>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly knownDirs = new Set<string>();
  /**
   * Docs whose file failed to load, with why: kept on disk as they are, never written over
   * (a later doc of the same id, e.g. from sync, is refused and never tracked).
   */
  readonly quarantined = new Map<string, string>();
  private readonly readOnly: boolean;
  private timer: unknown;
  private readonly clock: StoreTimer;
  private stopWorkspace: (() => void) | undefined;
  private closing: Promise<void> | undefined;
  private writes = 0;
  private readonly textCache: boolean;
  private readonly textCacheMinNotes: number;
  private readonly onCacheError: (error: Error) => void;
  /** The text cache being written after the load (close waits for it). */
  private cacheWrite: Promise<void> | undefined;

  private constructor(dir: string, options: StoreOptions) {
    this.dir = dir;
    this.ws = options.workspace;
    this.readOnly = options.readOnly ?? false;
    this.flushDelayMs = Math.max(0, options.flushDelayMs ?? 500);
    this.clock = options.timer ?? PLATFORM_TIMER;
    this.writeConcurrency = Math.max(1, options.writeConcurrency ?? 8);
    this.textCache = options.textCache ?? false;
    this.textCacheMinNotes = options.textCacheMinNotes ?? 1000;
    this.onCacheError =
      options.onCacheError ??
      ((error) => console.error(`lens store: writing the text cache failed: ${error.message}`));
    this.onError =
      options.onError ??
      ((error, docId) => console.error(`lens store: writing ${docId} failed: ${error.message}`));
  }

  /** Loads `dir` (created if missing) into the workspace and starts persisting changes. */
  static async open(dir: string, options: StoreOptions): Promise<DirStore> {
    const store = new DirStore(dir, options);
    if (!store.readOnly) await mkdir(dir, { recursive: true });
    const started = Date.now();
    // The text cache is read (its decoding sliced) while the directory is listed and, on a
    // restart, while a worker stats every file: what is unchanged is known once both are done.
    const cacheRead = store.textCache ? readTextCache(dir) : undefined;
    const { docIds, ignored } = await listDocDir(dir);
    const files = docIds.map((id) => dataFileOf(dir, id));
    // Texts of unchanged notes come from the cache, unless the workspace holds docs already
    // (a doc held is merged with its file, which must be read for that).
    const useCache = cacheRead !== undefined && store.ws.docIds().length === 0;
    const stamping = useCache && hasTextCache(dir) ? statFiles(files) : undefined;
    const [cache, stamps] = await Promise.all([cacheRead, stamping]);
    const notes: string[] = [];
    const skipped: SkippedDoc[] = [];
    const legacy: string[] = [];
    let loaded = 0;
    let folders = 0;
    let cached = 0;
    const total = docIds.length;
    options.onProgress?.({ done: 0, total });
    if (cache?.problem) {
      notes.push(`text cache ignored: ${cache.problem}; every note was read from its file`);
    }
    /** Doc `i`'s cached text, when its file is the one the text came from. */
    const unchanged = (i: number): CachedText | undefined => {
      const c = stamps && cache!.texts.get(docIds[i]!);
      return c && stampIs(stamps!, i, c.stamp) ? c : undefined;
    };
    const fromCache = docIds.map((_, i) => unchanged(i));
    /** What the next cache holds: every note loaded as its text alone (only if it may be written). */
    const keep = new Map<string, CachedText>();
    const keeping = cache !== undefined && !store.readOnly;
    // One batch: the workspace's followers (link upkeep) resolve and write once, at its end,
    // so the order docs arrive in costs nothing and each doc is installed as soon as it is read.
    const endBatch = store.ws.beginBatch();
    const reading = readFiles(files.filter((_, i) => fromCache[i] === undefined));
    try {
      let slice = Date.now();
      for (let i = 0; i < docIds.length; i++) {
        const docId = docIds[i]!;
        const c = fromCache[i];
        if (c) {
          store.installText(docId, c);
          if (keeping) keep.set(docId, c);
          loaded++;
          cached++;
          if (c.legacy) legacy.push(docId);
        } else {
          const next = await reading.next();
          if (next.done) throw new Error("the load read fewer files than it listed");
          const raw = next.value;
          const read = decodeDoc(docId, files[i]!, raw);
          if (read === undefined) ignored.push(docId);
          else if ("doc" in read) {
            loaded++;
            if (read.info.format === "bincode") legacy.push(docId);
            const kind = store.install(
              read,
              notes,
              keeping && "bytes" in raw
                ? (text) => keep.set(docId, cachedText(raw.stamp, read, text))
                : undefined,
            );
            if (kind === "folder") folders++;
          } else {
            skipped.push(read);
            const reason = `its file failed to load (${shownMessage(docId, read.file, read.reason)}) and is kept as it is, never written over; repair or remove ${shownFile(docId)} in the data directory`;
            store.quarantined.set(docId, reason);
            store.ws.markUnavailable(docId, reason);
          }
        }
        options.onProgress?.({ done: i + 1, total });
        // Files read here are read synchronously: timers and I/O get a turn every ~20 ms.
        if (Date.now() - slice >= SLICE_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          slice = Date.now();
        }
      }
    } finally {
      await reading.return(undefined);
      endBatch();
    }
    const stale = keeping && (cache.problem !== undefined || !sameKeys(keep, cache.texts));
    if (stale && keep.size >= store.textCacheMinNotes) {
      store.cacheWrite = writeTextCache(dir, keep)
        .catch((e) => store.onCacheError(e as Error))
        // A closure of this scope outlives the load (and with it `keep`): let go of the texts
        // as loaded, or a note's first version would stay for the server's life.
        .finally(() => keep.clear());
    } else keep.clear();
    if (!store.readOnly) {
      store.stopWorkspace = store.ws.on((e) => store.onWorkspaceEvent(e));
      // Docs the workspace held before (or gained during) the load are not on disk yet.
      // (Dormant docs are: their text is their file's.)
      for (const docId of store.ws.docIds()) {
        const doc = store.ws.awakeDoc(docId);
        if (doc && !store.tracked.has(docId)) store.track(docId, doc, true);
      }
    }
    const refs = findReferenceProblems(store.ws);
    store.report = {
      dir,
      total: loaded + skipped.length,
      loaded,
      folders,
      legacy,
      skipped,
      ignored,
      missingContent: refs.missingContent,
      orphans: refs.orphans,
      notes,
      cached,
      ms: Date.now() - started,
    };
    return store;
  }

  /** Files written since open (for logs and benchmarks). */
  get writeCount(): number {
    return this.writes;
  }

  /** Number of docs with changes not yet durable. */
  get dirtyCount(): number {
    let n = this.retired.size;
    for (const t of this.unsaved) if (!this.retired.has(t) && t.version !== t.savedVersion) n++;
    return n;
  }

  /**
   * Resolves once every change made before the call to `docId` (or to every doc) is durable
   * on disk. Rejects if a write fails.
   */
  async flush(docId?: string): Promise<void> {
    const targets = new Set<Tracked>();
    for (const t of this.retired) if (docId === undefined || t.docId === docId) targets.add(t);
    if (docId === undefined) {
      for (const t of this.unsaved) targets.add(t);
      for (const id of this.chains.keys()) {
        const t = this.tracked.get(id);
        if (t) targets.add(t);
      }
    } else {
      const t = this.tracked.get(docId);
      if (t) targets.add(t);
    }
    const busy = [...targets].filter(
      (t) => t.version !== t.savedVersion || this.chains.has(t.docId),
    );
    await this.makeDirs(busy);
    const errors: unknown[] = [];
    let next = 0;
    const worker = async () => {
      while (next < busy.length) {
        const t = busy[next++]!;
        await this.write(t).catch((e) => errors.push(e));
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.writeConcurrency, busy.length) }, worker));
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} writes failed`);
  }

  /**
   * Queues a rewrite of a doc that has not changed (e.g. to turn a legacy bincode file into
   * CBOR); false when the store does not hold that doc. A dormant doc is woken first: one whose
   * file cannot be read right now throws WakeDeferredError, nothing queued (call again).
   */
  markDirty(docId: string): boolean {
    if (this.closing) return false;
    // A dormant doc is tracked once woken.
    if (!this.tracked.has(docId) && this.ws.isDormant(docId)) this.ws.getDoc(docId);
    const t = this.tracked.get(docId);
    if (!t || this.closing) return false;
    t.version++;
    this.markPending(t);
    return true;
  }

  /**
   * Puts back to sleep (text only, see `Workspace.sleep`) every awake content doc that is
   * saved, unchanged for `idleMs` and not `inUse`: a doc an edit or a sync client woke does
   * not keep its Y.Doc for the rest of the server's life. Its file holds all of it, so waking
   * it again reads the same state. Returns how many went to sleep.
   */
  sleepIdle(options: SleepOptions): number {
    if (this.closing || this.readOnly) return 0;
    const now = this.ws.now();
    let slept = 0;
    for (const t of this.tracked.values()) {
      // Saved: every change is on disk (a write in flight has not yet raised savedVersion).
      if (t.version !== t.savedVersion) continue;
      if (now - Math.max(t.since, t.lastChange ?? 0) < options.idleMs) continue;
      if (this.ws.folder(t.docId) || this.ws.awakeDoc(t.docId) !== t.doc) continue;
      if (options.inUse(t.docId) || !this.ws.sleep(t.docId, this.wake)) continue;
      this.unwatch(t);
      this.tracked.delete(t.docId);
      this.unsaved.delete(t);
      this.pending.delete(t);
      this.fields.delete(t.docId);
      slept++;
    }
    return slept;
  }

  /**
   * Runs `sleepIdle` every `idleMs` (a timer that keeps no process alive) until the returned
   * function is called or the store closes.
   */
  startSleeping(options: SleepOptions): () => void {
    const timer = setInterval(() => {
      if (this.closing) clearInterval(timer);
      else this.sleepIdle(options);
    }, options.idleMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Stops watching the workspace and flushes everything. Later changes are not persisted. */
  close(): Promise<void> {
    if (!this.closing) {
      if (this.timer !== undefined) this.clock.clear(this.timer);
      this.timer = undefined;
      this.stopWorkspace?.();
      for (const t of this.tracked.values()) this.unwatch(t);
      const cacheWrite = this.cacheWrite ?? Promise.resolve();
      this.closing = Promise.all([this.flush(), cacheWrite]).then(() => {});
    }
    return this.closing;
  }

  // ---- loading --------------------------------------------------------------------------

  /** Holds a note whose file is unchanged as the text the cache kept (see textCache). */
  private installText(docId: string, c: CachedText): void {
    this.knownDirs.add(docId);
    this.ws.addDormantContent(docId, c.text, this.wake);
    this.ws.setMtime(docId, c.modifiedAt);
  }

  /**
   * Adds a loaded doc to the workspace; `dormant` hears the text of a note held as its text
   * alone (what the text cache may keep).
   */
  private install(
    loaded: LoadedDoc,
    notes: string[],
    dormant?: (text: KeptText) => void,
  ): "folder" | "content" {
    const { docId, doc, info } = loaded;
    this.knownDirs.add(docId);
    const existing = this.ws.getDoc(docId);
    if (existing) {
      // Already in memory: merge what the file holds, keep the doc, write the union back.
      const before = this.ws.mtime(docId);
      Y.applyUpdate(existing, Y.encodeStateAsUpdate(doc), LOAD_ORIGIN);
      this.ws.setMtime(docId, Math.max(before, loaded.modifiedAt));
      notes.push(`${docId}: already in the workspace; merged with its file`);
      if (!this.readOnly) this.track(docId, existing, true);
      return this.ws.folder(docId) ? "folder" : "content";
    }
    const kind = isFolderDoc(docId, doc) ? "folder" : "content";
    // doc.share first: asking for a root type that is not there would add an empty one.
    const foreign = kind === "content" && doc.share.has(FILEMETA) && filemetaMap(doc).size > 0;
    if (foreign) {
      notes.push(`${docId}: has filemeta_v0 entries but is not a Relay doc id; loaded as content`);
    }
    if (kind === "content") {
      // Held as its text until something needs the Y.Doc (an edit, a sync client): the file
      // is read again then (see wake), its envelope fields with it. This one goes to the
      // garbage collector.
      const text = contentsText(doc).toString();
      this.ws.addDormantContent(docId, text, this.wake);
      this.ws.setMtime(docId, loaded.modifiedAt);
      // One that earns a note is read each time, so each load's report says it. The cache
      // gets the text as the workspace keeps it (its UTF-8 bytes: no second copy, no second
      // encoding).
      if (!foreign) dormant?.(this.ws.view(docId)?.kept ?? text);
      return "content";
    }
    const fields = fileFields(info);
    // A folder's seniority among folders wanting one name (core: AddFolderOptions.since): when
    // its file was made. A file without created_at (bincode) is as old as its mtime, which
    // its next write keeps as created_at, so the order holds after the next restart too.
    fields.createdAt ??= loaded.modifiedAt;
    this.fields.set(docId, fields);
    this.ws.addDoc(docId, doc, kind, { since: fields.createdAt });
    this.ws.setMtime(docId, loaded.modifiedAt);
    if (!this.readOnly) this.track(docId, doc, false);
    return this.ws.folder(docId) ? "folder" : "content";
  }

  /**
   * Makes a dormant content doc's Y.Doc from its file, as loading did, and tracks it from then
   * on. The file is what was loaded: the store writes only docs it tracks. A file that could
   * not be read right now (any failure but ENOENT / ENOTDIR: EMFILE, EIO, EISDIR, …) throws a
   * WakeDeferredError: the doc stays dormant, nothing is quarantined, and the next wake reads
   * it again. A file that is gone or no longer decodes is quarantined (never written over) and
   * the wake fails, saying why (the workspace drops the doc).
   */
  private readonly wake = (docId: string): Y.Doc => {
    const file = dataFileOf(this.dir, docId);
    const raw = readRaw(file);
    if ("error" in raw) {
      const { code, message } = raw.error;
      if (!isGone(code)) {
        throw new WakeDeferredError(
          docId,
          `could not read ${shownFile(docId)} right now (${shownMessage(docId, file, message)})`,
        );
      }
      this.quarantine(
        docId,
        `its file is gone (${shownMessage(docId, file, message)}); should it come back, it is never written over`,
      );
    }
    const read = decodeDoc(docId, file, raw);
    if (read === undefined || !("doc" in read)) {
      this.quarantine(
        docId,
        `its file ${shownMessage(docId, file, read?.reason ?? "could not be used")}; ${shownFile(docId)} is kept as it is, never written over`,
      );
    }
    this.fields.set(docId, fileFields(read.info));
    if (!this.readOnly && !this.closing) this.track(docId, read.doc, false);
    return read.doc;
  };

  /** Never writes `docId`'s file again (see `quarantined`) and fails the wake, saying why. */
  private quarantine(docId: string, reason: string): never {
    this.quarantined.set(docId, reason);
    throw new Error(reason);
  }

  // ---- change tracking ------------------------------------------------------------------

  private onWorkspaceEvent(e: WorkspaceEvent): void {
    if (e.type !== "doc" || this.closing) return;
    if (e.action === "removed") {
      this.untrack(e.docId);
      return;
    }
    const doc = this.ws.awakeDoc(e.docId);
    if (doc && this.tracked.get(e.docId)?.doc !== doc) this.track(e.docId, doc, true);
  }

  private track(docId: string, doc: Y.Doc, dirty: boolean): void {
    if (this.quarantined.has(docId)) {
      this.onError(new Error(`doc ${docId} is quarantined: its file is never written over`), docId);
      return;
    }
    if (!isStorableDocId(docId)) {
      this.onError(
        new Error(`doc id "${docId}" is not a safe directory name; not persisted`),
        docId,
      );
      return;
    }
    this.untrack(docId);
    this.supersede(docId);
    const t: Tracked = {
      docId,
      doc,
      version: dirty ? 1 : 0,
      savedVersion: 0,
      lastChange: undefined,
      since: this.ws.now(),
    };
    const entries = this.byDoc.get(doc);
    if (!entries) {
      this.byDoc.set(doc, t);
      doc.on("afterTransaction", this.onTransaction);
    } else this.byDoc.set(doc, [...(Array.isArray(entries) ? entries : [entries]), t]);
    this.tracked.set(docId, t);
    if (dirty) this.markPending(t);
  }

  /** Stops following one entry's doc (the doc's listener goes with its last entry). */
  private unwatch(t: Tracked): void {
    const entries = this.byDoc.get(t.doc);
    const rest = (Array.isArray(entries) ? entries : entries ? [entries] : []).filter(
      (e) => e !== t,
    );
    if (rest.length === 0) {
      this.byDoc.delete(t.doc);
      t.doc.off("afterTransaction", this.onTransaction);
    } else this.byDoc.set(t.doc, rest.length === 1 ? rest[0]! : rest);
  }

  private untrack(docId: string): void {
    const t = this.tracked.get(docId);
    if (!t) return;
    this.unwatch(t);
    this.tracked.delete(docId);
    if (t.version !== t.savedVersion) this.retired.add(t);
  }

  /**
   * Forgets the unsaved state of a doc replaced under `docId` (retired): the doc now tracked
   * there is what the file must hold. Written later, the old state would overwrite the new one
   * (a retried write after a failure comes after the new doc's write).
   */
  private supersede(docId: string): void {
    for (const old of this.retired) {
      if (old.docId !== docId) continue;
      this.retired.delete(old);
      this.unsaved.delete(old);
      this.pending.delete(old);
    }
  }

  /** Whether `t` is still to be written: the doc tracked under its id, or one retired unsaved. */
  private isCurrent(t: Tracked): boolean {
    return this.tracked.get(t.docId) === t || this.retired.has(t);
  }

  private markPending(t: Tracked): void {
    this.pending.add(t);
    this.unsaved.add(t);
    this.schedule(this.flushDelayMs);
  }

  private schedule(delay: number): void {
    if (this.timer !== undefined || this.closing) return;
    // In a workspace batch (a load, an import) nothing is written before the batch ends: a doc
    // changed again later in the batch (a folder doc's entries, then its backlinks) is written
    // once, with everything.
    if (this.ws.batching) {
      this.ws.afterBatch(this.afterBatch);
      return;
    }
    this.timer = this.clock.set(() => {
      this.timer = undefined;
      void this.writePending();
    }, delay);
  }

  private readonly afterBatch = () => {
    if (this.pending.size > 0) this.schedule(this.flushDelayMs);
  };

  private async writePending(): Promise<void> {
    const batch = [...this.pending];
    this.pending.clear();
    await this.makeDirs(batch);
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const t = batch[next++]!;
        try {
          await this.write(t);
        } catch (e) {
          if (this.isCurrent(t)) this.pending.add(t);
          this.onError(e as Error, t.docId);
          this.schedule(Math.max(this.flushDelayMs, RETRY_MS));
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.writeConcurrency, batch.length) }, worker),
    );
  }

  // ---- writing --------------------------------------------------------------------------

  /** Queues a write of `t` behind any write of the same doc id; no-op when already saved. */
  private write(t: Tracked): Promise<void> {
    const run = async () => {
      // Saved already, or superseded by a doc that replaced it (see supersede).
      if (t.version === t.savedVersion || !this.isCurrent(t)) return;
      const version = t.version;
      const f = this.fields.get(t.docId) ?? (await this.fieldsOnDisk(t.docId));
      const now = this.ws.now();
      // A folder doc's created_at is its seniority among folders wanting one name (core:
      // Workspace#folderSince), so the one that kept a name keeps it after a restart.
      const createdAt = this.ws.folderSince(t.docId) ?? f.createdAt ?? now;
      const modifiedAt = this.modifiedAt(t, f, now);
      const bytes = encodeDocFile(t.doc, { createdAt, modifiedAt, metadata: f.metadata });
      await this.ensureDir(t.docId);
      await writeFileAtomic(docFile(this.dir, t.docId), bytes);
      this.writes++;
      this.fields.set(t.docId, { createdAt, modifiedAt, metadata: f.metadata });
      t.savedVersion = Math.max(t.savedVersion, version);
      if (t.savedVersion === t.version) {
        this.retired.delete(t);
        this.unsaved.delete(t);
      }
    };
    const prev = this.chains.get(t.docId) ?? Promise.resolve();
    const p = prev.then(run);
    const tail = p.catch(() => {});
    this.chains.set(t.docId, tail);
    void tail.then(() => {
      if (this.chains.get(t.docId) === tail) this.chains.delete(t.docId);
    });
    return p;
  }

  /**
   * The envelope fields of the file a doc is about to replace, when the store holds none for
   * it: a dormant doc replaced without being woken (its fields were never read into memory).
   * A new doc (no directory yet) or a file that cannot be read gets none.
   */
  private async fieldsOnDisk(docId: string): Promise<FileFields> {
    if (!this.knownDirs.has(docId)) return { metadata: null };
    try {
      return fileFields(decodeEnvelope(await readFile(docFile(this.dir, docId))));
    } catch {
      return { metadata: null };
    }
  }

  /** modified_at = last content change: the workspace's mtime for content docs. */
  private modifiedAt(t: Tracked, f: FileFields, now: number): number {
    if (this.ws.hasContent(t.docId) && this.ws.awakeDoc(t.docId) === t.doc) {
      const m = this.ws.mtime(t.docId);
      if (m > 0) return m;
    }
    return t.lastChange ?? f.modifiedAt ?? now;
  }

  /**
   * Creates the directories of the new docs among `batch` together, with one fsync of the data
   * directory for all (ensureDir does one per doc: 10 000 for an import of 10 000 notes).
   * Failures are left for each doc's own write to meet and report.
   */
  private async makeDirs(batch: readonly Tracked[]): Promise<void> {
    const fresh = batch.filter((t) => !this.knownDirs.has(t.docId) && isStorableDocId(t.docId));
    if (fresh.length < 2) return;
    const made: string[] = [];
    let created = false;
    await forEachLimit(fresh, this.writeConcurrency, async (t) => {
      try {
        if ((await mkdir(docDir(this.dir, t.docId), { recursive: true })) !== undefined) {
          created = true;
        }
        made.push(t.docId);
      } catch {
        // ensureDir tries again and reports.
      }
    });
    try {
      if (created) await syncDir(this.dir);
    } catch {
      return;
    }
    for (const docId of made) this.knownDirs.add(docId);
  }

  private async ensureDir(docId: string): Promise<void> {
    if (this.knownDirs.has(docId)) return;
    const created = await mkdir(docDir(this.dir, docId), { recursive: true });
    // A new doc directory is an entry of the data directory: make that entry durable too.
    if (created !== undefined) await syncDir(this.dir);
    this.knownDirs.add(docId);
  }
}

function cachedText(stamp: FileStamp, read: LoadedDoc, text: KeptText): CachedText {
  return { stamp, modifiedAt: read.modifiedAt, legacy: read.info.format === "bincode", text };
}

/** Whether two maps have the same keys, each with the same value (the same object). */
function sameKeys<V>(a: ReadonlyMap<string, V>, b: ReadonlyMap<string, V>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

function fileFields(info: Pick<DocFileInfo, "createdAt" | "modifiedAt" | "metadata">): FileFields {
  const f: FileFields = { metadata: info.metadata };
  if (info.createdAt !== undefined) f.createdAt = info.createdAt;
  if (info.modifiedAt !== undefined) f.modifiedAt = info.modifiedAt;
  return f;
}

/** Opens a data directory for a workspace; see DirStore. */
export function openStore(dir: string, options: StoreOptions): Promise<DirStore> {
  return DirStore.open(dir, options);
}

/**
 * Whether a transaction changed the doc: it deleted something or added structs (what makes
 * Yjs emit `update`), not a transaction that only read or changed nothing.
 */
function changedState(tr: Y.Transaction): boolean {
  if (tr.deleteSet.clients.size > 0) return true;
  for (const [client, clock] of tr.afterState) {
    if ((tr.beforeState.get(client) ?? 0) !== clock) return true;
  }
  return false;
}
