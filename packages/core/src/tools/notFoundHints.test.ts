// What "not found" tells an assistant beyond the fact: an old_string pasted with read's
// line-number prefixes is told to drop them, and a path that names no note but ends one note's
// path in another folder names that note — only ever a note the caller can see.
import { describe, expect, it } from "vitest";
import type { Caller } from "../access/caller.js";
import { folderReach } from "../access/reach.js";
import { buildWorkspace } from "../links/links.test-helpers.js";
import { callTool } from "../registry/registry.js";
import { SessionStore } from "./session.js";

function setup() {
  const t = buildWorkspace({
    "Lens Team": {
      "/Home.md": "# Home\n\nWelcome to the team.\nSecond line here.\n",
      "/Projects/Sync/Overview.md": "# Sync\n",
      "/Projects/Search/Overview.md": "# Search\n",
    },
    Research: { "/Reading/Paper.md": "# Paper\n" },
    Private: { "/Salaries.md": "# Salaries\n" },
  });
  const sessions = new SessionStore();
  const call = (name: string, args: Record<string, unknown>, caller?: Caller) =>
    callTool(
      { workspace: t.ws, sessions, sessionId: "s", ...(caller ? { caller } : {}) },
      name,
      args,
    );
  return { ...t, call };
}

describe("old_string with read's line-number prefixes", () => {
  it("says to drop the prefix, and that the text without it is there", () => {
    const t = setup();
    const read = t.call("read", { file_path: "Lens Team/Home.md" });
    // Lines 3 and 4 exactly as read shows them.
    const pasted = read.text.split("\n").slice(2, 4).join("\n");
    expect(pasted).toBe("     3\tWelcome to the team.\n     4\tSecond line here.");
    const r = t.call("edit", {
      file_path: "Lens Team/Home.md",
      old_string: pasted,
      new_string: "     3\tWelcome, all.\n     4\tSecond line here.",
    });
    expect(r.isError).toBe(true);
    expect(r.code).toBe("no_match");
    expect(r.text).toMatch(/line-number prefix/);
    expect(r.text).toContain('"     3\\t"');
    expect(r.text).toMatch(/without (them|it), old_string is found/i);
    expect(r.text).toMatch(/new_string too/);
  });

  it("one line with the prefix, whose text is not there either: still says to drop it", () => {
    const t = setup();
    t.call("read", { file_path: "Lens Team/Home.md" });
    const r = t.call("edit", {
      file_path: "Lens Team/Home.md",
      old_string: "    12\tNo such line.",
      new_string: "x",
    });
    expect(r.text).toMatch(/line-number prefix.*" {4}12\\t"/s);
    expect(r.text).not.toMatch(/is found/);
    expect(r.text).not.toMatch(/new_string too/);
  });

  it("text that merely holds a number and a tab in the middle gets the plain message", () => {
    const t = setup();
    t.call("read", { file_path: "Lens Team/Home.md" });
    const r = t.call("edit", {
      file_path: "Lens Team/Home.md",
      old_string: "Total\t12\tnot here",
      new_string: "x",
    });
    expect(r.text).toMatch(/^No change made to Lens Team\/Home\.md\. old_string was not found/);
    expect(r.text).not.toMatch(/line-number prefix \(/);
  });
});

describe("a path that ends one note's path in another folder", () => {
  it("read, edit and get_links name the note", () => {
    const t = setup();
    for (const tool of ["read", "get_links"]) {
      const r = t.call(tool, { file_path: "Home.md" });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/^File does not exist: Home\.md\. Did you mean Lens Team\/Home\.md\?/);
    }
    const edit = t.call("edit", { file_path: "home", old_string: "a", new_string: "b" });
    expect(edit.text).toMatch(/Did you mean Lens Team\/Home\.md\?/);
    const deep = t.call("read", { file_path: "Reading/Paper.md" });
    expect(deep.text).toMatch(/Did you mean Research\/Reading\/Paper\.md\?/);
  });

  it("several notes end so: names them all", () => {
    const t = setup();
    const r = t.call("read", { file_path: "Overview.md" });
    expect(r.text).toMatch(
      /one of: Lens Team\/Projects\/Search\/Overview\.md, Lens Team\/Projects\/Sync\/Overview\.md/,
    );
  });

  it("never names a note in a folder the caller cannot see", () => {
    const t = setup();
    const scoped: Caller = { role: "view", reach: folderReach(["Lens Team"]) };
    const hidden = t.call("read", { file_path: "Salaries.md" }, scoped);
    const none = t.call("read", { file_path: "Nothing-like-it.md" }, scoped);
    // Word for word what a path that matches nothing gets.
    expect(hidden.text).toBe(none.text.replaceAll("Nothing-like-it", "Salaries"));
    expect(hidden.text).not.toMatch(/Private/);
    expect(t.call("read", { file_path: "Home.md" }, scoped).text).toMatch(/Lens Team\/Home\.md/);
  });

  it("a path matching nothing keeps the glob advice", () => {
    const t = setup();
    expect(t.call("read", { file_path: "Nope.md" }).text).toBe(
      'File does not exist: Nope.md. Use glob (e.g. pattern "**/*Nope*") to find the right path.',
    );
  });
});
