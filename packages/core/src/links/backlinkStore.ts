// Where a backlink index reads and writes `backlinks_v0`: the folder docs themselves (link
// upkeep, started by the composition root), an in-memory layer over them that writes nothing
// (the index get_links makes on first use when nobody started upkeep), or — in a cluster — the
// docs of the folders this process owns and the layer for the others (`OwnedBacklinks`).
import type * as Y from "yjs";
import { backlinksMap } from "../model/folderDoc.js";

/** Transaction origin of every write Lens makes to `backlinks_v0`. */
export const BACKLINKS_ORIGIN: Readonly<{ name: string }> = Object.freeze({
  name: "lens-backlinks",
});

/** `backlinks_v0` of one folder doc as an index sees it: target uuid → stored value. */
export interface BacklinkMap {
  has(target: string): boolean;
  get(target: string): unknown;
  entries(): IterableIterator<[string, unknown]>;
}

export interface BacklinkStore {
  map(doc: Y.Doc): BacklinkMap;
  /** Sets each key to its sources ([] deletes the key), together. */
  write(doc: Y.Doc, writes: readonly (readonly [string, string[]])[]): void;
}

/** The folder docs themselves: one transaction per write, tagged BACKLINKS_ORIGIN. */
export const DOC_BACKLINKS: BacklinkStore = {
  map: (doc) => backlinksMap(doc),
  write(doc, writes) {
    const map = backlinksMap(doc);
    doc.transact(() => {
      for (const [target, sources] of writes) {
        if (sources.length === 0) map.delete(target);
        else map.set(target, sources);
      }
    }, BACKLINKS_ORIGIN);
  },
};

interface Overlaid {
  /** What the index would have written; undefined = key deleted. */
  sources: string[] | undefined;
  /** The stored value it was written over: once that changes, the stored value wins again. */
  under: unknown;
}

/**
 * An in-memory layer over the folder docs: reads see what the index would have written, the
 * docs stay untouched. A key another writer changes afterwards is read from the doc again, as
 * it would be had the index written it (a later write to a Y.Map key replaces the earlier one).
 */
export class BacklinkOverlay implements BacklinkStore {
  private readonly layers = new WeakMap<Y.Doc, Map<string, Overlaid>>();

  map(doc: Y.Doc): BacklinkMap {
    const stored = backlinksMap(doc);
    const layer = this.layers.get(doc);
    const live = (target: string): Overlaid | undefined => {
      const o = layer?.get(target);
      if (o && o.under !== stored.get(target)) {
        layer!.delete(target);
        return undefined;
      }
      return o;
    };
    return {
      has: (target) => {
        const o = live(target);
        return o ? o.sources !== undefined : stored.has(target);
      },
      get: (target) => {
        const o = live(target);
        return o ? o.sources : stored.get(target);
      },
      *entries() {
        for (const [target, value] of stored.entries()) {
          const o = live(target);
          if (!o) yield [target, value];
          else if (o.sources) yield [target, o.sources];
        }
        for (const [target, o] of layer ?? []) {
          if (!stored.has(target) && live(target) && o.sources) yield [target, o.sources];
        }
      },
    };
  }

  /** The keys the layer still answers for `doc` (undefined sources: deleted), stale ones left out. */
  *pending(doc: Y.Doc): IterableIterator<[string, string[] | undefined]> {
    const stored = backlinksMap(doc);
    for (const [target, o] of this.layers.get(doc) ?? []) {
      if (o.under === stored.get(target)) yield [target, o.sources];
    }
  }

  /** Forgets everything written over `doc`: its stored map is read as it is again. */
  drop(doc: Y.Doc): void {
    this.layers.delete(doc);
  }

  write(doc: Y.Doc, writes: readonly (readonly [string, string[]])[]): void {
    const stored = backlinksMap(doc);
    const layer = this.layers.get(doc) ?? new Map<string, Overlaid>();
    this.layers.set(doc, layer);
    for (const [target, sources] of writes) {
      layer.set(target, {
        sources: sources.length ? [...sources] : undefined,
        under: stored.get(target),
      });
    }
  }
}

/**
 * Link upkeep where several processes hold the same documents (a cluster): only the owner of a
 * folder writes its `backlinks_v0`; for the other folders the index answers from the in-memory
 * layer, as if it had written. When this process takes a folder over, `takeOver` writes what
 * the layer still holds for it (keys nobody has written since), so nothing computed is lost.
 */
export class OwnedBacklinks implements BacklinkStore {
  private readonly layer = new BacklinkOverlay();

  /** `owns(folderDoc)`: whether this process may write that folder doc now. */
  constructor(private readonly owns: (folderDoc: Y.Doc) => boolean) {}

  map(doc: Y.Doc): BacklinkMap {
    return this.layer.map(doc);
  }

  write(doc: Y.Doc, writes: readonly (readonly [string, string[]])[]): void {
    if (this.owns(doc)) {
      this.takeOver(doc);
      DOC_BACKLINKS.write(doc, writes);
    } else {
      this.layer.write(doc, writes);
    }
  }

  /** Writes to `doc` what the layer holds for it that the doc does not; returns keys written. */
  takeOver(doc: Y.Doc): number {
    const stored = backlinksMap(doc);
    const writes: [string, string[]][] = [];
    for (const [target, sources] of this.layer.pending(doc)) {
      if (!sameList(stored.get(target), sources)) writes.push([target, sources ?? []]);
    }
    this.layer.drop(doc);
    if (writes.length > 0) DOC_BACKLINKS.write(doc, writes);
    return writes.length;
  }
}

/** True when a stored value is the plain array `sources` (undefined: the key is absent). */
function sameList(value: unknown, sources: readonly string[] | undefined): boolean {
  if (sources === undefined) return value === undefined;
  return (
    Array.isArray(value) &&
    value.length === sources.length &&
    value.every((s, i) => s === sources[i])
  );
}
