// Roles and reach through the tool registry: a scoped caller sees only its folders, and what lies
// elsewhere answers exactly as a missing path does; a role below a tool's needs is refused.
import { describe, expect, it } from "vitest";
import { buildWorkspace } from "../links/links.test-helpers.js";
import { setEntry } from "../model/folderDoc.js";
import { callTool } from "../registry/registry.js";
import { SessionStore } from "../tools/session.js";
import type { Caller } from "./caller.js";
import { EVERYWHERE, folderReach, reachesPath } from "./reach.js";
import { ROLES, roleIncludes } from "./roles.js";

function setup() {
  const t = buildWorkspace({
    Team: {
      "/Plan.md": "# Plan\nsee [[Secret]] and [[Notes/Idea]]\nshared word",
      "/Notes/Idea.md": "idea with shared word\n[[Plan]]",
    },
    Private: {
      "/Secret.md": "# Secret\nshared word, salary\n[[Team/Plan]]",
      "/Deep/Other.md": "nothing",
    },
  });
  const sessions = new SessionStore();
  const call = (caller: Caller, name: string, args: Record<string, unknown>) =>
    callTool({ workspace: t.ws, sessions, sessionId: "s", caller }, name, args);
  return { ...t, call };
}

const teamViewer: Caller = { role: "view", reach: folderReach(["Team"]) };
const teamSuggester: Caller = {
  role: "suggest",
  reach: folderReach(["Team"]),
  author: "Ana's Claude",
};
const everyone: Caller = { role: "view", reach: EVERYWHERE };

describe("roles", () => {
  it("orders view < suggest < edit < admin, each including the ones before", () => {
    for (const [i, a] of ROLES.entries()) {
      for (const [j, b] of ROLES.entries()) expect(roleIncludes(a, b)).toBe(i >= j);
    }
  });
});

describe("reach", () => {
  it("matches a path's first segment exactly", () => {
    const r = folderReach(["Team"]);
    expect(reachesPath(r, "Team/Plan.md")).toBe(true);
    expect(reachesPath(r, "Team")).toBe(true);
    expect(reachesPath(r, "Teammates/x.md")).toBe(false);
    expect(reachesPath(r, "team/Plan.md")).toBe(false);
    expect(reachesPath(folderReach([]), "Anything/x.md")).toBe(true);
  });

  it("answers a document outside reach exactly as a missing one", () => {
    const { call } = setup();
    for (const tool of ["read", "get_links"]) {
      const hidden = call(teamViewer, tool, { file_path: "Private/Secret.md" });
      const missing = call(teamViewer, tool, { file_path: "Private/Nothing.md" });
      expect(hidden.isError).toBe(true);
      expect(hidden.code).toBe("not_found");
      expect(hidden.text).toBe(missing.text.replaceAll("Nothing", "Secret"));
      // Case-insensitive fallback does not reach across either.
      expect(call(teamViewer, tool, { file_path: "private/secret" }).code).toBe("not_found");
    }
    const edit = call(teamSuggester, "edit", {
      file_path: "Private/Secret.md",
      old_string: "salary",
      new_string: "pay",
    });
    expect(edit.code).toBe("not_found");
    expect(call(everyone, "read", { file_path: "Private/Secret.md" }).text).toContain("salary");
  });

  it("globs and greps only the folders in reach; a folder outside is not found", () => {
    const { call } = setup();
    expect(call(teamViewer, "glob", { pattern: "**/*.md" }).text.split("\n").sort()).toEqual([
      "Team/Notes/Idea.md",
      "Team/Plan.md",
    ]);
    const grep = call(teamViewer, "grep", { pattern: "shared word" });
    expect(grep.text.split("\n").sort()).toEqual(["Team/Notes/Idea.md", "Team/Plan.md"]);
    expect(call(everyone, "grep", { pattern: "salary" }).text).toBe("Private/Secret.md");
    expect(call(teamViewer, "grep", { pattern: "salary" }).text).toBe("No matches found");
    for (const tool of ["glob", "grep"]) {
      const hidden = call(teamViewer, tool, { pattern: "*", path: "Private" });
      const missing = call(teamViewer, tool, { pattern: "*", path: "Nowhere" });
      expect(hidden.code).toBe("not_found");
      expect(hidden.text).toBe(missing.text.replaceAll("Nowhere", "Private"));
      expect(hidden.text).not.toContain("Private,");
    }
    expect(call(teamViewer, "grep", { pattern: "x", path: "Private/Deep" }).code).toBe("not_found");
  });

  it("get_links counts links and backlinks outside reach as not shown, never naming them", () => {
    const { call } = setup();
    const text = call(teamViewer, "get_links", { file_path: "Team/Plan.md" }).text;
    expect(text).not.toContain("Private");
    expect(text).toContain(
      "Backlinks (1):\nTeam/Notes/Idea.md\n(1 document in folders this token cannot see: not shown)",
    );
    expect(text).toContain(
      "Links (1):\nTeam/Notes/Idea.md\n(1 document in folders this token cannot see: not shown)",
    );
    expect(text).not.toContain("Unresolved: [[Secret]]");
    const all = call(everyone, "get_links", { file_path: "Team/Plan.md" }).text;
    expect(all).toContain("Private/Secret.md");
    expect(all).not.toContain("not shown");
  });

  it("keeps another folder's note out of reach when an entry of a reached folder names its id", () => {
    const { call, ws, folders, idOf } = setup();
    // What a scoped editor could write into its own folder doc through sync.
    setEntry(folders.get("Team")!.doc, "/Alias.md", {
      id: idOf("Private/Secret.md"),
      type: "markdown",
      version: 0,
    });
    expect(call(everyone, "read", { file_path: "Team/Alias.md" }).text).toContain("salary");
    for (const [tool, args] of [
      ["read", { file_path: "Team/Alias.md" }],
      ["get_links", { file_path: "Team/Alias.md" }],
    ] as const) {
      expect(call(teamViewer, tool, args).code, tool).toBe("not_found");
    }
    expect(call(teamViewer, "grep", { pattern: "salary" }).text).toBe("No matches found");
    expect(call(teamViewer, "glob", { pattern: "**" }).text).not.toContain("Alias");
    expect(call(teamViewer, "search", { query: "salary" }).text).toBe("No notes found");
    expect(
      ws.paths.pathOf(ws.resolve("Team/Alias.md").kind === "document" ? "" : ""),
    ).toBeUndefined();
  });

  it("attributes a scoped suggester's edits to its name", () => {
    const { call, ws } = setup();
    call(teamSuggester, "read", { file_path: "Team/Plan.md" });
    const r = call(teamSuggester, "edit", {
      file_path: "Team/Plan.md",
      old_string: "shared word",
      new_string: "common word",
    });
    expect(r.isError).toBe(false);
    const loc = ws.resolve("Team/Plan.md");
    if (loc.kind !== "document") throw new Error("Team/Plan.md should be a document");
    const raw = ws.contentText(loc.loc.docId)?.toString() ?? "";
    expect(raw).toMatch(
      /\{--\{"author":"Ana's Claude","time":\d+,"timestamp":\d+\}@@shared word--\}/,
    );
  });
});
