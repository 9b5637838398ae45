// The recent tool: notes changed since a time, newest first, with the authors of pending
// suggestions made since then, paged, within the caller's folders.
import { describe, expect, it } from "vitest";
import { formatMeta } from "../critic/meta.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { parseSince, recentTool } from "./recent.js";
import { Session } from "./session.js";
import { invokeTool } from "./tool.js";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-11-24T12:00:00Z");

function setup() {
  let clock = NOW - 10 * HOUR;
  const ws = workspaceFromTexts(
    [
      { name: "Team", files: { "Old.md": "old\n", "A.md": "a\n", "B.md": "b\n" } },
      { name: "Secret", files: { "S.md": "s\n" } },
    ],
    { now: () => clock },
  );
  const touch = (path: string, at: number, text = "x") => {
    clock = at;
    ws.contentText(ws.paths.get(path)!.docId)!.insert(0, text);
  };
  touch("Team/Old.md", NOW - 5 * HOUR);
  touch("Team/A.md", NOW - 1 * HOUR, `{++${formatMeta("Ann's Claude", NOW - HOUR)}new ++}`);
  touch("Team/B.md", NOW - 0.5 * HOUR);
  touch("Secret/S.md", NOW - 0.2 * HOUR, `{++${formatMeta("Eve", NOW - 0.2 * HOUR)}x++}`);
  clock = NOW;
  const recent = (args: Record<string, unknown>, folders?: string[]) =>
    invokeTool(
      recentTool,
      ws,
      new Session("s"),
      recentTool.input.parse(args),
      folders && { role: "view", reach: { all: false, folders: new Set(folders) } },
    );
  return { recent };
}

describe("recent", () => {
  it("lists notes changed since a relative time, newest first, with suggestion authors", () => {
    const { recent } = setup();
    const r = recent({ since: "2h" });
    expect(r.data).toMatchObject({
      since: "2026-11-24T10:00:00.000Z",
      total: 3,
      entries: [
        { path: "Secret/S.md", suggestedBy: ["Eve"] },
        { path: "Team/B.md", suggestedBy: [] },
        { path: "Team/A.md", suggestedBy: ["Ann's Claude"] },
      ],
    });
    expect(r.text.split("\n")[2]).toBe(
      "Team/A.md (2026-11-24T11:00:00.000Z; suggestions by Ann's Claude)",
    );
  });

  it("stays within the caller's folders and the path given, and pages", () => {
    const { recent } = setup();
    const scoped = recent({ since: "2026-11-24" }, ["Team"]);
    expect((scoped.data as { entries: { path: string }[] }).entries.map((e) => e.path)).toEqual([
      "Team/B.md",
      "Team/A.md",
      "Team/Old.md",
    ]);
    expect(recent({ since: "1d", path: "Secret" }, ["Team"]).text).toMatch(
      /^Path does not exist: Secret/,
    );
    const page = recent({ since: "1d", path: "Team", limit: 2 });
    expect(page.text).toContain("Call recent with offset 2 for more.");
    expect(recent({ since: "1d", path: "Team", offset: 2 }).data).toMatchObject({
      entries: [{ path: "Team/Old.md" }],
    });
    expect(recent({ since: "1m" }).text).toBe("No notes changed since 2026-11-24T11:59:00.000Z.");
  });

  it("refuses a time it cannot read, naming the forms it takes", () => {
    const { recent } = setup();
    expect(recent({ since: "yesterday" }).text).toMatch(/^Invalid since "yesterday": give a span/);
    expect(parseSince("3w", NOW)).toBe(NOW - 3 * 7 * 24 * HOUR);
    expect(parseSince("2026-11-24T09:00:00Z", NOW)).toBe(Date.parse("2026-11-24T09:00:00Z"));
    expect(parseSince("12", NOW)).toBeUndefined();
  });
});
