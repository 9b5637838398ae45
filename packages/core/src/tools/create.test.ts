// The create tool: a new note as one insertion suggestion, folders made as needed, refusals
// that change nothing, and the note at once readable, searchable and linked.
import { describe, expect, it } from "vitest";
import { folderReach } from "../access/reach.js";
import { backlinkIndexOf } from "../links/backlinks.js";
import { buildWorkspace } from "../links/links.test-helpers.js";
import { getEntry } from "../model/folderDoc.js";
import { callTool } from "../registry/registry.js";
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

  it("new_folder: creates a shared folder with the note", () => {
    const t = setup();
    const r = t.call(
      "create",
      { file_path: "Projects/Ideas/First", content: "# First", new_folder: true },
      { role: "admin", reach: folderReach([]), author: "Ana" },
    );
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toMatch(
      /^Created Projects\/Ideas\/First\.md with 1 line \(created the shared folder "Projects"; created 1 folder: Projects\/Ideas\)/,
    );
    expect(r.data).toMatchObject({ path: "Projects/Ideas/First.md", newSharedFolder: "Projects" });
    const folder = t.ws.folderByName("Projects")!;
    expect(folder.relayId).toBe(t.ws.folders().find((f) => f.name === "Team")!.relayId);
    expect(getEntry(folder.doc, "/Ideas")).toMatchObject({ type: "folder" });
    expect(t.raw("Projects/Ideas/First.md")).toMatch(/@@# First\+\+\}$/);
    expect(t.call("glob", { pattern: "Projects/**" }).text).toBe("Projects/Ideas/First.md");
    // The folder now exists: new_folder is not needed, and changes nothing when given again.
    expect(t.call("create", { file_path: "Projects/Second.md", content: "x" }).isError).toBe(false);
    expect(
      t.call("create", { file_path: "Projects/Third.md", content: "x", new_folder: true }).data,
    ).not.toHaveProperty("newSharedFolder");
    expect(t.ws.folders().filter((f) => f.name === "Projects")).toHaveLength(1);
    // A folder named in another case is that folder, never a new one.
    const cased = t.call("create", { file_path: "team/Cased.md", content: "x", new_folder: true });
    expect(cased.data).toMatchObject({ path: "Team/Cased.md" });
    expect(cased.data).not.toHaveProperty("newSharedFolder");
  });

  // The admin role new_folder needs is the service's to check (its role table).
  it("new_folder: refused, changing nothing, for a token limited to some folders, for a bad name", () => {
    const t = setup();
    const folders = () =>
      t.ws
        .folders()
        .map((f) => f.name)
        .sort();
    const before = folders();
    const refusals: [Record<string, unknown>, Parameters<typeof t.call>[2], RegExp][] = [
      [
        { file_path: "New/A.md", content: "x", new_folder: true },
        { role: "admin", reach: folderReach(["Team"]) },
        /token that reaches every folder/,
      ],
      [{ file_path: "Ne:w/A.md", content: "x", new_folder: true }, undefined, /":".*not allow/],
      [{ file_path: ".New/A.md", content: "x", new_folder: true }, undefined, /starts with a dot/],
      [{ file_path: "New/a|b.md", content: "x", new_folder: true }, undefined, /"\|".*not allow/],
      [
        { file_path: "New/A.png", content: "x", new_folder: true },
        undefined,
        /not a markdown note/,
      ],
      [{ file_path: "New/A.md", content: "{++", new_folder: true }, undefined, /delimiter/],
    ];
    for (const [args, caller, message] of refusals) {
      const r = t.call("create", args, caller);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(r.text).toMatch(message);
    }
    expect(folders()).toEqual(before);
  });

  it("a path in no folder says how an admin makes one", () => {
    const t = setup();
    const r = t.call("create", { file_path: "Nowhere/A.md", content: "x" });
    expect(r.text).toMatch(/no folder "Nowhere".*\(Other, Team\).*An admin .*new_folder: true/s);
  });

  it("an empty workspace: the first create says there is no folder yet; an admin's new_folder makes it", () => {
    const t = buildWorkspace({});
    const sessions = new SessionStore();
    const call = (args: Record<string, unknown>) =>
      callTool({ workspace: t.ws, sessions, sessionId: "s" }, "create", args);
    const refused = call({ file_path: "Notes/Welcome.md", content: "Hello" });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/no shared folder yet.*new_folder: true/s);
    const made = call({ file_path: "Notes/Welcome.md", content: "Hello", new_folder: true });
    expect(made.isError, made.text).toBe(false);
    expect(t.ws.folders().map((f) => f.name)).toEqual(["Notes"]);
    expect(t.ws.resolve("Notes/Welcome.md").kind).toBe("document");
  });

  it("an empty note has no mark; content that looks like metadata is kept as content", () => {
    const t = setup();
    t.call("create", { file_path: "Team/Empty.md", content: "" });
    expect(t.raw("Team/Empty.md")).toBe("");
    t.call("create", { file_path: "Team/Json.md", content: '{"a":1}@@rest' });
    expect(t.call("read", { file_path: "Team/Json.md" }).text).toContain('{"a":1}@@rest');
  });
});
