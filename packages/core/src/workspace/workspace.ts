// The Workspace: every folder doc and content doc of a knowledge base, in memory, by doc id.
// It names folders, keeps the path index current and tells subscribers what changed. It knows
// nothing of links: link upkeep (links/backlinks.ts) is started by the composition root.
import { uuidv4 } from "lib0/random";
import type * as Y from "yjs";
import { contentsText } from "../model/contentDoc.js";
import {
  configuredName,
  filemetaMap,
  isEntryPath,
  isFolderDoc,
  readEntries,
  toFileMeta,
} from "../model/folderDoc.js";
import { parseDocId } from "../model/ids.js";
import { normalizeUserPath } from "../paths/normalize.js";
import { type FolderRef, type Located, PathIndex } from "../paths/pathIndex.js";
import { utf8Bytes } from "../text/utf8.js";
import type { EntryChange, WorkspaceEvent, WorkspaceListener } from "./events.js";
import { uniqueFolderNames } from "./folderNames.js";
import { type DocView, type KeptText, keptString, ViewCache } from "./viewCache.js";
import { isWakeDeferred } from "./wakeDeferred.js";

export interface WorkspaceOptions {
  /** Folder uuid (second half of the folder doc id) → display name, when folder_config has none. */
  folderNames?: Record<string, string>;
  /** Author written into suggestion metadata; unset = no attribution. */
  author?: string;
  /** Clock for modification times and suggestion metadata (ms since epoch). */
  now?: () => number;
  /** Source of ids for new documents and folder entries (UUIDs); crypto.randomUUID by default. */
  newId?: () => string;
  /**
   * Size in bytes of an attachment's stored bytes (blob `hash` of entry doc `docId`), or
   * undefined when not known here; what `read` of an attachment reports. Default: unknown.
   */
  attachmentSize?: (docId: string, hash: string) => number | undefined;
}

export interface Folder extends FolderRef {
  uuid: string;
  doc: Y.Doc;
}

/**
 * Makes the Y.Doc of a dormant content doc (see `Workspace.addDormantContent`) from where its
 * text came — the store reads the doc's file again. Throws, saying why, when it cannot: a
 * `WakeDeferredError` when the source cannot be read right now but may be later (the doc stays
 * dormant), any other error when it is gone or broken (the doc is dropped).
 */
export type DocWaker = (docId: string) => Y.Doc;

interface Dormant {
  /** Its text: UTF-8 bytes (see `keptText`). */
  text: KeptText;
  wake: DocWaker;
}

/**
 * A dormant note's text as kept: its UTF-8 bytes, about half a JS string's size for most notes
 * (one character past U+00FF makes a string two bytes a character) and outside the collector's
 * heap. A text with a lone surrogate, which UTF-8 cannot hold, is kept as it is.
 */
function keptText(text: KeptText): KeptText {
  if (typeof text !== "string") return text;
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed() ? utf8Bytes(text) : text;
}

/** Outcome of resolving a user-facing path. */
export type Resolution =
  | { kind: "document"; loc: Located; loaded: boolean }
  | { kind: "file"; loc: Located }
  | { kind: "directory"; path: string }
  | { kind: "ambiguous"; path: string; candidates: string[] }
  | { kind: "missing"; path: string };

interface FolderState extends Folder {
  stop: () => void;
}

/** When a folder came, for its seniority among folders that want one name (folderNames.ts). */
interface FolderArrival {
  /** When it came to be (ms): the older keeps a name (see AddFolderOptions.since). */
  since: number;
  /** Order of first arrival in this workspace: among equal `since`, the earlier keeps a name. */
  order: number;
}

export interface AddFolderOptions {
  /**
   * When the folder came to be (ms; the store passes its file's created_at, and writes
   * `folderSince` back as created_at). A folder added without one is a newcomer: its `since`
   * is now, and later than every folder's held, so it never takes a name one of them holds,
   * whatever its doc id sorts as — after a restart too.
   */
  since?: number;
}

export class Workspace {
  readonly paths = new PathIndex();
  readonly author: string | undefined;
  readonly now: () => number;
  /** A new UUID, for the entries and content docs Lens creates. */
  readonly newId: () => string;
  private readonly blobSize: WorkspaceOptions["attachmentSize"];
  private readonly folderNameConfig: Record<string, string>;
  private readonly folderStates = new Map<string, FolderState>();
  /** Seniority of each folder held (kept when a folder is added again under its id). */
  private readonly arrivals = new Map<string, FolderArrival>();
  private arrivalCount = 0;
  /** The latest `since` given or assigned: a newcomer's comes after it. */
  private latestSince = Number.NEGATIVE_INFINITY;
  private readonly contents = new Map<string, Y.Doc>();
  /** Content docs held as their text alone until something needs their Y.Doc. */
  private readonly dormant = new Map<string, Dormant>();
  /**
   * The doc ids each observed `contents` text is held under (one, unless a caller added one
   * Y.Doc under two ids): one observer serves every content doc, instead of a closure each.
   */
  private readonly textIds = new Map<Y.Text, string | string[]>();
  private readonly onText = (event: Y.YTextEvent, tr: Y.Transaction) => {
    const ids = this.textIds.get(event.target);
    for (const docId of typeof ids === "string" ? [ids] : (ids ?? [])) {
      this.mtimes.set(docId, this.now());
      this.emit({ type: "content", docId, origin: tr.origin, local: tr.local });
    }
  };
  private readonly unavailable = new Map<string, string>();
  private readonly mtimes = new Map<string, number>();
  private readonly listeners = new Set<WorkspaceListener>();
  private readonly views: ViewCache;
  private batchDepth = 0;
  /** Work put off until the current batch ends (see `afterBatch`), in the order it was asked. */
  private readonly settlers = new Set<() => void>();

  constructor(options: WorkspaceOptions = {}) {
    this.folderNameConfig = { ...(options.folderNames ?? {}) };
    this.author = options.author;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? uuidv4;
    this.blobSize = options.attachmentSize;
    this.views = new ViewCache((docId) => {
      const doc = this.contents.get(docId);
      return doc ? contentsText(doc).toString() : this.dormant.get(docId)?.text;
    });
    this.on((e) => {
      if (e.type === "content") this.views.invalidate(e.docId);
      else if (e.type === "doc") this.views.invalidate(e.docId);
    });
  }

  /** Bytes of an attachment entry (image, pdf, …) as stored, when known. */
  attachmentSize(loc: Located): number | undefined {
    const { hash } = loc.meta;
    return hash === undefined ? undefined : this.blobSize?.(loc.docId, hash);
  }

  // ---- events ---------------------------------------------------------------------------

  /** Subscribes to workspace events; returns the unsubscribe function. */
  on(listener: WorkspaceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many subscribers there are now (leak checks: a closed client must leave none). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  private emit(event: WorkspaceEvent): void {
    for (const l of this.listeners) l(event);
  }

  // ---- batches --------------------------------------------------------------------------

  /**
   * Starts a batch of changes (a data directory loading, a vault importing): every event is
   * still delivered as it happens, but whoever follows the workspace may put its own work off
   * until the batch ends (`afterBatch`) and do it once for the whole batch — link upkeep
   * resolves and writes backlinks once, not once per document. Returns the function that
   * ends it (calling it again does nothing); batches nest, and the outermost end runs the
   * work put off.
   */
  beginBatch(): () => void {
    this.batchDepth++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.batchDepth--;
      if (this.batchDepth === 0) this.settle();
    };
  }

  /** Runs `fn` as one batch (see `beginBatch`) and returns what it returns. */
  batch<T>(fn: () => T): T {
    const end = this.beginBatch();
    try {
      return fn();
    } finally {
      end();
    }
  }

  /** True while a batch is open. */
  get batching(): boolean {
    return this.batchDepth > 0;
  }

  /**
   * Runs `fn` when the current batch ends, or at once outside a batch. The same function
   * asked for twice in one batch runs once.
   */
  afterBatch(fn: () => void): void {
    if (this.batchDepth === 0) fn();
    else this.settlers.add(fn);
  }

  private settle(): void {
    // Work may ask for more (it runs in this loop) or open a batch of its own (whose end
    // runs the rest). Work that throws does not keep the rest from running.
    let failure: { error: unknown } | undefined;
    for (const fn of this.settlers) {
      this.settlers.delete(fn);
      try {
        fn();
      } catch (error) {
        failure ??= { error };
      }
      if (this.batchDepth > 0) break;
    }
    if (failure) throw failure.error;
  }

  // ---- documents ------------------------------------------------------------------------

  /**
   * Adds a doc by id: a folder doc when `kind` says so or, without it, by the one folder-doc
   * rule (`isFolderDoc`), otherwise a content doc. Replaces a doc already held under that id.
   */
  addDoc(
    docId: string,
    doc: Y.Doc,
    kind?: "folder" | "content",
    options: AddFolderOptions = {},
  ): void {
    const k = kind ?? (isFolderDoc(docId, doc) ? "folder" : "content");
    if (k === "folder") this.addFolder(docId, doc, options);
    else this.addContent(docId, doc);
  }

  /**
   * Adds (or replaces) a folder doc. Its name is the one it wants unless a more senior folder
   * wants it too (see `AddFolderOptions.since`); a folder added again keeps its seniority.
   */
  addFolder(docId: string, doc: Y.Doc, options: AddFolderOptions = {}): Folder {
    const ids = parseDocId(docId);
    if (!ids) throw new Error(`"${docId}" is not a Relay doc id ({relay_id}-{uuid})`);
    const held = this.arrivals.get(docId);
    this.removeDoc(docId);
    const since = options.since ?? held?.since ?? Math.max(this.now(), this.latestSince + 1);
    this.latestSince = Math.max(this.latestSince, since);
    this.arrivals.set(docId, { since, order: held?.order ?? this.arrivalCount++ });
    const state: FolderState = {
      docId,
      relayId: ids.relayId,
      uuid: ids.uuid,
      doc,
      name: "",
      stop: () => {},
    };
    const fm = filemetaMap(doc);
    const onEntries = (event: Y.YMapEvent<unknown>) => this.onFilemeta(state, event);
    const config = doc.getMap("folder_config");
    const onConfig = () => this.renameFolders();
    fm.observe(onEntries);
    config.observe(onConfig);
    state.stop = () => {
      fm.unobserve(onEntries);
      config.unobserve(onConfig);
    };
    this.folderStates.set(docId, state);
    this.emit({ type: "doc", docId, action: "added" });
    this.renameFolders(docId);
    return state;
  }

  addContent(docId: string, doc: Y.Doc): void {
    this.removeDoc(docId);
    this.observeText(contentsText(doc), docId);
    this.contents.set(docId, doc);
    this.emit({ type: "doc", docId, action: "added" });
  }

  private observeText(text: Y.Text, docId: string): void {
    const ids = this.textIds.get(text);
    if (ids === undefined) {
      this.textIds.set(text, docId);
      text.observe(this.onText);
    } else this.textIds.set(text, [...(typeof ids === "string" ? [ids] : ids), docId]);
  }

  /**
   * Adds a content doc by its text alone; its Y.Doc is made on first need, by `wake`. A
   * loaded note that nobody edits or syncs then costs its text as UTF-8 bytes, not a Y.Doc
   * as well (yjs's objects, ~2.7 KB a doc, on top of the text). Reads, grep, links and search
   * use the text; `getDoc` and `contentText` wake the doc, which stays awake until its holder
   * puts it back to sleep (`sleep`). Replaces a doc already held under that id. `text` as
   * bytes must be well-formed UTF-8 (the store checks what it read); they are kept, not copied.
   */
  addDormantContent(docId: string, text: KeptText, wake: DocWaker): void {
    this.removeDoc(docId);
    this.dormant.set(docId, { text: keptText(text), wake });
    this.emit({ type: "doc", docId, action: "added" });
  }

  /** True while `docId` is a content doc held as its text alone (see addDormantContent). */
  isDormant(docId: string): boolean {
    return this.dormant.has(docId);
  }

  /** How many content docs are held as their text alone. */
  get dormantCount(): number {
    return this.dormant.size;
  }

  /**
   * Returns an awake content doc to dormant: its text is kept, its Y.Doc let go, and `wake`
   * makes it again when needed. For a caller that knows nothing else holds the Y.Doc and that
   * `wake` gives back the same state (the store, once the doc is saved and no sync client has
   * it open). No event: the text is unchanged. False when `docId` is not an awake content doc,
   * or when its Y.Doc is also held under another id.
   */
  sleep(docId: string, wake: DocWaker): boolean {
    const doc = this.contents.get(docId);
    if (!doc) return false;
    const text = contentsText(doc);
    if (this.textIds.get(text) !== docId) return false;
    const raw = this.views.get(docId)?.raw ?? text.toString();
    this.stopObserving(text, docId);
    this.contents.delete(docId);
    const kept = keptText(raw);
    this.dormant.set(docId, { text: kept, wake });
    // Made while awake, the view holds the text as a string: it holds the bytes from now on,
    // for whoever keeps it (the links index) as well.
    this.views.keepAs(docId, kept);
    return true;
  }

  /**
   * Makes a dormant doc's Y.Doc and holds it from now on. The text is what it was, unless its
   * source changed meanwhile: then followers hear of a content change. A doc that cannot be
   * made (its file went away or broke) leaves the workspace, marked unavailable with why. A
   * waker's `WakeDeferredError` (its source cannot be read right now) is thrown on, the doc
   * left dormant as it was: nothing is dropped, marked or heard.
   */
  private wake(docId: string): Y.Doc | undefined {
    const d = this.dormant.get(docId);
    if (!d) return undefined;
    let doc: Y.Doc;
    try {
      doc = d.wake(docId);
    } catch (error) {
      if (isWakeDeferred(error)) throw error;
      this.dormant.delete(docId);
      this.markUnavailable(
        docId,
        `its content could not be loaded again: ${(error as Error).message ?? error}`,
      );
      this.emit({ type: "doc", docId, action: "removed" });
      return undefined;
    }
    this.dormant.delete(docId);
    this.contents.set(docId, doc);
    const text = contentsText(doc);
    this.observeText(text, docId);
    if (text.toString() !== keptString(d.text)) {
      this.mtimes.set(docId, this.now());
      this.emit({ type: "content", docId, origin: undefined, local: false });
    }
    return doc;
  }

  removeDoc(docId: string): void {
    const folder = this.folderStates.get(docId);
    if (folder) {
      folder.stop();
      this.folderStates.delete(docId);
      this.arrivals.delete(docId);
      this.paths.dropFolder(docId);
      this.emit({ type: "doc", docId, action: "removed" });
      this.renameFolders();
      return;
    }
    const content = this.contents.get(docId);
    if (content) {
      this.stopObserving(contentsText(content), docId);
      this.contents.delete(docId);
      this.emit({ type: "doc", docId, action: "removed" });
    } else if (this.dormant.delete(docId)) this.emit({ type: "doc", docId, action: "removed" });
  }

  private stopObserving(text: Y.Text, docId: string): void {
    const ids = this.textIds.get(text);
    const rest = (typeof ids === "string" ? [ids] : (ids ?? [])).filter((id) => id !== docId);
    if (rest.length === 0) {
      this.textIds.delete(text);
      text.unobserve(this.onText);
    } else this.textIds.set(text, rest.length === 1 ? rest[0]! : rest);
  }

  /**
   * The Y.Doc under `docId`, woken if it is dormant. Throws `WakeDeferredError` when a dormant
   * doc cannot be woken right now (it stays dormant; try again later).
   */
  getDoc(docId: string): Y.Doc | undefined {
    return this.awakeDoc(docId) ?? this.wake(docId);
  }

  /** The Y.Doc under `docId` if it is made (a folder, an awake content doc); never wakes one. */
  awakeDoc(docId: string): Y.Doc | undefined {
    return this.folderStates.get(docId)?.doc ?? this.contents.get(docId);
  }

  /** Whether the workspace holds a doc (folder or content, awake or dormant) under `docId`. */
  hasDoc(docId: string): boolean {
    return this.folderStates.has(docId) || this.hasContent(docId);
  }

  /**
   * The `contents` Y.Text of a loaded content doc (woken if dormant): for changing it. Throws
   * `WakeDeferredError` as `getDoc` does.
   */
  contentText(docId: string): Y.Text | undefined {
    const c = this.contents.get(docId) ?? this.wake(docId);
    return c ? contentsText(c) : undefined;
  }

  hasContent(docId: string): boolean {
    return this.contents.has(docId) || this.dormant.has(docId);
  }

  /**
   * Marks a doc as unavailable, with why (say, its file failed to load and is kept aside):
   * tools name the reason when a document's content is missing, and sync refuses the id.
   */
  markUnavailable(docId: string, reason: string): void {
    this.unavailable.set(docId, reason);
  }

  /** Docs marked unavailable, with why. */
  unavailableDocs(): ReadonlyMap<string, string> {
    return this.unavailable;
  }

  /** Why `docId` is unavailable, if it was marked so. */
  unavailableReason(docId: string): string | undefined {
    return this.unavailable.get(docId);
  }

  /** How many docs (folder and content) the workspace holds. */
  get docCount(): number {
    return this.folderStates.size + this.contents.size + this.dormant.size;
  }

  docIds(): string[] {
    return [...this.folderStates.keys(), ...this.contentDocIds()];
  }

  /**
   * Every content doc's id, awake or dormant, as a snapshot: waking a doc while walking them
   * (it moves from one map to the other) neither skips nor repeats one.
   */
  contentDocIds(): IterableIterator<string> {
    return [...this.contents.keys(), ...this.dormant.keys()].values();
  }

  folders(): Folder[] {
    return [...this.folderStates.values()];
  }

  folder(docId: string): Folder | undefined {
    return this.folderStates.get(docId);
  }

  /**
   * When the folder `docId` came to be, as its seniority among folders wanting one name (see
   * AddFolderOptions.since): what the store writes as its file's created_at.
   */
  folderSince(docId: string): number | undefined {
    return this.folderStates.has(docId) ? this.arrivals.get(docId)?.since : undefined;
  }

  folderByName(name: string): Folder | undefined {
    const nfc = name.normalize("NFC");
    for (const f of this.folderStates.values()) if (f.name === nfc) return f;
    return undefined;
  }

  // ---- modification times ---------------------------------------------------------------

  /** Last time the doc's content changed (ms); persisted by the store through setMtime. */
  mtime(docId: string): number {
    return this.mtimes.get(docId) ?? 0;
  }

  setMtime(docId: string, ms: number): void {
    this.mtimes.set(docId, ms);
  }

  // ---- views ----------------------------------------------------------------------------

  /** Cached raw / AI view of a loaded content doc, rebuilt only after that doc changes. */
  view(docId: string): DocView | undefined {
    return this.views.get(docId);
  }

  // ---- paths ----------------------------------------------------------------------------

  /**
   * Resolves a user-facing path (NFC, optional `.md`, case-insensitive as a fallback).
   * Throws PathError for paths that can never be valid (absolute, `..`, NUL).
   */
  resolve(input: string): Resolution {
    const path = normalizeUserPath(input);
    const candidates = path.toLowerCase().endsWith(".md") ? [path] : [path, `${path}.md`];
    for (const p of candidates) {
      const loc = this.paths.get(p);
      if (loc) return this.located(loc);
    }
    if (this.paths.isDirectory(path)) return { kind: "directory", path };
    for (const p of candidates) {
      const found = this.paths.getIgnoringCase(p);
      if (found.length === 1) return this.located(found[0]!);
      if (found.length > 1)
        return { kind: "ambiguous", path, candidates: found.map((l) => l.path).sort() };
    }
    return { kind: "missing", path };
  }

  private located(loc: Located): Resolution {
    if (loc.meta.type === "folder") return { kind: "directory", path: loc.path };
    if (loc.meta.type !== "markdown") return { kind: "file", loc };
    return { kind: "document", loc, loaded: this.hasContent(loc.docId) };
  }

  // ---- internals ------------------------------------------------------------------------

  private onFilemeta(state: FolderState, event: Y.YMapEvent<unknown>): void {
    if (!state.name) return;
    const map = event.target as Y.Map<unknown>;
    const changes: EntryChange[] = [];
    for (const [entryPath, change] of event.changes.keys) {
      const before = this.paths.remove(state, entryPath);
      let after: Located | undefined;
      if (change.action !== "delete") {
        const meta = isEntryPath(entryPath) ? toFileMeta(map.get(entryPath)) : undefined;
        if (meta) after = this.paths.put(state, entryPath, meta);
      }
      const c: EntryChange = { folderDocId: state.docId, entryPath };
      if (before) c.before = before;
      if (after) c.after = after;
      changes.push(c);
    }
    if (changes.length) this.emit({ type: "entries", folderDocId: state.docId, changes });
  }

  /**
   * Names every folder: folder_config.name, else the configured mapping, else
   * `Folder-{uuid8}`, made unique (folderNames.ts), the most senior folder keeping a shared
   * name: the oldest `since`, then the first to arrive. Re-indexes folders whose name changed.
   */
  private renameFolders(added?: string): void {
    const folders = [...this.folderStates.values()].sort((a, b) =>
      a.docId < b.docId ? -1 : a.docId > b.docId ? 1 : 0,
    );
    const seniority = (docId: string) => this.arrivals.get(docId)!;
    const ranked = [...folders].sort((a, b) => {
      const x = seniority(a.docId);
      const y = seniority(b.docId);
      return x.since === y.since ? x.order - y.order : x.since < y.since ? -1 : 1;
    });
    const rank = new Map(ranked.map((f, i) => [f.docId, i]));
    const names = uniqueFolderNames(
      folders.map((f) => ({
        docId: f.docId,
        rank: rank.get(f.docId)!,
        uuid: f.uuid,
        name: (
          configuredName(f.doc) ??
          this.folderNameConfig[f.uuid] ??
          `Folder-${f.uuid.slice(0, 8)}`
        ).normalize("NFC"),
      })),
    );
    let changed = false;
    for (const f of folders) {
      const final = names.get(f.docId)!;
      if (f.name !== final || f.docId === added) {
        f.name = final;
        this.paths.setFolder(f, readEntries(f.doc));
        changed = true;
      }
    }
    if (changed) this.emit({ type: "folders" });
  }
}
