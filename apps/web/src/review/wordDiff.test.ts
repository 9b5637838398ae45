import { describe, expect, it } from "vitest";
import { markupOf, wordDiff, worthDiffing } from "./wordDiff.js";

describe("wordDiff", () => {
  it("strikes and inserts only the words that changed", () => {
    expect(wordDiff("We meet on Tuesday at noon.", "We meet on Monday at noon.")).toEqual([
      { text: "We meet on ", change: "same" },
      { text: "Tuesday", change: "del" },
      { text: "Monday", change: "ins" },
      { text: " at noon.", change: "same" },
    ]);
  });
  it("reads changes a space apart as one", () => {
    expect(wordDiff("and the Porter stemmer", "and no stemmer for now")).toEqual([
      { text: "and ", change: "same" },
      { text: "the Porter ", change: "del" },
      { text: "no ", change: "ins" },
      { text: "stemmer", change: "same" },
      { text: " for now", change: "ins" },
    ]);
  });
  it("diffs only when some words stay", () => {
    expect(worthDiffing({ old: "the slow fox", new: "the quick fox" })).toBe(true);
    expect(worthDiffing({ old: "colour", new: "color" })).toBe(false);
    expect(worthDiffing({ old: "", new: "more" })).toBe(false);
  });
  it("gives the markup of each kind", () => {
    expect(markupOf({ kind: "replace", old: "a", new: "b" })).toBe("{--a--}{++b++}");
    expect(markupOf({ kind: "substitute", old: "a", new: "b" })).toBe("{~~a~>b~~}");
    expect(markupOf({ kind: "insert", old: "", new: "b" })).toBe("{++b++}");
    expect(markupOf({ kind: "delete", old: "a", new: "" })).toBe("{--a--}");
  });
});
