// The create tool: a new note as one insertion suggestion, folders made as needed, refusals
// that change nothing, and the note at once readable, searchable and linked.
import { describe, expect, it } from "vitest";
import { folderReach } from "../access/reach.js";
import { backlinkIndexOf } from "../links/backlinks.js";
import { buildWorkspace } from "../links/links.test-helpers.js";
import { getEntry } from "../model/folderDoc.js";
import { callTool } from "./registry.js";
import { SessionStore } from "./session.js";

function setup() {
  const t = buildWorkspace({
    Team: { "/Plan.md": "see [[Meeting]] and [[Notes/Meeting]]", "/Notes": { type: "folder" } },
    Other: { "/Else.md": "x" },
  });
  const sessions = new SessionStore();
  const call = (
    name: string,
    args: Record<string, unknown>,
    caller?: Parameters<typeof callTool>[0]["caller"],
  ) =>
    callTool(
      { workspace: t.ws, sessions, sessionId: "s", ...(caller ? { caller } : {}) },
      name,
      args,
    );
  const raw = (path: string) => {
    const r = t.ws.resolve(path);
    if (r.kind !== "document") throw new Error(`${path}: ${r.kind}`);
    return t.ws.contentText(r.loc.docId)?.toString();
  };
  return { ...t, call, raw };
}

describe("create", () => {
  it("writes the whole content as one insertion, attributed, and creates missing folders", () => {
    const t = setup();
    const ana = { role: "suggest", reach: folderReach([]), author: "Ana" } as const;
    const r = t.call(
      "create",
      { file_path: "Team/Notes/2026/Meeting", content: "# Meeting\n\nWe met." },
      ana,
    );
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(
      /^Created Team\/Notes\/2026\/Meeting\.md with 3 lines \(created 1 folder: Team\/Notes\/2026\)/,
    );
    expect(t.raw("Team/Notes/2026/Meeting.md")).toMatch(
      /^\{\+\+\{"author":"Ana","time":\d+,"timestamp":\d+\}@@# Meeting\n\nWe met\.\+\+\}$/,
    );
    const folder = t.folders.get("Team")!.doc;
    expect(getEntry(folder, "/Notes/2026")).toMatchObject({ type: "folder", version: 0 });
    expect(getEntry(folder, "/Notes/2026/Meeting.md")).toMatchObject({
      type: "markdown",
      version: 0,
    });
    expect(getEntry(folder, "/Notes/2026/Meeting.md")?.id).toMatch(/^[0-9a-f-]{36}$/);
    // Readable (as accepted), greppable, globbable at once; and counted as read: its author's
    // edit works (merged into the insertion; someone else's would be refused: SPEC §4).
    expect(t.call("read", { file_path: "Team/Notes/2026/Meeting.md" }).text).toContain(
      "     3\tWe met.",
    );
    expect(t.call("grep", { pattern: "We met" }).text).toBe("Team/Notes/2026/Meeting.md");
    expect(t.call("glob", { pattern: "**/Meeting.md" }).text).toBe("Team/Notes/2026/Meeting.md");
    const edit = t.call(
      "edit",
      {
        file_path: "Team/Notes/2026/Meeting.md",
        old_string: "We met.",
        new_string: "We met twice.",
      },
      ana,
    );
    expect(edit.isError).toBe(false);
    expect(t.raw("Team/Notes/2026/Meeting.md")).toMatch(
      /^\{\+\+\{"author":"Ana"[^}]*\}@@# Meeting\n\nWe met twice\.\+\+\}$/,
    );
  });

  it("resolves links that were unresolved and updates backlinks", () => {
    const t = setup();
    expect(t.call("get_links", { file_path: "Team/Plan.md" }).text).toContain(
      "Unresolved: [[Meeting]]",
    );
    t.call("create", { file_path: "Team/Notes/Meeting.md", content: "back to [[Plan]]" });
    const links = t.call("get_links", { file_path: "Team/Plan.md" }).text;
    expect(links).not.toContain("Unresolved");
    expect(links).toContain("Links (1):\nTeam/Notes/Meeting.md");
    expect(links).toContain("Backlinks (1):\nTeam/Notes/Meeting.md");
    const plan = t.docIdOf("Team/Plan.md");
    expect(backlinkIndexOf(t.ws).backlinks(plan)).toHaveLength(1);
  });

  it("refuses, changing nothing: existing path, unknown folder, bad names, other extensions, delimiters", () => {
    const t = setup();
    const before = [...t.ws.paths.entries()].map((l) => l.path).sort();
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ file_path: "Team/Plan.md", content: "x" }, /Team\/Plan\.md already exists: use edit/],
      [{ file_path: "team/plan", content: "x" }, /already exists/],
      [{ file_path: "Nowhere/A.md", content: "x" }, /no folder "Nowhere".*\(Other, Team\)/],
      [{ file_path: "Team/a:b.md", content: "x" }, /":".*not allow/],
      [{ file_path: "Team/.hidden.md", content: "x" }, /starts with a dot/],
      [{ file_path: `Team/${"x".repeat(300)}.md`, content: "x" }, /longer than/],
      [{ file_path: "Team/pic.png", content: "x" }, /not a markdown note/],
      [{ file_path: "Team/Plan.md/x.md", content: "x" }, /already exists|is a file/],
      [{ file_path: "Team", content: "x" }, /names a folder/],
      [{ file_path: "Team/New.md", content: "a {++b++}" }, /delimiter "\{\+\+"/],
      [{ file_path: "../x.md", content: "x" }, /Invalid file_path/],
    ];
    for (const [args, message] of refusals) {
      const r = t.call("create", args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(r.text).toMatch(message);
    }
    expect([...t.ws.paths.entries()].map((l) => l.path).sort()).toEqual(before);
  });

  // The role is the service's to check (its role table); core keeps to the caller's folders.
  it("stays inside the caller's folders", () => {
    const t = setup();
    const scoped = { role: "suggest" as const, reach: folderReach(["Team"]) };
    expect(t.call("create", { file_path: "Other/New.md", content: "x" }, scoped).text).toMatch(
      /no folder "Other".*\(Team\)/,
    );
  });

  it("an empty note has no mark; content that looks like metadata is kept as content", () => {
    const t = setup();
    t.call("create", { file_path: "Team/Empty.md", content: "" });
    expect(t.raw("Team/Empty.md")).toBe("");
    t.call("create", { file_path: "Team/Json.md", content: '{"a":1}@@rest' });
    expect(t.call("read", { file_path: "Team/Json.md" }).text).toContain('{"a":1}@@rest');
  });
});
