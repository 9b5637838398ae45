import { describe, expect, it } from "vitest";
import type { Suggestion } from "../api/types.js";
import { applyFilter, authorsOf, foldersOf, idsByDocument, NO_AUTHOR } from "./filters.js";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const HOUR = 3_600_000;
const s = (id: string, path: string, author?: string, hoursAgo?: number): Suggestion => ({
  id,
  path,
  line: 1,
  kind: "insert",
  old: "",
  new: id,
  ...(author !== undefined ? { author } : {}),
  ...(hoursAgo !== undefined ? { time: NOW - hoursAgo * HOUR } : {}),
});

const list = [
  s("a", "Team/Plans.md", "Claude", 0.5),
  s("b", "Team/Notes/Ideas.md", "Ana's Claude", 30),
  s("c", "Team/Notes/Ideas.md", "Claude", 24 * 10),
  s("d", "Research/Paper.md"),
];

const ids = (l: Suggestion[]) => l.map((x) => x.id);

describe("queue filters", () => {
  it("by folder: the folder and every sub-folder, not a name prefix", () => {
    expect(ids(applyFilter(list, { folder: "Team", author: "", age: "any" }, NOW))).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(ids(applyFilter(list, { folder: "Team/Notes", author: "", age: "any" }, NOW))).toEqual([
      "b",
      "c",
    ]);
    expect(ids(applyFilter(list, { folder: "Te", author: "", age: "any" }, NOW))).toEqual([]);
  });

  it("by author, including suggestions without one", () => {
    expect(ids(applyFilter(list, { folder: "", author: "Claude", age: "any" }, NOW))).toEqual([
      "a",
      "c",
    ]);
    expect(ids(applyFilter(list, { folder: "", author: NO_AUTHOR, age: "any" }, NOW))).toEqual([
      "d",
    ]);
  });

  it("by age; a suggestion without a time matches only any age", () => {
    expect(ids(applyFilter(list, { folder: "", author: "", age: "hour" }, NOW))).toEqual(["a"]);
    expect(ids(applyFilter(list, { folder: "", author: "", age: "week" }, NOW))).toEqual([
      "a",
      "b",
    ]);
    expect(ids(applyFilter(list, { folder: "", author: "", age: "older" }, NOW))).toEqual(["c"]);
  });

  it("combines filters", () => {
    expect(ids(applyFilter(list, { folder: "Team", author: "Claude", age: "day" }, NOW))).toEqual([
      "a",
    ]);
  });

  it("offers every folder and author, and groups ids by document for review", () => {
    expect(foldersOf(list)).toEqual(["Research", "Team", "Team/Notes"]);
    expect(authorsOf(list)).toEqual(["Ana's Claude", "Claude", NO_AUTHOR].sort());
    expect([...idsByDocument(list)]).toEqual([
      ["Team/Plans.md", ["a"]],
      ["Team/Notes/Ideas.md", ["b", "c"]],
      ["Research/Paper.md", ["d"]],
    ]);
  });
});
