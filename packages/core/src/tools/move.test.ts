// The move tool for an edit-role caller (a suggest-role move is pending: review/changes.test.ts): the entry keeps its id, links elsewhere that would break are rewritten as
// suggestions in their shortest form, links that still resolve are left alone.
import { describe, expect, it } from "vitest";
import { folderReach } from "../access/reach.js";
import { backlinkIndexOf } from "../links/backlinks.js";
import { buildWorkspace } from "../links/links.test-helpers.js";
import { getEntry } from "../model/folderDoc.js";
import { callTool } from "../registry/registry.js";
import { SessionStore } from "./session.js";

function setup() {
  const t = buildWorkspace({
    Team: {
      "/Draft.md": "# Draft\nbody",
      "/Hub.md": "[[Draft]] and [[Draft#Top|the top]] and ![[Draft]]\n`[[Draft]]` in code",
      "/Sub/Deep.md": "[[Team/Draft]] [[Unique]]",
      "/Unique.md": "u",
      "/Sub": { type: "folder" },
    },
    Other: { "/Far.md": "[[Team/Draft]]" },
  });
  const sessions = new SessionStore();
  const call = (name: string, args: Record<string, unknown>) =>
    callTool(
      {
        workspace: t.ws,
        sessions,
        sessionId: "s",
        caller: { role: "edit", reach: { all: true }, author: "Mover" },
      },
      name,
      args,
    );
  const ai = (path: string) => call("read", { file_path: path }).text;
  const raw = (path: string) => {
    const r = t.ws.resolve(path);
    if (r.kind !== "document") throw new Error(`${path}: ${r.kind}`);
    return t.ws.contentText(r.loc.docId)?.toString() ?? "";
  };
  return { ...t, call, ai, raw };
}

describe("move", () => {
  it("renames in place, keeps the id, rewrites broken links as attributed suggestions", () => {
    const t = setup();
    const id = t.idOf("Team/Draft.md");
    const docId = t.docIdOf("Team/Draft.md");
    const r = t.call("move", { file_path: "Team/Draft.md", new_path: "Team/Archive/Old Draft" });
    expect(r.isError, r.text).toBe(false);
    expect(r.text).toBe(
      "Moved Team/Draft.md to Team/Archive/Old Draft.md.\nLinks rewritten as suggestions awaiting review in 3 notes:\nOther/Far.md\nTeam/Hub.md\nTeam/Sub/Deep.md",
    );
    const folder = t.folders.get("Team")!.doc;
    expect(getEntry(folder, "/Draft.md")).toBeUndefined();
    expect(getEntry(folder, "/Archive/Old Draft.md")?.id).toBe(id);
    expect(getEntry(folder, "/Archive")?.type).toBe("folder");
    expect(t.raw("Team/Hub.md")).toContain('{--{"author":"Mover"');
    expect(t.ai("Team/Hub.md")).toContain(
      "[[Old Draft]] and [[Old Draft#Top|the top]] and ![[Old Draft]]",
    );
    expect(t.ai("Team/Hub.md")).toContain("`[[Draft]]` in code");
    expect(t.ai("Team/Sub/Deep.md")).toContain("[[Old Draft]] [[Unique]]");
    expect(t.ai("Other/Far.md")).toContain("[[Old Draft]]");
    expect(backlinkIndexOf(t.ws).backlinks(docId)).toHaveLength(3);
    // The moved note reads under its new path; the old one is gone.
    expect(t.ai("Team/Archive/Old Draft.md")).toContain("body");
    expect(t.call("read", { file_path: "Team/Draft.md" }).isError).toBe(true);
  });

  it("leaves links that still resolve alone", () => {
    const t = setup();
    const hubBefore = t.raw("Team/Hub.md");
    const r = t.call("move", { file_path: "Team/Draft.md", new_path: "Team/Sub/Draft.md" });
    expect(r.isError).toBe(false);
    // [[Draft]] still names it (unique base name); [[Team/Draft]] does not any more.
    expect(t.raw("Team/Hub.md")).toBe(hubBefore);
    expect(r.text).toContain("Other/Far.md\nTeam/Sub/Deep.md");
    expect(t.ai("Other/Far.md")).toContain("[[Draft]]");
  });

  it("refuses moving folders, across folders, onto existing notes, to bad names", () => {
    const t = setup();
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ file_path: "Team/Sub", new_path: "Team/Sub2" }, /moving folders is not supported/],
      [{ file_path: "Team/Draft.md", new_path: "Other/Draft.md" }, /another shared folder/],
      [{ file_path: "Team/Draft.md", new_path: "Team/Hub.md" }, /already exists/],
      [{ file_path: "Team/Nope.md", new_path: "Team/X.md" }, /File does not exist/],
      [{ file_path: "Team/Draft.md", new_path: "Team/a|b.md" }, /not allow/],
      [{ file_path: "Team/Draft.md", new_path: "Team/Draft.md" }, /already at/],
    ];
    for (const [args, message] of refusals) {
      const r = t.call("move", args);
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(r.text).toMatch(message);
    }
    expect(getEntry(t.folders.get("Team")!.doc, "/Draft.md")).toBeDefined();
  });

  it("leaves a link inside a human's pending suggestion as it is, and says so", () => {
    const ann = '{"author":"ann","time":1700000000}@@';
    const proposal = `See {++${ann}[[Draft]] for details++}.`;
    const t = buildWorkspace({ Team: { "/Draft.md": "d", "/Proposal.md": proposal } });
    const r = callTool(
      {
        workspace: t.ws,
        sessions: new SessionStore(),
        sessionId: "s",
        caller: { role: "edit", reach: { all: true }, author: "Mover" },
      },
      "move",
      { file_path: "Team/Draft.md", new_path: "Team/Archive/Draft 2" },
    );
    expect(r.isError, r.text).toBe(false);
    expect(r.data).toMatchObject({ rewritten: [], notRewritten: ["Team/Proposal.md"] });
    // Ann's suggestion is still hers, word for word: rewriting its link would have made it Mover's.
    const loc = t.ws.resolve("Team/Proposal.md");
    if (loc.kind !== "document") throw new Error(loc.kind);
    expect(t.ws.contentText(loc.loc.docId)?.toString()).toBe(proposal);
  });

  it("allows a rename that only changes case", () => {
    const t = setup();
    expect(t.call("move", { file_path: "Team/Draft.md", new_path: "Team/draft.md" }).isError).toBe(
      false,
    );
    expect(getEntry(t.folders.get("Team")!.doc, "/draft.md")).toBeDefined();
  });
});

describe("move by a caller who reaches some folders only", () => {
  it("rewrites links in other folders too, but counts those notes and never names them", () => {
    const t = setup();
    const scoped = (name: string, args: Record<string, unknown>) =>
      callTool(
        {
          workspace: t.ws,
          sessions: new SessionStore(),
          sessionId: "scoped",
          caller: { role: "edit", reach: folderReach(["Team"]), author: "Scoped" },
        },
        name,
        args,
      );
    const r = scoped("move", { file_path: "Team/Draft.md", new_path: "Team/Old Draft" });
    expect(r.isError, r.text).toBe(false);
    expect(r.data).toMatchObject({
      rewritten: ["Team/Hub.md", "Team/Sub/Deep.md"],
      notRewritten: [],
      hiddenRewritten: 1,
      hiddenNotRewritten: 0,
    });
    expect(r.text).not.toContain("Other");
    expect(r.text).not.toContain("Far");
    expect(r.text).toContain("1 note in folders out of your reach");
    // The note out of reach still points at the moved note (a suggestion for its people).
    expect(t.raw("Other/Far.md")).toContain("{--");
    expect(t.ai("Other/Far.md")).toContain(
      'replace "[[Team/Draft]]" with "[[Old Draft]]" (by Scoped)',
    );
  });

  it("names every note for a caller who reaches every folder", () => {
    const t = setup();
    const r = t.call("move", { file_path: "Team/Draft.md", new_path: "Team/Old Draft" });
    expect(r.data).toMatchObject({ hiddenRewritten: 0, hiddenNotRewritten: 0 });
    expect((r.data as { rewritten: string[] }).rewritten).toContain("Other/Far.md");
  });
});
