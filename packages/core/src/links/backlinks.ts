// The backlink index of a Workspace: parses each loaded note once per change, resolves its links
// and keeps backlinks_v0 of every folder doc current, incrementally (SPEC §5). See docs/links.md.
// Link upkeep (the index that writes backlinks_v0) runs only once the composition root starts it
// (`startLinkUpkeep`); before that, `backlinkIndexOf` answers from an index that writes nothing.
import { parseDocId } from "../model/ids.js";
import type { Located } from "../paths/pathIndex.js";
import type { EntryChange, WorkspaceEvent } from "../workspace/events.js";
import type { Workspace } from "../workspace/workspace.js";
import { BacklinkOverlay, type BacklinkStore, DOC_BACKLINKS } from "./backlinkStore.js";
import { BacklinkChanges, sourcesOf, writeBacklinkKeys } from "./backlinkWrites.js";
import { linkKey } from "./basenames.js";
import { addTo, removeFrom, upsert } from "./maps.js";
import { LinkResolver } from "./resolve.js";
import { parseWikilinks, type Wikilink } from "./wikilink.js";

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

/** One loaded note as a link source. */
interface Source {
  docId: string;
  uuid: string;
  links: Wikilink[];
  /** Link keys of its links (see `linkKey`): the entries whose changes can affect them. */
  keys: Set<string>;
  resolved: ResolvedLink[];
  /** What it contributes to backlinks_v0, as `targetRef`s. */
  targets: Set<string>;
}

/** A backlinks_v0 slot: the target's folder doc id and the target's uuid. */
function targetRef(folderDocId: string, uuid: string): string {
  return `${folderDocId}\n${uuid}`;
}
function splitRef(ref: string): [folderDocId: string, uuid: string] {
  const nl = ref.indexOf("\n");
  return [ref.slice(0, nl), ref.slice(nl + 1)];
}

class LiveBacklinkIndex implements BacklinkIndex {
  readonly stats: BacklinkStats = { parsed: 0, resolved: 0, rebuilds: 0 };
  private readonly resolver: LinkResolver;
  private readonly sources = new Map<string, Source>();
  private readonly sourceByUuid = new Map<string, string>();
  /**
   * Link key → doc ids of the sources, of every folder, with a link under that key (a bare name
   * falls back to other folders, so an entry change anywhere can affect any of them).
   */
  private readonly dependents = new Map<string, Set<string>>();
  /** Source uuid → what Lens resolved for it before it was unloaded (still listed). */
  private readonly unloaded = new Map<string, Set<string>>();
  private folderIds = new Set<string>();
  private readonly queue: WorkspaceEvent[] = [];
  private busy = false;
  private readonly stop: () => void;
  readonly writes: boolean;

  constructor(
    private readonly ws: Workspace,
    private readonly store: BacklinkStore,
  ) {
    this.writes = store === DOC_BACKLINKS;
    this.resolver = new LinkResolver(ws);
    for (const docId of ws.contentDocIds()) this.parse(docId);
    this.rebuildAll();
    this.stop = ws.on((e) => this.enqueue(e));
  }

  forwardLinks(docId: string): ResolvedLink[] {
    return [...(this.sources.get(docId)?.resolved ?? [])];
  }

  backlinks(docId: string): string[] {
    const uuid = parseDocId(docId)?.uuid;
    if (!uuid) return [];
    const out = new Set<string>();
    for (const f of this.ws.folders()) {
      for (const s of sourcesOf(this.store.map(f.doc).get(uuid))) out.add(`${f.relayId}-${s}`);
    }
    return [...out].sort();
  }

  resolve(target: string, source: Located): Located | undefined {
    return this.resolver.resolve(target, source);
  }

  dispose(): void {
    this.stop();
    this.queue.length = 0;
  }

  // ---- events -----------------------------------------------------------------------------

  /** Events raised while one is handled (e.g. by a listener of our own writes) wait their turn. */
  private enqueue(event: WorkspaceEvent): void {
    this.queue.push(event);
    if (this.busy) return;
    this.busy = true;
    try {
      for (let e = this.queue.shift(); e; e = this.queue.shift()) this.handle(e);
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

  /** Entries created, renamed or deleted: re-resolve the sources whose links they can touch. */
  private onEntries(changes: readonly EntryChange[]): void {
    this.resolver.applyEntries(changes);
    const affected = new Set<string>();
    for (const c of changes) {
      for (const loc of [c.before, c.after]) {
        if (!loc) continue;
        for (const id of this.dependents.get(linkKey(loc.entryPath)) ?? []) affected.add(id);
        if (this.sources.has(loc.docId)) affected.add(loc.docId);
      }
    }
    this.refresh(affected, false);
  }

  // ---- sources ----------------------------------------------------------------------------

  /** (Re)parses and/or re-resolves some sources and writes what changed in backlinks_v0. */
  private refresh(docIds: Iterable<string>, reparse: boolean): void {
    const changes = new BacklinkChanges(this.store);
    for (const docId of docIds) {
      const source = reparse ? this.parse(docId) : this.sources.get(docId);
      if (!source) continue;
      const before = source.targets;
      this.resolveSource(source);
      for (const ref of before) {
        if (!source.targets.has(ref)) changes.remove(...splitRef(ref), source.uuid);
      }
      for (const ref of source.targets) {
        if (!before.has(ref)) changes.add(...splitRef(ref), source.uuid);
      }
    }
    changes.apply((id) => this.ws.folder(id)?.doc);
  }

  /** Parses a loaded note's AI view; a new source starts from what backlinks_v0 lists for it. */
  private parse(docId: string): Source | undefined {
    const uuid = parseDocId(docId)?.uuid;
    if (!uuid) return undefined;
    const links = parseWikilinks(this.ws.view(docId)?.ai ?? "");
    this.stats.parsed++;
    let source = this.sources.get(docId);
    if (source) this.unregister(source);
    else {
      // A note loaded again starts from what Lens resolved for it before it was unloaded, so
      // links it lost meanwhile are removed; for a note seen for the first time, what
      // backlinks_v0 lists stays (Lens keeps what it cannot prove wrong).
      const targets = this.unloaded.get(uuid) ?? new Set<string>();
      this.unloaded.delete(uuid);
      source = { docId, uuid, links, keys: new Set(), resolved: [], targets };
      this.sources.set(docId, source);
      this.sourceByUuid.set(uuid, docId);
    }
    source.links = links;
    source.keys = new Set(links.filter((l) => l.target !== "").map((l) => linkKey(l.target)));
    for (const key of source.keys) {
      addTo(this.dependents, key, docId);
    }
    return source;
  }

  private unregister(source: Source): void {
    for (const key of source.keys) removeFrom(this.dependents, key, source.docId);
  }

  /** A note unloaded from memory: what it recorded stays in backlinks_v0 (it still exists). */
  private drop(docId: string): void {
    const source = this.sources.get(docId);
    if (!source) return;
    this.unregister(source);
    this.sources.delete(docId);
    if (this.sourceByUuid.get(source.uuid) === docId) this.sourceByUuid.delete(source.uuid);
    if (source.targets.size > 0) this.unloaded.set(source.uuid, source.targets);
  }

  /** Resolves every link of a source from where its entry is now. */
  private resolveSource(source: Source): void {
    this.stats.resolved++;
    const path = this.ws.paths.pathOf(source.docId);
    const loc = path === undefined ? undefined : this.ws.paths.get(path);
    const from = loc?.meta.type === "markdown" ? loc : undefined;
    source.resolved = source.links.map((link) => ({
      link,
      target: from ? this.resolver.resolve(link.target, from) : undefined,
    }));
    source.targets = new Set();
    for (const { link, target } of source.resolved) {
      if (target && link.target !== "")
        source.targets.add(targetRef(target.folderDocId, target.meta.id));
    }
  }

  // ---- rebuild ----------------------------------------------------------------------------

  /**
   * From scratch (on attach and when folders change): re-resolve every source and add what
   * loaded sources link to to backlinks_v0 of every folder doc. The only entries removed are
   * ones Lens itself resolved before and no longer does (a folder renamed): an entry Lens's
   * resolution never produced may come from another writer's rules or a source that is not
   * loaded, and Lens keeps what it cannot prove wrong.
   */
  private rebuildAll(): void {
    this.stats.rebuilds++;
    this.resolver.rebuild();
    const folders = this.ws.folders();
    this.folderIds = new Set(folders.map((f) => f.docId));
    const computed = new Map<string, Map<string, Set<string>>>();
    /** Targets Lens resolved before and no longer does: the only entries it removes. */
    const gone = new Map<string, Map<string, Set<string>>>();
    for (const source of this.sources.values()) {
      const before = source.targets;
      this.resolveSource(source);
      for (const ref of before) {
        if (source.targets.has(ref)) continue;
        const [folderDocId, target] = splitRef(ref);
        addTo(
          upsert(gone, folderDocId, () => new Map<string, Set<string>>()),
          target,
          source.uuid,
        );
      }
      for (const ref of source.targets) {
        const [folderDocId, target] = splitRef(ref);
        addTo(
          upsert(computed, folderDocId, () => new Map<string, Set<string>>()),
          target,
          source.uuid,
        );
      }
    }
    // What unloaded notes resolved to is re-learnt from nothing: after a rebuild, only what
    // Lens resolves itself is ever removed.
    this.unloaded.clear();
    for (const folder of folders) {
      const mine = computed.get(folder.docId) ?? new Map<string, Set<string>>();
      const removed = gone.get(folder.docId);
      const next = new Map<string, Set<string>>();
      for (const [target, value] of this.store.map(folder.doc).entries()) {
        const dropped = removed?.get(target);
        const kept = sourcesOf(value).filter((s) => !dropped?.has(s) || mine.get(target)?.has(s));
        next.set(target, new Set([...kept, ...(mine.get(target) ?? [])]));
      }
      for (const [target, set] of mine) if (!next.has(target)) next.set(target, set);
      writeBacklinkKeys(folder.doc, next, this.store);
    }
  }
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
export function startLinkUpkeep(ws: Workspace): BacklinkIndex {
  const current = attached.get(ws);
  if (current?.writes) return current;
  current?.dispose();
  return register(ws, attachBacklinks(ws));
}

/**
 * The workspace's backlink index, for queries: the one link upkeep runs, else one attached on
 * first use that writes nothing (see `attachBacklinks`' `write`). One per Workspace; disposing
 * it detaches it and the next call attaches a new one.
 */
export function backlinkIndexOf(ws: Workspace): BacklinkIndex {
  return attached.get(ws) ?? register(ws, attachBacklinks(ws, { write: false }));
}
