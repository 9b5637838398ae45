import { describe, expect, it } from "vitest";
import type { Suggestion } from "../api/types.js";
import {
  ANY_FILTER,
  applyFilter,
  authorsOf,
  DEFAULT_FILTER,
  filterFromQuery,
  filterToQuery,
  foldersOf,
  idsByDocument,
  NO_AUTHOR,
  type QueueFilter,
} from "./filters.js";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const HOUR = 3_600_000;
const s = (
  id: string,
  path: string,
  author?: string,
  hoursAgo?: number,
  extra: Partial<Suggestion> = {},
): Suggestion => ({
  id,
  path,
  line: 1,
  kind: "insert",
  old: "",
  new: id,
  ...(author !== undefined ? { author, by: "assistant" as const } : {}),
  ...(hoursAgo !== undefined ? { time: NOW - hoursAgo * HOUR } : {}),
  ...extra,
});

const list = [
  s("a", "Team/Plans.md", "Claude", 0.5),
  s("b", "Team/Notes/Ideas.md", "Ana's Claude", 30, { change: "delete" }),
  s("c", "Team/Notes/Ideas.md", "Claude", 24 * 10, { change: "move" }),
  s("d", "Research/Paper.md"),
  s("e", "Research/Paper.md", "maya", 2, { by: "person", change: "create" }),
];

const ids = (l: Suggestion[]) => l.map((x) => x.id);
const only = (patch: Partial<QueueFilter>) =>
  ids(applyFilter(list, { ...ANY_FILTER, ...patch }, NOW));

describe("queue filters", () => {
  it("shows suggestions by assistants by default", () => {
    expect(ids(applyFilter(list, DEFAULT_FILTER, NOW))).toEqual(["a", "b", "c"]);
    expect(only({ by: ["person", "unrecorded"] })).toEqual(["d", "e"]);
  });
  it("by folder: the folders and every sub-folder, not a name prefix", () => {
    expect(only({ folders: ["Team"] })).toEqual(["a", "b", "c"]);
    expect(only({ folders: ["Team/Notes", "Research"] })).toEqual(["b", "c", "d", "e"]);
    expect(only({ folders: ["Tea"] })).toEqual([]);
  });
  it("by author, several at once, and those without one", () => {
    expect(only({ authors: ["Claude", NO_AUTHOR] })).toEqual(["a", "c", "d"]);
  });
  it("by what it does, and by age ranges", () => {
    expect(only({ changes: ["move", "delete"] })).toEqual(["b", "c"]);
    expect(only({ changes: ["edit"] })).toEqual(["a", "d"]);
    expect(only({ ages: ["hour", "day"] })).toEqual(["a", "e"]);
    expect(only({ ages: ["older", "unknown"] })).toEqual(["c", "d"]);
  });
  it("lists folders and authors, and groups ids by document", () => {
    expect(foldersOf(list)).toEqual(["Research", "Team", "Team/Notes"]);
    expect(authorsOf(list)).toEqual([NO_AUTHOR, "Ana's Claude", "Claude", "maya"]);
    expect([...idsByDocument(list)]).toEqual([
      ["Team/Plans.md", ["a"]],
      ["Team/Notes/Ideas.md", ["b", "c"]],
      ["Research/Paper.md", ["d", "e"]],
    ]);
  });
  it("survives the URL: to a query and back", () => {
    const f: QueueFilter = {
      by: ["assistant", "person"],
      authors: ["Ana's Claude", NO_AUTHOR],
      folders: ["Team/Notes"],
      changes: ["edit", "move"],
      ages: ["day"],
    };
    expect(filterFromQuery(filterToQuery(f))).toEqual(f);
    expect(filterFromQuery(filterToQuery(ANY_FILTER))).toEqual(ANY_FILTER);
    expect(filterFromQuery("")).toEqual(DEFAULT_FILTER);
    expect(filterFromQuery("by=robots&change=teleport")).toMatchObject({ by: [], changes: [] });
  });
});
