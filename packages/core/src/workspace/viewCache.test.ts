// A document's view: the AI text and the pending suggestions, computed once per version.
import { describe, expect, it } from "vitest";
import { workspaceFromTexts } from "./fromTexts.js";

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
