// The walk that measures an update before it is decoded: it reads the struct section exactly
// as Yjs encodes it (property, over every kind of content), counts values as it says, and
// stops at the bounds.
import fc from "fast-check";
import * as decoding from "lib0/decoding";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  MAX_UPDATE_STRUCTS,
  MAX_UPDATE_VALUES,
  measureUpdate,
  updateSizeProblem,
} from "../src/updateBounds.js";

/** Reads a v1 delete set from `at`; where it ends. */
function deleteSetEnd(update: Uint8Array, at: number): number {
  const d = decoding.createDecoder(update);
  d.pos = at;
  const clients = decoding.readVarUint(d);
  for (let c = 0; c < clients; c++) {
    decoding.readVarUint(d);
    const n = decoding.readVarUint(d);
    for (let i = 0; i < n; i++) {
      decoding.readVarUint(d);
      decoding.readVarUint(d);
    }
  }
  return d.pos;
}

/** One change to a doc, of any kind Yjs encodes. */
const change = fc.oneof(
  fc.record({ k: fc.constant("text"), at: fc.nat(), s: fc.string({ minLength: 1, maxLength: 8 }) }),
  fc.record({ k: fc.constant("delete"), at: fc.nat(), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ k: fc.constant("format"), at: fc.nat(), v: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ k: fc.constant("embed"), at: fc.nat(), v: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ k: fc.constant("set"), key: fc.string(), v: fc.jsonValue({ maxDepth: 3 }) }),
  fc.record({ k: fc.constant("bytes"), key: fc.string(), v: fc.uint8Array({ maxLength: 8 }) }),
  fc.record({
    k: fc.constant("push"),
    v: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  }),
  fc.record({ k: fc.constant("nested"), key: fc.string(), v: fc.jsonValue({ maxDepth: 1 }) }),
  fc.record({ k: fc.constant("xml"), name: fc.constantFrom("p", "h1", "hook") }),
  fc.record({ k: fc.constant("subdoc"), key: fc.string() }),
);

type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

function apply(doc: Y.Doc, c: Change): void {
  const text = doc.getText("contents");
  const at = (n: number) => (text.length === 0 ? 0 : n % text.length);
  switch (c.k) {
    case "text":
      text.insert(at(c.at), c.s);
      return;
    case "delete":
      if (text.length > 0) text.delete(at(c.at), Math.min(c.n, text.length - at(c.at)));
      return;
    case "format":
      if (text.length > 0) text.format(at(c.at), 1, { bold: c.v });
      return;
    case "embed":
      text.insertEmbed(at(c.at), { image: c.v });
      return;
    case "set":
      doc.getMap("filemeta_v0").set(c.key, c.v);
      return;
    case "bytes":
      doc.getMap("m").set(c.key, c.v);
      return;
    case "push":
      doc.getArray("a").push(c.v);
      return;
    case "nested": {
      const m = new Y.Map<unknown>();
      doc.getMap("m").set(c.key, m);
      m.set("v", c.v);
      return;
    }
    case "xml": {
      const frag = doc.getXmlFragment("x");
      if (c.name === "hook") frag.push([new Y.XmlHook("hook") as unknown as Y.XmlElement]);
      else frag.push([new Y.XmlElement(c.name), new Y.XmlText("t")]);
      return;
    }
    case "subdoc":
      doc.getMap("docs").set(c.key, new Y.Doc({ guid: c.key || "g" }));
      return;
  }
}

describe("measureUpdate", () => {
  it("reads the struct section exactly as Yjs encodes it, for every kind of content", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(change, { maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        (peers) => {
          const doc = new Y.Doc();
          // Several clients (a fresh client id per peer), deletes included.
          for (const ops of peers) {
            const peer = new Y.Doc();
            Y.applyUpdate(peer, Y.encodeStateAsUpdate(doc));
            for (const op of ops) apply(peer, op);
            Y.applyUpdate(doc, Y.encodeStateAsUpdate(peer));
          }
          const update = Y.encodeStateAsUpdate(doc);
          const m = measureUpdate(update);
          if (!m.ok) throw new Error(JSON.stringify(m));
          expect(deleteSetEnd(update, m.end)).toBe(update.length);
          expect(m.structs).toBe(Y.decodeUpdate(update).structs.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("counts a folder entry as its values: the object, each field, and the docs string", () => {
    const doc = new Y.Doc();
    doc.getMap("filemeta_v0").set("/A.md", { id: "x", type: "markdown", version: 0 });
    doc.getMap("docs").set("/A.md", "x");
    expect(measureUpdate(Y.encodeStateAsUpdate(doc))).toMatchObject({ structs: 2, values: 5 });
  });

  it("refuses 30 000 folder keys at the first value past the bound, and odd values", () => {
    const wide = new Y.Doc();
    wide.transact(() => {
      for (let i = 0; i < 30_000; i++) wide.getMap("filemeta_v0").set(`/w/${i}.md`, { id: `${i}` });
    });
    expect(updateSizeProblem(Y.encodeStateAsUpdate(wide))).toMatch(
      `more than ${MAX_UPDATE_VALUES} values`,
    );
    const fields = new Y.Doc();
    fields
      .getMap("filemeta_v0")
      .set("/A.md", Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])));
    expect(updateSizeProblem(Y.encodeStateAsUpdate(fields))).toMatch(/values/);
    let nested: unknown = "bottom";
    for (let i = 0; i < 1000; i++) nested = [nested];
    const deep = new Y.Doc();
    deep.getMap("filemeta_v0").set("/A.md", { id: "x", extra: nested });
    expect(updateSizeProblem(Y.encodeStateAsUpdate(deep))).toMatch(/nests deeper than 64/);
    // Strings are skipped, not counted by their length: a 1 MB text is one struct.
    const text = new Y.Doc();
    text.getText("contents").insert(0, "x".repeat(1_000_000));
    expect(updateSizeProblem(Y.encodeStateAsUpdate(text))).toBeUndefined();
  });

  it("refuses more structs than the bound on the count the update declares", () => {
    const doc = new Y.Doc();
    const t = doc.getText("contents");
    // Each insert before the last: its own struct (Yjs merges only runs typed left to right).
    for (let i = 0; i <= MAX_UPDATE_STRUCTS; i++) t.insert(0, "x");
    expect(updateSizeProblem(Y.encodeStateAsUpdate(doc))).toMatch(
      `more than ${MAX_UPDATE_STRUCTS} structs`,
    );
  });

  it("leaves malformed updates to the real decoder", () => {
    expect(updateSizeProblem(new Uint8Array([255, 255, 255, 255, 1]))).toBeUndefined();
    expect(measureUpdate(new Uint8Array([1, 5]))).toMatchObject({ ok: false });
  });
});
