// The backlink index of a Workspace: parses each loaded note once per change, resolves its links
// and keeps backlinks_v0 of every folder doc current, incrementally (SPEC §5). See docs/links.md.
// Link upkeep (the index that writes backlinks_v0) runs only once the composition root starts it
// (`startLinkUpkeep`); before that, `backlinkIndexOf` answers from an index that writes nothing.
import { parseDocId } from "../model/ids.js";
import type { Located } from "../paths/pathIndex.js";
import { dropOne, listOf, type OneOrList, pushOne } from "../paths/smallSets.js";
import type { EntryChange, WorkspaceEvent } from "../workspace/events.js";
import type { Workspace } from "../workspace/workspace.js";
import { BacklinkOverlay, type BacklinkStore, DOC_BACKLINKS } from "./backlinkStore.js";
import { BacklinkChanges, sourcesOf } from "./backlinkWrites.js";
import { linkKey } from "./basenames.js";
import { Reconcile } from "./reconcile.js";
import { LinkResolver } from "./resolve.js";
import {
  diffTargets,
  forEachTarget,
  linkKeys,
  NO_SPANS,
  NO_VIEW,
  SELF,
  type Source,
  slotOf,
  sourceKeys,
  type Targets,
  targetsOf,
  textOf,
} from "./sources.js";
import { type Wikilink, wikilinkAt, wikilinkSpans, wikilinkTargetAt } from "./wikilink.js";

/** A link of a note with what it names now. */
export interface ResolvedLink {
  link: Wikilink;
  /** The linked entry (the note itself for `[[#Heading]]`); undefined when unresolved. */
  target: Located | undefined;
}

/** Work counters, for tests and logs: how often notes were parsed and re-resolved. */
export interface BacklinkStats {
  parsed: number;
  resolved: number;
  rebuilds: number;
  /** Link targets looked up (once per distinct target of a note each time it is resolved). */
  targets: number;
}

export interface BacklinkIndex {
  /** Every link of a loaded note, in text order, unresolved ones included. */
  forwardLinks(docId: string): ResolvedLink[];
  /** Doc ids of the notes that link to `docId`, from `backlinks_v0` of every folder; sorted. */
  backlinks(docId: string): string[];
  /** Resolves a link target as written in `source`, with the index's resolver. */
  resolve(target: string, source: Located): Located | undefined;
  readonly stats: Readonly<BacklinkStats>;
  /** True when it writes `backlinks_v0` (link upkeep); false when it only answers. */
  readonly writes: boolean;
  /** Stops listening to the workspace. */
  dispose(): void;
  /**
   * Runs what is left of a paced first pass now (see UpkeepOptions.pace), and what waited for
   * it; nothing when there is none. For a holder about to close its store: what the pass
   * writes is then saved with the rest.
   */
  finishFirstPass(): void;
}

export interface AttachOptions {
  /**
   * Write `backlinks_v0` (default true). False: the index answers as if it had written, from an
   * in-memory layer over the folder docs, and changes no doc.
   */
  write?: boolean;
}

/** Builds the index from every loaded note, reconciles `backlinks_v0`, then follows changes. */
export function attachBacklinks(ws: Workspace, options: AttachOptions = {}): BacklinkIndex {
  const write = options.write !== false;
  return new LiveBacklinkIndex(ws, write ? DOC_BACKLINKS : new BacklinkOverlay());
}

/** Work put off while the workspace is in a batch (see `Workspace#beginBatch`). */
interface Deferred {
  /** Notes added or changed: parsed again when the batch ends (if still loaded). */
  reparse: Set<string>;
  /** Entries that appeared or went away: the sources that can name them are re-resolved. */
  touched: Located[];
  /** A folder was added, removed or renamed: everything is re-resolved. */
  rebuild: boolean;
}

class LiveBacklinkIndex implements BacklinkIndex {
  readonly stats: BacklinkStats = { parsed: 0, resolved: 0, rebuilds: 0, targets: 0 };
  private readonly resolver: LinkResolver;
  private readonly sources = new Map<string, Source>();
  /**
   * Link key → doc ids of the sources, of every folder, with a link under that key (a bare name
   * falls back to other folders, so an entry change anywhere can affect any of them). Made on
   * first need (see `dependentsOf`).
   */
  private dependents: Map<string, OneOrList> | undefined;
  /** Source uuid → what Lens resolved for it before it was unloaded (still listed). */
  private readonly unloaded = new Map<string, Targets>();
  private folderIds = new Set<string>();
  private readonly queue: (WorkspaceEvent | (() => void))[] = [];
  private busy = false;
  private deferred: Deferred | undefined;
  private readonly settle = () => this.run(() => this.settleDeferred());
  private readonly stop: () => void;
  readonly writes: boolean;
  /** The first pass over the notes loaded before the index, while it runs paced. */
  private first: FirstPass | undefined;

  constructor(
    private readonly ws: Workspace,
    private readonly store: BacklinkStore,
    options: Pick<UpkeepOptions, "pace" | "onFirstPass"> = {},
  ) {
    this.writes = !(store instanceof BacklinkOverlay);
    this.resolver = new LinkResolver(ws);
    const { pace, onFirstPass } = options;
    if (!pace) {
      for (const docId of ws.contentDocIds()) this.parse(docId);
      this.rebuildAll();
      this.stop = ws.on((e) => this.enqueue(e));
      onFirstPass?.();
      return;
    }
    // Paced: changes from now on wait for the pass (as in a batch), queries do not.
    this.stats.rebuilds++;
    this.resolver.memoize(true);
    this.folderIds = new Set(ws.folders().map((f) => f.docId));
    const pass: FirstPass = {
      ids: [...ws.contentDocIds()],
      next: 0,
      reconcile: this.reconcile(),
      done: onFirstPass,
    };
    this.first = pass;
    this.stop = ws.on((e) => this.enqueue(e));
    pace(() => this.firstStep(pass));
  }

  forwardLinks(docId: string): ResolvedLink[] {
    // During a paced first pass, worked out now from the note as it is (nothing kept).
    if (this.first) return this.transientLinks(docId);
    this.catchUp();
    const source = this.sources.get(docId);
    // A note without links (most of a vault) needs no AI view: a move's snapshot asks every note.
    if (!source || source.spans.length === 0) return [];
    return this.linksOf(source, textOf(source));
  }

  /** The links of a note parsed and resolved for one answer, recorded nowhere. */
  private transientLinks(docId: string): ResolvedLink[] {
    const uuid = parseDocId(docId)?.uuid;
    const view = uuid && this.ws.hasContent(docId) ? this.ws.view(docId) : undefined;
    if (!uuid || !view) return [];
    const text = view.aiOnce();
    const spans = wikilinkSpans(text);
    if (spans.length === 0) return [];
    const source: Source = {
      docId,
      uuid,
      view,
      spans,
      resolved: undefined,
      self: undefined,
      previous: undefined,
    };
    this.resolveSource(source, text);
    return this.linksOf(source, text);
  }

  private linksOf(source: Source, text: string): ResolvedLink[] {
    const { spans, resolved } = source;
    const out: ResolvedLink[] = [];
    for (let i = 0; i < spans.length; i += 2) {
      const target = resolved?.[i / 2];
      out.push({
        link: wikilinkAt(text, spans[i]!, spans[i + 1]!),
        target: target === SELF ? source.self : target,
      });
    }
    return out;
  }

  backlinks(docId: string): string[] {
    // During a paced first pass: what backlinks_v0 lists (and what was written over it).
    this.catchUp();
    const uuid = parseDocId(docId)?.uuid;
    if (!uuid) return [];
    const out = new Set<string>();
    for (const f of this.ws.folders()) {
      for (const s of sourcesOf(this.store.map(f.doc).get(uuid))) out.add(`${f.relayId}-${s}`);
    }
    return [...out].sort();
  }

  resolve(target: string, source: Located): Located | undefined {
    this.catchUp();
    return this.resolver.resolve(target, source);
  }

  dispose(): void {
    this.stop();
    this.queue.length = 0;
    this.deferred = undefined;
    if (this.first) this.resolver.memoize(false);
    this.first = undefined;
  }

  // ---- a paced first pass -------------------------------------------------------------------

  finishFirstPass(): void {
    const pass = this.first;
    if (pass) while (!this.firstStep(pass)) {}
  }

  /**
   * One note of the first pass: parsed and resolved from one AI view, its missing backlinks
   * collected. True when the pass is over (written, or the index disposed): the pacer stops.
   */
  private firstStep(pass: FirstPass): boolean {
    if (this.first !== pass) return true;
    if (pass.next < pass.ids.length) {
      const docId = pass.ids[pass.next++]!;
      this.run(() => {
        if (!this.ws.hasContent(docId)) return;
        const parsed = this.parseText(docId);
        if (!parsed) return;
        const { source, text } = parsed;
        // A note removed and added again during the pass starts from what it resolved before.
        const before = source.resolved || source.previous ? targetsOf(source) : undefined;
        this.resolveSource(source, text);
        pass.reconcile.visit(source, before);
      });
      return false;
    }
    this.run(() => {
      this.first = undefined;
      this.resolver.memoize(false);
      const { gone } = pass.reconcile;
      pass.reconcile.write(this.ws.folders(), gone.size > 0 ? this.namedAmong(gone) : undefined);
    });
    pass.done?.();
    // Changes heard meanwhile, now (or when a batch open now ends).
    if (this.deferred) this.ws.afterBatch(this.settle);
    return true;
  }

  // ---- events -----------------------------------------------------------------------------

  /** Events raised while one is handled (e.g. by a listener of our own writes) wait their turn. */
  private enqueue(event: WorkspaceEvent): void {
    if ((this.ws.batching || this.first) && !this.busy) this.defer(event);
    else this.run(event);
  }

  private run(item: WorkspaceEvent | (() => void)): void {
    this.queue.push(item);
    if (this.busy) return;
    this.busy = true;
    try {
      for (let e = this.queue.shift(); e; e = this.queue.shift()) {
        if (typeof e === "function") e();
        else this.handle(e);
      }
    } finally {
      this.busy = false;
    }
  }

  private handle(e: WorkspaceEvent): void {
    switch (e.type) {
      case "content":
        if (this.sources.has(e.docId)) this.refresh([e.docId], true);
        break;
      case "entries":
        this.onEntries(e.changes);
        break;
      case "folders":
        this.rebuildAll();
        break;
      case "doc":
        if (e.action === "added") {
          if (this.ws.hasContent(e.docId)) this.refresh([e.docId], true);
          // A folder doc added is followed by a `folders` event, which rebuilds.
        } else if (this.sources.has(e.docId)) this.drop(e.docId);
        else if (this.folderIds.has(e.docId)) this.rebuildAll();
        break;
    }
  }

  /**
   * In a batch: bookkeeping now (what a removed note recorded, the resolver's entries), the
   * parsing, resolving and writing once, when the batch ends — one pass over the notes instead
   * of one per note, and one write per folder doc.
   */
  private defer(e: WorkspaceEvent): void {
    if (!this.deferred) {
      this.deferred = { reparse: new Set(), touched: [], rebuild: false };
      // A paced first pass settles what waits when it ends.
      if (!this.first) this.ws.afterBatch(this.settle);
    }
    const d = this.deferred;
    switch (e.type) {
      case "content":
        d.reparse.add(e.docId);
        break;
      case "entries":
        this.resolver.applyEntries(e.changes);
        for (const c of e.changes) {
          if (c.before) d.touched.push(c.before);
          if (c.after) d.touched.push(c.after);
        }
        break;
      case "folders":
        d.rebuild = true;
        break;
      case "doc":
        if (e.action === "added") d.reparse.add(e.docId);
        else if (this.sources.has(e.docId)) this.drop(e.docId);
        else if (this.folderIds.has(e.docId)) d.rebuild = true;
        break;
    }
  }

  /**
   * Answers never come from work put off: a query in a batch does that work first. Not during
   * a paced first pass: its queries answer without it (see forwardLinks and backlinks).
   */
  private catchUp(): void {
    if (this.deferred && !this.busy && !this.first) this.settle();
  }

  private settleDeferred(): void {
    const d = this.deferred;
    this.deferred = undefined;
    if (!d) return;
    const parsed: string[] = [];
    for (const docId of d.reparse) {
      if (this.ws.hasContent(docId) && this.parse(docId)) parsed.push(docId);
    }
    if (d.rebuild) {
      this.rebuildAll();
      return;
    }
    const affected = new Set(parsed);
    for (const loc of d.touched) this.addAffected(loc, affected);
    this.refresh(affected, false);
  }

  /** Entries created, renamed or deleted: re-resolve the sources whose links they can touch. */
  private onEntries(changes: readonly EntryChange[]): void {
    this.resolver.applyEntries(changes);
    const affected = new Set<string>();
    for (const c of changes) {
      if (c.before) this.addAffected(c.before, affected);
      if (c.after) this.addAffected(c.after, affected);
    }
    this.refresh(affected, false);
  }

  /**
   * The dependents map, made on first need: only an entry change asks it, and a load (which
   * resolves every note anyway) has none, so a server that has not seen one yet has not paid
   * for an index of every link key of every note. Kept current from then on.
   */
  private dependentsOf(): Map<string, OneOrList> {
    if (!this.dependents) {
      const map = new Map<string, OneOrList>();
      for (const s of this.sources.values()) {
        for (const key of sourceKeys(s)) pushOne(map, key, s.docId);
      }
      this.dependents = map;
    }
    return this.dependents;
  }

  private addAffected(loc: Located, affected: Set<string>): void {
    for (const id of listOf(this.dependentsOf().get(linkKey(loc.entryPath)))) affected.add(id);
    if (this.sources.has(loc.docId)) affected.add(loc.docId);
  }

  // ---- sources ----------------------------------------------------------------------------

  /** (Re)parses and/or re-resolves some sources and writes what changed in backlinks_v0. */
  private refresh(docIds: Iterable<string>, reparse: boolean): void {
    const changes = new BacklinkChanges(this.store);
    for (const docId of docIds) {
      const source = reparse ? this.parse(docId) : this.sources.get(docId);
      if (!source) continue;
      const before = targetsOf(source);
      this.resolveSource(source);
      diffTargets(changes, source.uuid, before, targetsOf(source));
    }
    changes.apply((id) => this.ws.folder(id)?.doc);
  }

  /** Parses a loaded note's AI view; a new source starts from what backlinks_v0 lists for it. */
  private parse(docId: string): Source | undefined {
    return this.parseText(docId)?.source;
  }

  /** `parse`, with the AI view parsed (to resolve from without making it again). */
  private parseText(docId: string): { source: Source; text: string } | undefined {
    const uuid = parseDocId(docId)?.uuid;
    if (!uuid) return undefined;
    const view = this.ws.view(docId) ?? NO_VIEW;
    const text = view.aiOnce();
    const found = wikilinkSpans(text);
    // Kept as long as the note is unchanged: a copy of exactly its length (the parse's array
    // grew by pushes, with room to spare).
    const spans = found.length === 0 ? NO_SPANS : found.slice();
    this.stats.parsed++;
    let source = this.sources.get(docId);
    if (source) this.unregister(source);
    else {
      // A note loaded again starts from what Lens resolved for it before it was unloaded, so
      // links it lost meanwhile are removed; for a note seen for the first time, what
      // backlinks_v0 lists stays (Lens keeps what it cannot prove wrong).
      const previous = this.unloaded.get(uuid);
      this.unloaded.delete(uuid);
      source = { docId, uuid, view, spans, resolved: undefined, self: undefined, previous };
      this.sources.set(docId, source);
    }
    source.view = view;
    source.spans = spans;
    if (this.dependents) {
      for (const key of linkKeys(text, spans)) pushOne(this.dependents, key, docId);
    }
    return { source, text };
  }

  private unregister(source: Source): void {
    if (!this.dependents) return;
    for (const key of sourceKeys(source)) {
      dropOne(this.dependents, key, source.docId);
    }
  }

  /** A note unloaded from memory: what it recorded stays in backlinks_v0 (it still exists). */
  private drop(docId: string): void {
    const source = this.sources.get(docId);
    if (!source) return;
    this.unregister(source);
    this.sources.delete(docId);
    const targets = targetsOf(source);
    if (targets.size > 0) this.unloaded.set(source.uuid, targets);
  }

  /** Resolves every link of a source from where its entry is now (`parsed`: its AI view). */
  private resolveSource(source: Source, parsed?: string): void {
    this.stats.resolved++;
    const path = this.ws.paths.pathOf(source.docId);
    const loc = path === undefined ? undefined : this.ws.paths.get(path);
    const from = loc?.meta.type === "markdown" ? loc : undefined;
    const { spans } = source;
    const text = spans.length === 0 ? "" : (parsed ?? textOf(source));
    const resolved = new Array<Located | typeof SELF | undefined>(spans.length / 2);
    // A note names one target many times (140 000 links to one note in 7 MB): each target is
    // resolved once for it, since a resolution depends on the target and the source alone.
    const once = new Map<string, Located | undefined>();
    for (let i = 0; i < spans.length; i += 2) {
      const target = from ? wikilinkTargetAt(text, spans[i]!, spans[i + 1]!) : "";
      if (!from) resolved[i / 2] = undefined;
      else if (target === "") resolved[i / 2] = SELF;
      else {
        let found = once.get(target);
        if (found === undefined && !once.has(target)) {
          this.stats.targets++;
          found = this.resolver.resolve(target, from);
          once.set(target, found);
        }
        resolved[i / 2] = found;
      }
    }
    source.resolved = resolved;
    source.self = from;
    source.previous = undefined;
  }

  // ---- rebuild ----------------------------------------------------------------------------

  /**
   * From scratch (on attach and when folders change): re-resolve every source and add what
   * loaded sources link to to backlinks_v0 of every folder doc. The only entries removed are
   * ones Lens itself resolved before and no longer does (a folder renamed): an entry Lens's
   * resolution never produced may come from another writer's rules or a source that is not
   * loaded, and Lens keeps what it cannot prove wrong. Only the keys some source now names or
   * no longer names are looked at: every other key would be written back as it is.
   */
  private rebuildAll(): void {
    this.stats.rebuilds++;
    this.resolver.rebuild();
    const folders = this.ws.folders();
    this.folderIds = new Set(folders.map((f) => f.docId));
    const reconcile = this.reconcile();
    this.resolver.memoize(true);
    try {
      for (const source of this.sources.values()) {
        // A note seen for the first time (every note of a load) had nothing resolved before.
        const before = source.resolved || source.previous ? targetsOf(source) : undefined;
        this.resolveSource(source);
        reconcile.visit(source, before);
      }
    } finally {
      this.resolver.memoize(false);
    }
    // A source gone from a key may name it still under another doc id (one uuid in two relays).
    const named = reconcile.gone.size > 0 ? this.namedAmong(reconcile.gone) : undefined;
    // What unloaded notes resolved to is re-learnt from nothing: after a rebuild, only what
    // Lens resolves itself is ever removed.
    this.unloaded.clear();
    reconcile.write(folders, named);
  }

  /** A reconciliation of backlinks_v0 with a pass over the sources (a rebuild, a first pass). */
  private reconcile(): Reconcile {
    return new Reconcile(this.store, (id) => this.ws.folder(id)?.doc);
  }

  /** Of the slots in `gone`, the sources (by uuid) that name each now. */
  private namedAmong(
    gone: Map<string, Map<string, Set<string>>>,
  ): Map<string, Map<string, Set<string>>> {
    const named = new Map<string, Map<string, Set<string>>>();
    for (const source of this.sources.values()) {
      forEachTarget(source, (folderDocId, target) => {
        if (gone.get(folderDocId)?.has(target)) {
          slotOf(named, folderDocId, target).add(source.uuid);
        }
      });
    }
    return named;
  }
}

/** A paced first pass (see UpkeepOptions.pace): the notes to go through and what it found. */
interface FirstPass {
  ids: string[];
  next: number;
  reconcile: Reconcile;
  done: (() => void) | undefined;
}

const attached = new WeakMap<Workspace, BacklinkIndex>();

/** Registers an index as the workspace's until it is disposed. */
function register(ws: Workspace, index: BacklinkIndex): BacklinkIndex {
  const dispose = index.dispose.bind(index);
  index.dispose = () => {
    if (attached.get(ws) === index) attached.delete(ws);
    dispose();
  };
  attached.set(ws, index);
  return index;
}

/**
 * Starts link upkeep: the workspace's index from now on writes `backlinks_v0` as documents
 * change (reconciling it first). Called once by whoever composes the app, before or after the
 * documents are added; calling it again returns the same index. An index made earlier by
 * `backlinkIndexOf` (one that writes nothing) is replaced. Disposing the index stops upkeep.
 */
export function startLinkUpkeep(ws: Workspace, options: UpkeepOptions = {}): BacklinkIndex {
  const current = attached.get(ws);
  if (current?.writes) return current;
  current?.dispose();
  return register(ws, new LiveBacklinkIndex(ws, options.store ?? DOC_BACKLINKS, options));
}

export interface UpkeepOptions {
  /**
   * Where it writes: the folder docs (default), or an `OwnedBacklinks` in a cluster, where only
   * a folder's owner writes its backlinks_v0.
   */
  store?: BacklinkStore;
  /**
   * Runs the first pass over the notes already loaded in steps, one note each: `pace(step)`
   * calls `step()` again and again, letting the host's other work run between calls, until it
   * returns true. Meanwhile `backlinks` answers what backlinks_v0 lists, `forwardLinks` works a
   * note's links out when asked, and changes wait for the pass to end (as in a workspace
   * batch); what the pass finds missing in backlinks_v0 is written at its end. Unset: the pass
   * runs at once, inside `startLinkUpkeep`.
   */
  pace?: (step: () => boolean) => void;
  /** Called once the first pass is written (at once when it is not paced). */
  onFirstPass?: () => void;
}

/**
 * The workspace's backlink index, for queries: the one link upkeep runs, else one attached on
 * first use that writes nothing (see `attachBacklinks`' `write`). One per Workspace; disposing
 * it detaches it and the next call attaches a new one.
 */
export function backlinkIndexOf(ws: Workspace): BacklinkIndex {
  return attached.get(ws) ?? register(ws, attachBacklinks(ws, { write: false }));
}
