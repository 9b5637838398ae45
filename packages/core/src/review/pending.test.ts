// Pending suggestions across documents on a real workspace: by path, within reach.
import { describe, expect, it } from "vitest";
import { EVERYWHERE, folderReach } from "../access/reach.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { pendingSuggestions } from "./pending.js";

function setup() {
  return workspaceFromTexts([
    {
      name: "Team",
      files: {
        "Plan.md":
          'Keep {--this--}{++that++}.\nAdd {++{"author":"ann","time":1700000000000}@@more++}.\n',
        "Notes/Idea.md": "The {~~slow~>quick~~} fox.\n",
        "Clean.md": "Nothing pending.\n",
      },
    },
    { name: "Private", files: { "Secret.md": "Salary {--low--}.\n" } },
  ]);
}

describe("pendingSuggestions", () => {
  it("lists each pending suggestion with its document, by path then in document order", () => {
    const r = pendingSuggestions(setup(), EVERYWHERE, { path: "Team" });
    if (!r.ok) throw new Error(r.error.message);
    expect(
      r.value.map(({ id: _id, start: _s, end: _e, context: _c, change: _k, ...s }) => s),
    ).toEqual([
      {
        path: "Team/Notes/Idea.md",
        kind: "substitute",
        line: 1,
        oldText: "slow",
        newText: "quick",
      },
      { path: "Team/Plan.md", kind: "replace", line: 1, oldText: "this", newText: "that" },
      {
        path: "Team/Plan.md",
        kind: "insert",
        line: 2,
        oldText: "",
        newText: "more",
        author: "ann",
        time: 1700000000000,
        // No token is named ann here; the metadata is in Lens's form before 0.2 (time in ms).
        by: "assistant",
      },
    ]);
    expect(r.value.every((s) => /^[0-9a-z]+-\d+$/.test(s.id))).toBe(true);
  });

  it("covers one document, or every document in reach", () => {
    const ws = setup();
    const paths = (r: ReturnType<typeof pendingSuggestions>) =>
      r.ok ? r.value.map((s) => s.path) : r.error.code;
    expect(paths(pendingSuggestions(ws, EVERYWHERE, { path: "Team/Plan.md" }))).toEqual([
      "Team/Plan.md",
      "Team/Plan.md",
    ]);
    expect(paths(pendingSuggestions(ws, EVERYWHERE))).toEqual([
      "Private/Secret.md",
      "Team/Notes/Idea.md",
      "Team/Plan.md",
      "Team/Plan.md",
    ]);
    const team = folderReach(["Team"]);
    expect(paths(pendingSuggestions(ws, team))).not.toContain("Private/Secret.md");
    expect(paths(pendingSuggestions(ws, team, { path: "Private" }))).toBe("not_found");
    expect(paths(pendingSuggestions(ws, EVERYWHERE, { path: "Team/Nope" }))).toBe("not_found");
  });

  it("tells an assistant from a person by the token of the author's name", () => {
    const ws = setup();
    const roles = new Map([["ann", "edit" as const]]);
    const r = pendingSuggestions(ws, EVERYWHERE, { path: "Team/Plan.md" }, (n) => roles.get(n));
    expect(r.ok && r.value.map((s) => s.by)).toEqual([undefined, "person"]);
  });
});
