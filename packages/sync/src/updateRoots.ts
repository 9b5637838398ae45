// Which root types of a doc a Yjs update would change, found before it is applied, without
// applying it to a copy. An item of a decoded update names its parent only when it has no
// neighbour (the first value of a map key, the first item of an empty list): otherwise its
// parent is its left or right neighbour's, an item of the doc or of the update itself. So each
// item is followed, neighbour to neighbour or parent to parent, to a root type named in the
// update or to an item the doc holds; deletions are looked up in the doc.
//
// Cheap for what never touches the roots asked about: when the doc holds no item under any of
// them and the update's bytes do not even contain their names, nothing is decoded.
import * as Y from "yjs";

type Struct = Y.Item | Y.GC | Y.Skip;

/** The roots among `names` that `update` would add to, overwrite in or delete from in `doc`. */
export function touchedRoots(
  update: Uint8Array,
  doc: Y.Doc | undefined,
  names: readonly string[],
): Set<string> {
  const touched = new Set<string>();
  const held = names.filter((name) => doc !== undefined && holdsItems(doc, name));
  const bytes = Buffer.from(update.buffer, update.byteOffset, update.byteLength);
  if (held.length === 0 && !names.some((name) => bytes.includes(name, 0, "utf8"))) return touched;
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    // Not an update: refused elsewhere (updateCheck.ts) before it could be applied.
    return touched;
  }
  const roots = new RootFinder(decoded.structs, doc);
  for (const struct of decoded.structs) {
    // Already in the doc: applying it again changes nothing.
    if (!(struct instanceof Y.Item) || (doc && alreadyHeld(doc, struct))) continue;
    const root = roots.of(struct);
    if (root !== undefined && names.includes(root)) touched.add(root);
  }
  if (doc && held.length > 0) {
    for (const [client, ranges] of decoded.ds.clients) {
      for (const { clock, len } of ranges) {
        forEachDocItem(doc, client, clock, clock + len, (item) => {
          if (item.deleted) return;
          const root = rootOfDocItem(doc, item);
          if (root !== undefined && held.includes(root)) touched.add(root);
        });
      }
    }
  }
  return touched;
}

/** True when root `name` of `doc` has an item (deleted ones included). */
function holdsItems(doc: Y.Doc, name: string): boolean {
  // doc.share only: asking for a root that is not there would add an empty one.
  const type = doc.share.get(name);
  return type !== undefined && (type._start !== null || type._map.size > 0);
}

function alreadyHeld(doc: Y.Doc, struct: Struct): boolean {
  return struct.id.clock + struct.length <= Y.getState(doc.store, struct.id.client);
}

/** The item of `doc` that holds `id`, if the doc has it (a GC'd one is not an item). */
export function docItemAt(doc: Y.Doc, id: Y.ID): Y.Item | undefined {
  const structs = doc.store.clients.get(id.client);
  if (!structs || id.clock >= Y.getState(doc.store, id.client)) return undefined;
  const struct = structs[Y.findIndexSS(structs, id.clock)];
  return struct instanceof Y.Item ? struct : undefined;
}

/** Calls `fn` for each item of `doc` from `client` overlapping clocks [from, to). */
function forEachDocItem(
  doc: Y.Doc,
  client: number,
  from: number,
  to: number,
  fn: (item: Y.Item) => void,
): void {
  const structs = doc.store.clients.get(client);
  const end = Math.min(to, Y.getState(doc.store, client));
  if (!structs || from >= end) return;
  for (let i = Y.findIndexSS(structs, from); i < structs.length; i++) {
    const struct = structs[i]!;
    if (struct.id.clock >= end) break;
    if (struct instanceof Y.Item) fn(struct);
  }
}

/** The name of the root type an integrated item lies under (through nested types). */
function rootOfDocItem(doc: Y.Doc, item: Y.Item): string | undefined {
  let type = item.parent as Y.AbstractType<unknown> | null;
  while (type?._item) type = type._item.parent as Y.AbstractType<unknown> | null;
  if (!type) return undefined;
  for (const [name, root] of doc.share) if (root === type) return name;
  return undefined;
}

/** Finds the root of each item of a decoded update; remembers every item it passes. */
class RootFinder {
  private readonly byClient = new Map<number, Struct[]>();
  /** Root by item; null: none found (unknown neighbours: the item waits, unapplied). */
  private readonly known = new Map<Y.Item, string | null>();

  constructor(
    structs: readonly Struct[],
    private readonly doc: Y.Doc | undefined,
  ) {
    for (const s of structs) {
      const list = this.byClient.get(s.id.client);
      if (list) list.push(s);
      else this.byClient.set(s.id.client, [s]);
    }
    for (const list of this.byClient.values()) list.sort((a, b) => a.id.clock - b.id.clock);
  }

  of(item: Y.Item): string | undefined {
    const path: Y.Item[] = [];
    const seen = new Set<Y.Item>();
    let root: string | null = null;
    for (let at: Y.Item | undefined = item; at !== undefined; ) {
      const known = this.known.get(at);
      if (known !== undefined) {
        root = known;
        break;
      }
      // A cycle of neighbours (a forged update): no root, so nothing to refuse for it.
      if (seen.has(at)) break;
      seen.add(at);
      path.push(at);
      const parent = at.parent as unknown;
      if (typeof parent === "string") {
        root = parent;
        break;
      }
      // A parent type's item, or a neighbour, which has the same parent.
      const ref = parent instanceof Y.ID ? parent : (at.origin ?? at.rightOrigin);
      if (!ref) break;
      const inDoc = this.doc && docItemAt(this.doc, ref);
      if (inDoc) {
        root = (this.doc && rootOfDocItem(this.doc, inDoc)) ?? null;
        break;
      }
      at = this.inUpdate(ref);
    }
    for (const p of path) this.known.set(p, root);
    return root ?? undefined;
  }

  private inUpdate(id: Y.ID): Y.Item | undefined {
    const list = this.byClient.get(id.client);
    if (!list) return undefined;
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = list[mid]!;
      if (id.clock < s.id.clock) hi = mid - 1;
      else if (id.clock >= s.id.clock + s.length) lo = mid + 1;
      else return s instanceof Y.Item ? s : undefined;
    }
    return undefined;
  }
}
