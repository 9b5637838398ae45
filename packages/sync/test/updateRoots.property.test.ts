// What the sync door reads off an update before applying it, checked against applying it:
// touchedRoots names exactly the root types an update changes (items added to, overwritten in or
// deleted from them, nested types included), and writeDecodedUpdate writes a decoded update
// back as one that makes the same doc — for generated docs edited by a second peer.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { touchedRoots } from "../src/updateRoots.js";
import { writeDecodedUpdate } from "../src/updateWriter.js";

const ROOTS = ["folder_config", "filemeta_v0", "contents"] as const;

type Op =
  | { kind: "set"; root: "folder_config" | "filemeta_v0"; key: string; value: number }
  | { kind: "delete"; root: "folder_config" | "filemeta_v0"; key: string }
  | { kind: "nested"; key: string; value: number }
  | { kind: "insert"; at: number; text: string }
  | { kind: "cut"; at: number; length: number };

const key = fc.constantFrom("name", "/a.md", "/b.md", "x");
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("set" as const),
    root: fc.constantFrom("folder_config" as const, "filemeta_v0" as const),
    key,
    value: fc.integer(),
  }),
  fc.record({
    kind: fc.constant("delete" as const),
    root: fc.constantFrom("folder_config" as const, "filemeta_v0" as const),
    key,
  }),
  fc.record({ kind: fc.constant("nested" as const), key, value: fc.integer() }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    text: fc.string({ minLength: 1 }),
  }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat(), length: fc.nat({ max: 5 }) }),
);

function run(doc: Y.Doc, ops: readonly Op[]): void {
  for (const o of ops) {
    doc.transact(() => {
      const text = doc.getText("contents");
      switch (o.kind) {
        case "set":
          doc.getMap(o.root).set(o.key, o.value);
          break;
        case "delete":
          doc.getMap(o.root).delete(o.key);
          break;
        case "nested": {
          // A value inside a Y.Map nested in folder_config: its items name a nested parent.
          const config = doc.getMap("folder_config");
          let inner = config.get("nested");
          if (!(inner instanceof Y.Map)) {
            inner = new Y.Map();
            config.set("nested", inner);
          }
          (inner as Y.Map<number>).set(o.key, o.value);
          break;
        }
        case "insert":
          text.insert(o.at % (text.length + 1), o.text);
          break;
        case "cut": {
          const at = o.at % (text.length + 1);
          text.delete(at, Math.min(o.length, text.length - at));
          break;
        }
      }
    });
  }
}

/** The roots a transaction changed when `update` is applied to a copy of `doc`. */
function changedRoots(doc: Y.Doc, update: Uint8Array): Set<string> {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const roots = new Set<string>();
  copy.on("afterTransaction", (tr: Y.Transaction) => {
    for (const type of tr.changed.keys()) {
      let t = type as Y.AbstractType<unknown>;
      while (t._item) t = t._item.parent as Y.AbstractType<unknown>;
      for (const [name, root] of copy.share) if (root === t) roots.add(name);
    }
  });
  Y.applyUpdate(copy, update);
  return roots;
}

describe("touchedRoots", () => {
  it("names exactly the roots an update from another peer changes", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), fc.array(op, { maxLength: 8 }), (base, edit) => {
        const doc = new Y.Doc();
        run(doc, base);
        const peer = new Y.Doc();
        Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc));
        const before = Y.encodeStateVector(peer);
        run(peer, edit);
        const update = Y.encodeStateAsUpdate(peer, before);
        const truth = changedRoots(doc, update);
        const found = touchedRoots(update, doc, ROOTS);
        expect([...found].sort()).toEqual(ROOTS.filter((r) => truth.has(r)).sort());
        // Sent for a doc that does not exist yet: every root the update names.
        const fresh = new Y.Doc();
        const named = changedRoots(fresh, Y.encodeStateAsUpdate(peer));
        const foundFresh = touchedRoots(Y.encodeStateAsUpdate(peer), undefined, ROOTS);
        expect([...foundFresh].sort()).toEqual(ROOTS.filter((r) => named.has(r)).sort());
      }),
      { numRuns: 150 },
    );
  });
});

describe("writeDecodedUpdate", () => {
  // Not byte for byte: an item after a neighbour is written without the parentSub bit, which
  // no reader looks at (yjs's own mergeUpdates writes it the same way).
  it("writes a decoded update back as one that makes the same doc", () => {
    const replay = (start: Uint8Array, update: Uint8Array) => {
      const d = new Y.Doc();
      Y.applyUpdate(d, start);
      Y.applyUpdate(d, update);
      return Y.encodeStateAsUpdate(d);
    };
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), fc.array(op, { maxLength: 8 }), (base, edit) => {
        const doc = new Y.Doc();
        run(doc, base);
        const start = Y.encodeStateAsUpdate(doc);
        const before = Y.encodeStateVector(doc);
        run(doc, edit);
        for (const update of [Y.encodeStateAsUpdate(doc), Y.encodeStateAsUpdate(doc, before)]) {
          const written = writeDecodedUpdate(Y.decodeUpdate(update));
          expect(replay(start, written)).toEqual(replay(start, update));
          expect(replay(new Uint8Array([0, 0]), written)).toEqual(
            replay(new Uint8Array([0, 0]), update),
          );
        }
      }),
      { numRuns: 150 },
    );
  });
});
