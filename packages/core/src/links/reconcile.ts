// Reconciling backlinks_v0 with a pass over resolved sources (a rebuild, or link upkeep's first
// pass): what is missing and what Lens itself no longer resolves, written at the pass's end.
import type * as Y from "yjs";
import type { Located } from "../paths/pathIndex.js";
import type { Folder } from "../workspace/workspace.js";
import type { BacklinkMap, BacklinkStore } from "./backlinkStore.js";
import { sourcesOf, writeBacklinkKeys } from "./backlinkWrites.js";
import { hasTarget, SELF, type Source, slotOf, type Targets, targetsOf } from "./sources.js";

/** Folder doc id → target uuid → source uuids. */
export type Slots = Map<string, Map<string, Set<string>>>;

/**
 * What a pass over resolved sources finds wrong in backlinks_v0, written at its end. The new
 * value of a key is what it lists, less what Lens resolved before and no longer does, plus
 * what Lens resolves now; a key changes only when a source it should list is missing or one it
 * lists is gone, so only those two are collected (not every backlink), and only those keys
 * are written.
 */
export class Reconcile {
  /** Sources that name a target and are not listed under it. */
  private readonly missing: Slots = new Map();
  /** Targets Lens resolved before and no longer does: the only entries it removes. */
  readonly gone: Slots = new Map();
  /**
   * Target entry → the sources its key lists (null: its folder is not loaded), read once per
   * target (a target is named ~8 times); a Set when long, since a much-linked note's key lists
   * thousands, each looked for.
   */
  private readonly stored = new Map<Located, string[] | Set<string> | null>();
  private readonly maps = new Map<string, BacklinkMap | null>();

  constructor(
    private readonly store: BacklinkStore,
    private readonly folderDoc: (folderDocId: string) => Y.Doc | undefined,
  ) {}

  /** Takes in a source just resolved; `before`: what it contributed until now, if anything. */
  visit(source: Source, before: Targets | undefined): void {
    for (const loc of source.resolved ?? []) {
      if (!loc || loc === SELF) continue;
      let listed = this.stored.get(loc);
      if (listed === undefined) {
        const map = this.mapOf(loc.folderDocId);
        const sources = map ? sourcesOf(map.get(loc.meta.id)) : undefined;
        listed = !sources ? null : sources.length > 16 ? new Set(sources) : sources;
        this.stored.set(loc, listed);
      }
      const has = Array.isArray(listed) ? listed.includes(source.uuid) : listed?.has(source.uuid);
      if (listed && !has) slotOf(this.missing, loc.folderDocId, loc.meta.id).add(source.uuid);
    }
    if (!before?.size) return;
    const after = targetsOf(source);
    for (const [folderDocId, set] of before) {
      for (const t of set) {
        if (!hasTarget(after, folderDocId, t)) slotOf(this.gone, folderDocId, t).add(source.uuid);
      }
    }
  }

  /**
   * Writes each folder's changed keys, one transaction per folder doc. `named`: of the slots in
   * `gone`, the sources that still name each (under another doc id), which stay.
   */
  write(folders: readonly Folder[], named: Slots | undefined): void {
    for (const folder of folders) {
      const add = this.missing.get(folder.docId);
      const removed = this.gone.get(folder.docId);
      if (!add && !removed) continue;
      const map = this.store.map(folder.doc);
      const next = new Map<string, Set<string>>();
      const reconcile = (target: string) => {
        if (next.has(target)) return;
        const dropped = removed?.get(target);
        const keep = named?.get(folder.docId)?.get(target);
        const set = new Set<string>();
        for (const s of sourcesOf(map.get(target))) {
          if (!dropped?.has(s) || keep?.has(s)) set.add(s);
        }
        for (const s of add?.get(target) ?? []) set.add(s);
        next.set(target, set);
      };
      for (const target of add?.keys() ?? []) reconcile(target);
      for (const target of removed?.keys() ?? []) if (map.has(target)) reconcile(target);
      writeBacklinkKeys(folder.doc, next, this.store);
    }
  }

  private mapOf(folderDocId: string): BacklinkMap | undefined {
    let map = this.maps.get(folderDocId);
    if (map === undefined) {
      const doc = this.folderDoc(folderDocId);
      map = doc ? this.store.map(doc) : null;
      this.maps.set(folderDocId, map);
    }
    return map ?? undefined;
  }
}
