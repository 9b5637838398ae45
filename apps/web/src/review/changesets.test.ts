// Changesets gathered from what is pending: suggestions and moves/deletions by their id.
import { describe, expect, it } from "vitest";
import type { PendingChange, Suggestion } from "../api/types.js";
import { changesetsOf } from "../ui/PendingChanges.js";

const s = (path: string, id: string, changeset?: string): Suggestion => ({
  id,
  path,
  line: 1,
  kind: "replace",
  old: "a",
  new: "b",
  ...(changeset ? { changeset } : {}),
});
const move = (id: string, changeset?: string): PendingChange => ({
  id,
  kind: "move",
  path: "T/A.md",
  to: "T/B.md",
  time: 0,
  rewrites: [],
  hiddenRewrites: 0,
  ...(changeset ? { changeset } : {}),
});

describe("changesetsOf", () => {
  it("groups suggestions and changes by changeset id, leaving untagged ones out", () => {
    const sets = changesetsOf(
      [s("T/X.md", "1", "cs-a"), s("T/Y.md", "2", "cs-a"), s("T/Z.md", "3")],
      [move("ch-1", "cs-a"), move("ch-2", "cs-b"), move("ch-3")],
    );
    expect([...sets.keys()]).toEqual(["cs-a", "cs-b"]);
    expect(sets.get("cs-a")!.suggestions.map((x) => x.id)).toEqual(["1", "2"]);
    expect(sets.get("cs-a")!.changes.map((c) => c.id)).toEqual(["ch-1"]);
    expect(sets.get("cs-b")!.suggestions).toEqual([]);
  });
});
