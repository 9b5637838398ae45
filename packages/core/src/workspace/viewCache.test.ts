// A document's view: the AI text and the pending suggestions, computed once per version.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { workspaceFromTexts } from "./fromTexts.js";
import { aiViewRenders, MAX_KEPT_AI } from "./viewCache.js";
import { Workspace } from "./workspace.js";

describe("DocView", () => {
  it("parses the pending suggestions once per version, and again after a change", () => {
    const ws = workspaceFromTexts([{ name: "T", files: { "a.md": "x {++new++} y\n" } }]);
    const r = ws.resolve("T/a.md");
    if (r.kind !== "document") throw new Error(r.kind);
    const view = ws.view(r.loc.docId)!;
    expect(view.suggestions.map((s) => [s.kind, s.newText])).toEqual([["insert", "new"]]);
    expect(view.suggestions).toBe(view.suggestions);
    ws.contentText(r.loc.docId)!.insert(0, "{--gone--}");
    const next = ws.view(r.loc.docId)!;
    expect(next).not.toBe(view);
    expect(next.suggestions.map((s) => s.kind)).toEqual(["delete", "insert"]);
  });
});

describe("AI views kept for notes held as bytes", () => {
  it("keeps at most MAX_KEPT_AI, the least recently asked for let go first", () => {
    const ws = new Workspace();
    const count = MAX_KEPT_AI + 10;
    const textOf = (i: number) => `note ${i} — {++added++} ✓\n`;
    for (let i = 0; i < count; i++) ws.addDormantContent(`n${i}`, textOf(i), () => new Y.Doc());
    // Note 0 is asked again after the others: it stays; notes 1–10 are let go.
    for (let i = 0; i < count; i++) {
      expect(ws.view(`n${i}`)!.ai).toBe(`note ${i} — added ✓\n`);
      if (i === count - 5) expect(ws.view("n0")!.ai).toBe("note 0 — added ✓\n");
    }
    const renders = (id: string) => {
      const before = aiViewRenders();
      expect(ws.view(id)!.ai).toBe(textOf(Number(id.slice(1))).replace("{++added++}", "added"));
      return aiViewRenders() - before;
    };
    expect([renders("n0"), renders(`n${count - 1}`), renders("n12")]).toEqual([0, 0, 0]);
    expect([renders("n1"), renders("n10")]).toEqual([1, 1]);
    // Made again, each is kept again (and the least recent of the rest let go).
    expect(renders("n1")).toBe(0);
  });
});
