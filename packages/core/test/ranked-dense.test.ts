// Dense postings: which terms go there, that MiniSearch then holds none of their postings (the
// name, tag and heading occurrences are counted there too, weighed), the store's bookkeeping (slots,
// document frequencies, lengths, bytes, counts past 2 bytes), and when the terms are chosen.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { contentsText } from "../src/model/contentDoc.js";
import { setEntry } from "../src/model/folderDoc.js";
import { contentDocId } from "../src/model/ids.js";
import { BodyTally } from "../src/ranked/bodyTally.js";
import { DensePostings } from "../src/ranked/densePostings.js";
import { parseQuery } from "../src/ranked/query.js";
import {
  DENSE_CHOICE,
  FIELD_BOOST,
  RankedIndex,
  rankedIndexOf,
} from "../src/ranked/rankedIndex.js";
import { byRank, rankedMatches, rankedSearch } from "../src/ranked/search.js";
import { terms } from "../src/ranked/terms.js";
import { workspaceFromTexts } from "../src/workspace/fromTexts.js";

function vault(count: number, extra: Record<string, string> = {}) {
  const files: Record<string, string> = { ...extra };
  for (let i = 0; i < count; i++) files[`Note ${i}.md`] = `release notes of week ${i}\nplanning`;
  files["Release.md"] = "# Planning\nkayak trip #release";
  return workspaceFromTexts([{ name: "V", files }]);
}

const bodyHits = (index: RankedIndex, term: string) => index.mini.search(term).length;

describe("dense body postings", () => {
  it("keeps the postings of common terms out of MiniSearch, fields weighed, rare ones in", () => {
    const ws = vault(20);
    const dense = new RankedIndex(ws, { dense: { minNotes: 10 } });
    const plain = new RankedIndex(ws, { dense: false });
    dense.flush();
    plain.flush();
    expect(dense.stats()).toMatchObject({ documents: 21, denseTerms: 4, pending: 0 });
    // Stems: "release" → "releas", "notes" → "note", "planning" → "plan".
    expect([...dense.dense.terms].sort()).toEqual(["note", "plan", "releas", "week"]);
    expect(dense.dense.df("releas")).toBe(21);
    expect(bodyHits(dense, "releas")).toBe(0);
    expect(bodyHits(plain, "releas")).toBe(21);
    // Release.md's name, tag and body word, and its heading and body word, counted as weighed.
    const release = [...ws.contentDocIds()].find((id) => dense.pathOf(id) === "V/Release.md")!;
    expect(dense.dense.count(release, "releas")).toBe(FIELD_BOOST.title + FIELD_BOOST.tags + 1);
    expect(dense.dense.count(release, "plan")).toBe(FIELD_BOOST.headings + 1);
    expect(dense.dense.has("kayak")).toBe(false);
    expect(bodyHits(dense, "kayak")).toBe(1);
    expect(plain.stats().denseTerms).toBe(0);
  });

  it("ranks as plain MiniSearch with a count past 65 535", () => {
    // 70 000 of a word every note has, within the first MAX_RANKED_CHARS (256 Ki) of the note.
    const files: Record<string, string> = { "Big.md": "ox ".repeat(70_000) };
    for (let i = 0; i < 12; i++) files[`Note ${i}.md`] = `ox notes of week ${i}\nplanning`;
    const ws = workspaceFromTexts([{ name: "V", files }]);
    const dense = new RankedIndex(ws, { dense: { minNotes: 10 } });
    const plain = new RankedIndex(ws, { dense: false });
    dense.flush();
    plain.flush();
    const big = [...ws.contentDocIds()].find((id) => dense.pathOf(id) === "V/Big.md")!;
    expect(dense.dense.count(big, "ox")).toBe(70_000);
    const q = parseQuery("ox");
    const a = rankedMatches(ws, dense, q, {}).sort(byRank);
    const b = rankedMatches(ws, plain, q, {}).sort(byRank);
    expect(a.map((r) => r.path)).toEqual(b.map((r) => r.path));
    for (const [i, r] of a.entries()) expect(r.note.score).toBeCloseTo(b[i]!.note.score, 9);
    expect(a.map((r) => r.path)).toContain("V/Big.md");
  });

  it("waits for enough notes to choose, then indexes the earlier ones again", () => {
    const ws = vault(3);
    const index = new RankedIndex(ws, { dense: { minNotes: 6, share: 0.5 } });
    const plain = new RankedIndex(ws, { dense: false });
    index.flush();
    expect(index.stats()).toMatchObject({ documents: 4, denseTerms: 0 });
    const folder = ws.folders()[0]!;
    for (let i = 0; i < 3; i++) {
      const id = `00000000-0000-4000-8000-00000000a00${i}`;
      const doc = new Y.Doc();
      contentsText(doc).insert(0, `release planning ${i}`);
      ws.addContent(contentDocId(folder.relayId, id), doc);
      setEntry(folder.doc, `/Late ${i}.md`, { id, type: "markdown", version: 0 });
    }
    index.flush();
    plain.flush();
    expect(index.stats()).toMatchObject({ documents: 7, denseTerms: 2, pending: 0 });
    expect(bodyHits(index, "release")).toBe(0);
    const q = parseQuery("release plan");
    const a = rankedMatches(ws, index, q, {}).sort(byRank);
    const b = rankedMatches(ws, plain, q, {}).sort(byRank);
    expect(a.map((r) => r.path)).toEqual(b.map((r) => r.path));
    for (const [i, r] of a.entries()) expect(r.note.score).toBeCloseTo(b[i]!.note.score, 9);
  });

  it("pages the best matches as a full sort would, dense terms chosen by default", () => {
    const ws = vault(DENSE_CHOICE.minNotes + 50);
    const index = rankedIndexOf(ws);
    index.flush();
    const all = rankedMatches(ws, index, parseQuery("release"), {}).sort(byRank);
    expect(index.stats().denseTerms).toBe(4);
    for (const [offset, limit] of [
      [0, 10],
      [7, 3],
      [40, 20],
    ] as const) {
      const r = rankedSearch(ws, "release", { offset, limit });
      expect(r && "hits" in r ? r.hits.map((h) => h.path) : r).toEqual(
        all.slice(offset, offset + limit).map((m) => m.path),
      );
    }
  });

  it("chooses nothing below DENSE_CHOICE.minNotes notes", () => {
    const index = new RankedIndex(vault(DENSE_CHOICE.minNotes - 2));
    index.flush();
    expect(index.stats().denseTerms).toBe(0);
    const big = new RankedIndex(vault(DENSE_CHOICE.minNotes));
    big.flush();
    expect(big.stats().denseTerms).toBe(4);
  });

  it("keeps slots, document frequencies, lengths and bytes right", () => {
    const store = new DensePostings(["a", "b"]);
    const counts = (a: number, b: number) => [a, b];
    store.set("n1", counts(1, 0), 10);
    store.set("n2", counts(3, 2), 20);
    store.set("n3", counts(0, 1), 30);
    expect([store.df("a"), store.df("b"), store.df("zz")]).toEqual([2, 2, 0]);
    expect([store.numberOf("b"), store.numberOf("zz")]).toEqual([1, undefined]);
    expect(store.averageLength).toBe(20);
    // 64 slots to start: 2 bytes a count per term, 4 bytes a length.
    expect(store.arrayBytes).toBe(64 * (2 + 2 + 4));
    store.set("n2", counts(0, 0), 5); // replaced
    expect([store.df("a"), store.df("b"), store.averageLength]).toEqual([1, 1, 15]);
    store.delete("n1");
    store.delete("n1");
    expect([store.df("a"), store.noteCount, store.averageLength]).toEqual([0, 2, 17.5]);
    store.set("n4", counts(7, 0), 1); // takes n1's freed slot
    expect(store.slotCount).toBe(3);
    for (let i = 0; i < 70; i++) store.set(`m${i}`, counts(1, 1), 1);
    expect(store.arrayBytes).toBe(128 * (2 + 2 + 4));
    store.set("big", counts(70_000, 1), 1);
    expect(store.count("big", "a")).toBe(70_000);
    expect(store.arrayBytes).toBe(128 * (4 + 2 + 4));
    expect(store.count("n4", "a")).toBe(7);
    const sums = new Float64Array(store.slotCount);
    store.addEach("a", sums, (count) => count);
    expect(sums.reduce((x, y) => x + y, 0)).toBe(7 + 70 + 70_000);
  });

  it("tells MiniSearch what to index of a note, and counts its length as MiniSearch does", () => {
    const tally = new BodyTally(new DensePostings(["team", "plan"]));
    const tokens = terms("team plan team plan kayak kayak trip");
    tally.reset();
    expect(tokens.map((t) => tally.body(t))).toEqual([
      null,
      null,
      null,
      null,
      "kayak",
      "kayak",
      "trip",
    ]);
    expect(tally.length()).toBe(new Set(tokens).size);
    expect([...tally.denseCounts()]).toEqual([2, 2]);
    tally.reset();
    expect([tally.length(), ...tally.denseCounts()]).toEqual([0, 0, 0]);
  });
});
