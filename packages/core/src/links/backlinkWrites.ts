// Writes to a folder doc's backlinks_v0: plain arrays without duplicates or empty arrays, only
// the keys whose sources change, in stored order, in one go (for the folder docs themselves, one
// transaction tagged BACKLINKS_ORIGIN; see backlinkStore.ts).
import * as Y from "yjs";
import { type BacklinkStore, DOC_BACKLINKS } from "./backlinkStore.js";
import { upsert } from "./maps.js";

/** Source uuids of one `backlinks_v0` value (plain array or Y.Array); [] for anything else. */
export function sourcesOf(value: unknown): string[] {
  const arr = value instanceof Y.Array ? value.toArray() : value;
  return Array.isArray(arr) ? arr.filter((s): s is string => typeof s === "string") : [];
}

/**
 * Sets each listed target's sources (deleting the key when the set is empty), writing only keys
 * whose stored sources differ as a set. A rewritten key keeps the stored order of the sources
 * it keeps and appends new ones (sorted), so other writers' order survives. Returns how many
 * keys were written.
 */
export function writeBacklinkKeys(
  doc: Y.Doc,
  next: ReadonlyMap<string, ReadonlySet<string>>,
  store: BacklinkStore = DOC_BACKLINKS,
): number {
  const map = store.map(doc);
  const writes: [string, string[]][] = [];
  for (const [target, sources] of next) {
    const stored = map.has(target) ? sourcesOf(map.get(target)) : undefined;
    if (sources.size === 0) {
      // A key that lists nothing (an empty array, junk) is left as it is: nothing to remove.
      if (stored !== undefined && stored.length > 0) writes.push([target, []]);
      continue;
    }
    if (stored !== undefined && sameSet(stored, sources)) continue;
    const kept = (stored ?? []).filter((s, i, all) => sources.has(s) && all.indexOf(s) === i);
    const added = [...sources].filter((s) => !kept.includes(s)).sort();
    writes.push([target, [...kept, ...added]]);
  }
  if (writes.length > 0) store.write(doc, writes);
  return writes.length;
}

/** True when `stored` holds exactly the sources of `wanted` (duplicates ignored). */
function sameSet(stored: readonly string[], wanted: ReadonlySet<string>): boolean {
  const have = new Set(stored);
  if (have.size !== wanted.size) return false;
  for (const s of wanted) if (!have.has(s)) return false;
  return true;
}

interface KeyChange {
  add: Set<string>;
  remove: Set<string>;
}

/** Pending source additions / removals, by folder doc and target uuid; applied in one go. */
export class BacklinkChanges {
  private readonly byFolder = new Map<string, Map<string, KeyChange>>();

  constructor(private readonly store: BacklinkStore = DOC_BACKLINKS) {}

  add(folderDocId: string, target: string, source: string): void {
    const c = this.key(folderDocId, target);
    c.remove.delete(source);
    c.add.add(source);
  }

  remove(folderDocId: string, target: string, source: string): void {
    const c = this.key(folderDocId, target);
    c.add.delete(source);
    c.remove.add(source);
  }

  private key(folderDocId: string, target: string): KeyChange {
    const folder = upsert(this.byFolder, folderDocId, () => new Map<string, KeyChange>());
    return upsert(folder, target, () => ({ add: new Set<string>(), remove: new Set<string>() }));
  }

  /** Writes every change: one transaction per folder doc that changes. Returns keys written. */
  apply(docOf: (folderDocId: string) => Y.Doc | undefined): number {
    let written = 0;
    for (const [folderDocId, changes] of this.byFolder) {
      const doc = docOf(folderDocId);
      if (!doc) continue;
      const map = this.store.map(doc);
      const next = new Map<string, Set<string>>();
      for (const [target, c] of changes) {
        const sources = new Set(sourcesOf(map.get(target)));
        for (const s of c.remove) sources.delete(s);
        for (const s of c.add) sources.add(s);
        next.set(target, sources);
      }
      written += writeBacklinkKeys(doc, next, this.store);
    }
    this.byFolder.clear();
    return written;
  }
}
