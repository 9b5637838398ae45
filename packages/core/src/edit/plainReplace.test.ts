// Writing AI-view replacements as plain text: in plain text, inside a suggestion's added text,
// and nowhere else (a comment, code, across marks), where nothing is written.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { aiView } from "../critic/views.js";
import { plainReplace, plainReplaced } from "./plainReplace.js";

/** The AI-view range of the first `needle` in `raw`'s AI view, to be replaced by `text`. */
function rep(raw: string, needle: string, text: string) {
  const start = aiView(raw).indexOf(needle);
  return { start, end: start + needle.length, text };
}

describe("plainReplaced", () => {
  it("writes into plain text and into an insertion's or a substitution's new side", () => {
    const raw = "See [[A]] {++and [[A]]++} {~~x~>[[A]]~~}.";
    const ai = aiView(raw);
    const reps = [...ai.matchAll(/\[\[A\]\]/g)].map((m) => ({
      start: m.index,
      end: m.index + 5,
      text: "[[B]]",
    }));
    expect(plainReplaced(raw, reps)).toBe("See [[B]] {++and [[B]]++} {~~x~>[[B]]~~}.");
  });

  it("refuses a link in a comment, in code, or across marks, and a result that reads otherwise", () => {
    expect(plainReplaced("a {>>[[A]]<<} b", [rep("a {>>[[A]]<<} b", "[[A]]", "[[B]]")])).toBe(
      undefined,
    );
    expect(plainReplaced("`[[A]]`", [rep("`[[A]]`", "[[A]]", "[[B]]")])).toBe(undefined);
    expect(plainReplaced("[[A{++x++}]]", [rep("[[A{++x++}]]", "[[Ax]]", "[[B]]")])).toBe(undefined);
    expect(plainReplaced("[[A]]", [rep("[[A]]", "[[A]]", "{++")])).toBe(undefined);
  });
});

describe("plainReplace", () => {
  it("changes the Y.Text in one transaction, or not at all", () => {
    const doc = new Y.Doc();
    const text = doc.getText("t");
    text.insert(0, "x [[A]] {>>[[A]]<<}");
    let transactions = 0;
    doc.on("afterTransaction", () => transactions++);
    expect(plainReplace(text, [rep(text.toString(), "[[A]]", "[[B]]")], null)).toBe(true);
    expect(text.toString()).toBe("x [[B]] {>>[[A]]<<}");
    expect(transactions).toBe(1);
    const stuck = { start: aiView(text.toString()).lastIndexOf("[[A]]"), end: 0, text: "[[B]]" };
    stuck.end = stuck.start + 5;
    expect(plainReplace(text, [stuck], null)).toBe(false);
    expect(text.toString()).toBe("x [[B]] {>>[[A]]<<}");
    expect(transactions).toBe(1);
  });
});
