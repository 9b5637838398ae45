// Where a backlink index reads and writes `backlinks_v0`: the folder docs themselves (link
// upkeep, started by the composition root), or an in-memory layer over them that writes nothing
// (the index get_links makes on first use when nobody started upkeep).
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
