import { describe, expect, it } from "vitest";
import { folderTree, pendingByPath, type TreeNode } from "./folderTree.js";

const PATHS = ["Team/Plans.md", "Team/Notes/Ideas.md", "Team/Archive/Old.md", "Research/Paper.md"];
const pending = pendingByPath([
  { path: "Team/Plans.md" },
  { path: "Team/Notes/Ideas.md" },
  { path: "Team/Notes/Ideas.md" },
]);

const outline = (nodes: TreeNode[]): unknown[] =>
  nodes.map((n) =>
    n.kind === "folder" ? [n.name, n.pending, outline(n.children)] : `${n.name}:${n.pending}`,
  );

describe("folder tree", () => {
  it("nests documents under folders, folders first, with counts summed upwards", () => {
    expect(outline(folderTree(PATHS, pending))).toEqual([
      ["Research", 0, ["Paper.md:0"]],
      ["Team", 3, [["Archive", 0, ["Old.md:0"]], ["Notes", 2, ["Ideas.md:2"]], "Plans.md:1"]],
    ]);
  });

  it("a path search keeps documents whose path holds every word", () => {
    expect(outline(folderTree(PATHS, pending, "team idea"))).toEqual([
      ["Team", 2, [["Notes", 2, ["Ideas.md:2"]]]],
    ]);
    expect(folderTree(PATHS, pending, "nothing")).toEqual([]);
  });
});
