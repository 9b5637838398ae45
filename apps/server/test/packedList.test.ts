// A packed document list gives back exactly the list packed: every path and doc id, in order,
// whatever characters they hold (the two strings carry no separator a path could contain).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eachPacked, packedLength, packList } from "../src/search/packedList.js";

function unpacked(docs: { path: string; docId: string }[]) {
  const packed = structuredClone(packList(docs));
  const back: { path: string; docId: string }[] = [];
  eachPacked(packed, (path, docId) => back.push({ path, docId }));
  return { back, length: packedLength(packed) };
}

describe("packed document lists", () => {
  it("round-trip any list through the structured clone", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ path: fc.string({ unit: "binary" }), docId: fc.string() })),
        (docs) => {
          const { back, length } = unpacked(docs);
          expect(back).toEqual(docs);
          expect(length).toBe(docs.length);
        },
      ),
    );
  });

  it("keep empty names and an empty list", () => {
    expect(unpacked([]).back).toEqual([]);
    const docs = [
      { path: "", docId: "a" },
      { path: "x/\u0000y.md", docId: "" },
    ];
    expect(unpacked(docs).back).toEqual(docs);
  });
});
