import { describe, expect, it } from "vitest";
import { EVERYWHERE, folderReach } from "../access/reach.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { folderGuides } from "./folderGuide.js";

describe("folderGuides", () => {
  const ws = () =>
    workspaceFromTexts([
      { name: "Team", files: { "AI Guide/_intro.md": "# How we work\n", "Plans.md": "x\n" } },
      { name: "Research", files: { "Paper.md": "y\n" } },
      { name: "Ops", files: { "ai guide/_Intro.md": "# Runbooks first\n" } },
    ]);

  it("finds each reachable folder's AI Guide/_intro.md, as the vault spells it", () => {
    expect(folderGuides(ws(), EVERYWHERE)).toEqual([
      { folder: "Ops", path: "Ops/ai guide/_Intro.md" },
      { folder: "Team", path: "Team/AI Guide/_intro.md" },
    ]);
  });

  it("names no guide of a folder out of reach, and none where there is none", () => {
    expect(folderGuides(ws(), folderReach(["Research", "Team"]))).toEqual([
      { folder: "Team", path: "Team/AI Guide/_intro.md" },
    ]);
    expect(folderGuides(ws(), folderReach(["Research"]))).toEqual([]);
  });
});
