// What a suggestion does, for the queue's filter.
import { describe, expect, it } from "vitest";
import { EVERYWHERE } from "../access/reach.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { pendingSuggestions } from "./pending.js";

describe("changeKind", () => {
  it("tells creations, deletions, link rewrites and edits apart", () => {
    const ws = workspaceFromTexts([
      {
        name: "V",
        files: {
          "New.md": "{++# New\n\nA note.++}",
          "Old.md": [
            "Drop {--this--} and {--that--}{++++}.",
            "See [[{--Draft--}{++Archive/Draft++}]] and {--[[A]]--}{++[[B]]++}.",
            "Say {~~hi~>hello~~} and add {++more++}.",
          ].join("\n"),
        },
      },
    ]);
    const r = pendingSuggestions(ws, EVERYWHERE);
    expect(r.ok && r.value.map((s) => [s.path, s.change])).toEqual([
      ["V/New.md", "create"],
      ["V/Old.md", "delete"],
      ["V/Old.md", "delete"],
      ["V/Old.md", "move"],
      ["V/Old.md", "move"],
      ["V/Old.md", "edit"],
      ["V/Old.md", "edit"],
    ]);
  });
});
