// Pending moves and deletions, and changesets, on a real workspace: a suggest-role move or any
// delete changes nothing until accepted; accepting applies it with its link rewrites as plain
// text; rejecting changes nothing anywhere; a changeset is reviewed as one unit.
import { describe, expect, it } from "vitest";
import type { Caller } from "../access/caller.js";
import { EVERYWHERE } from "../access/reach.js";
import { listSuggestions } from "../critic/suggestions.js";
import { startLinkUpkeep } from "../links/backlinks.js";
import { readEntries } from "../model/folderDoc.js";
import { readChanges } from "../model/pendingChanges.js";
import { callTool } from "../registry/registry.js";
import { reviewUnits } from "../review/unitReview.js";
import { SessionStore } from "../tools/session.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";

const CLAUDE: Caller = { role: "suggest", reach: EVERYWHERE, author: "Claude" };
const EDITOR: Caller = { role: "edit", reach: EVERYWHERE, author: "Ed" };

function setup() {
  const ws = workspaceFromTexts([
    {
      name: "Team",
      files: {
        "Draft.md": "# Draft\nSee [[Plan]].\n",
        "Plan.md": "The plan links [[Draft]] and [[Draft#Top|the draft]].\n",
        "Notes/Log.md": "Log: ![[Draft]] and [[Plan]].\n",
      },
    },
  ]);
  startLinkUpkeep(ws);
  const sessions = new SessionStore();
  const call = (name: string, args: Record<string, unknown>, caller = CLAUDE) =>
    callTool({ workspace: ws, sessions, sessionId: caller.author ?? "", caller }, name, args);
  const folder = ws.folders()[0]!.doc;
  const raw = (path: string) => ws.contentText(ws.paths.get(path)!.docId)!.toString();
  /** Everything a reader could see: each entry, with its text. */
  const texts = () =>
    [...readEntries(folder)].map(([p, m]) => {
      const loc = m.type === "markdown" ? ws.paths.get(`Team${p}`) : undefined;
      return [p, m.id, loc ? raw(loc.path) : undefined];
    });
  return { ws, call, folder, raw, texts };
}

describe("a suggested move", () => {
  it("changes nothing until accepted, then renames and rewrites the links as plain text", () => {
    const { ws, call, folder, raw, texts } = setup();
    const before = texts();
    const moved = call("move", {
      file_path: "Team/Draft.md",
      new_path: "Team/Archive/Old Draft.md",
      reason: "Done with it",
    });
    expect(moved.isError).toBe(false);
    const id = (moved.data as { pending: string }).pending;
    expect(id).toMatch(/^ch-[0-9a-f]{12}$/);
    expect(moved.text).toContain("nothing moves until a reviewer accepts");
    expect((moved.data as { rewritten: string[] }).rewritten).toEqual([
      "Team/Notes/Log.md",
      "Team/Plan.md",
    ]);
    expect(texts()).toEqual(before);
    expect(call("glob", { pattern: "**/*.md" }).text).toBe(
      "Team/Draft.md\nTeam/Notes/Log.md\nTeam/Plan.md",
    );
    expect(call("read", { file_path: "Team/Draft.md" }).text).toContain(
      `Pending move to Team/Archive/Old Draft.md (${id}) by Claude — reason: "Done with it"`,
    );
    expect(readChanges(folder)).toEqual([
      expect.objectContaining({ id, kind: "move", status: "pending", author: "Claude" }),
    ]);

    const r = reviewUnits(ws, EVERYWHERE, { action: "accept", changes: [id], who: "Ed" });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.changes).toEqual([
      expect.objectContaining({
        id,
        status: "applied",
        rewritten: ["Team/Notes/Log.md", "Team/Plan.md"],
      }),
    ]);
    expect(ws.paths.get("Team/Draft.md")).toBeUndefined();
    expect(raw("Team/Archive/Old Draft.md")).toBe("# Draft\nSee [[Plan]].\n");
    expect(raw("Team/Plan.md")).toBe(
      "The plan links [[Old Draft]] and [[Old Draft#Top|the draft]].\n",
    );
    expect(raw("Team/Notes/Log.md")).toBe("Log: ![[Old Draft]] and [[Plan]].\n");
    expect(readChanges(folder)[0]).toMatchObject({ status: "accepted", reviewer: "Ed" });
    // Accepting twice is refused, nothing changed.
    const again = reviewUnits(ws, EVERYWHERE, { action: "accept", changes: [id] });
    expect(again.ok && again.value.changes[0]).toMatchObject({ status: "conflict" });
    expect(again.ok && again.value.changes[0]?.message).toContain("accepted already");
  });

  it("rejected, changes nothing anywhere", () => {
    const { ws, call, folder, texts } = setup();
    const before = texts();
    const id = (
      call("move", { file_path: "Team/Draft.md", new_path: "Team/X.md" }).data as {
        pending: string;
      }
    ).pending;
    const r = reviewUnits(ws, EVERYWHERE, { action: "reject", changes: [id], reply: "Keep it" });
    expect(r.ok && r.value.changes[0]?.status).toBe("applied");
    expect(texts()).toEqual(before);
    expect(readChanges(folder)[0]).toMatchObject({ status: "rejected", reply: "Keep it" });
    expect(call("read", { file_path: "Team/Draft.md" }).text).not.toContain("Pending move");
  });

  it("is refused at accept when its target was taken meanwhile, changing nothing", () => {
    const { ws, call, texts } = setup();
    const id = (
      call("move", { file_path: "Team/Draft.md", new_path: "Team/X.md" }).data as {
        pending: string;
      }
    ).pending;
    expect(call("create", { file_path: "Team/X.md", content: "taken" }).isError).toBe(false);
    const before = texts();
    const r = reviewUnits(ws, EVERYWHERE, { action: "accept", changes: [id] });
    expect(r.ok && r.value.changes[0]).toMatchObject({ status: "conflict" });
    expect(r.ok && r.value.changes[0]?.message).toContain("already exists");
    expect(texts()).toEqual(before);
  });

  it("is one per note, and an edit-role move still moves at once", () => {
    const { call, raw } = setup();
    expect(call("move", { file_path: "Team/Draft.md", new_path: "Team/X.md" }).isError).toBe(false);
    const second = call("move", { file_path: "Team/Draft.md", new_path: "Team/Y.md" });
    expect(second.isError).toBe(true);
    expect(second.text).toContain("already has a move to Team/X.md awaiting review");
    const direct = call("move", { file_path: "Team/Plan.md", new_path: "Team/P2.md" }, EDITOR);
    expect(direct.isError).toBe(false);
    expect(raw("Team/Draft.md")).toContain("{--");
    expect(listSuggestions(raw("Team/Draft.md"))[0]?.changeset).toMatch(/^move-/);
  });

  it("can be withdrawn by its author only", () => {
    const { call, folder } = setup();
    const id = (
      call("move", { file_path: "Team/Draft.md", new_path: "Team/X.md" }).data as {
        pending: string;
      }
    ).pending;
    const other = call("withdraw", { ids: [id] }, { ...CLAUDE, author: "Other" });
    expect(other.isError).toBe(true);
    expect(other.text).toContain("not yours");
    const own = call("withdraw", { ids: [id] });
    expect(own.isError).toBe(false);
    expect(own.text).toContain(`${id}: the move of Team/Draft.md`);
    expect(readChanges(folder)[0]).toMatchObject({ status: "withdrawn", reviewer: "Claude" });
  });
});

describe("a suggested deletion", () => {
  it("needs a read, changes nothing until accepted, then removes the note (links stay)", () => {
    const { ws, call, raw, texts } = setup();
    expect(call("delete", { file_path: "Team/Draft.md" }).text).toContain("You have not read");
    call("read", { file_path: "Team/Draft.md" });
    const before = texts();
    const del = call("delete", { file_path: "Team/Draft.md", changeset: "tidy" });
    expect(del.isError).toBe(false);
    const id = (del.data as { pending: string }).pending;
    expect(texts()).toEqual(before);
    expect(call("read", { file_path: "Team/Draft.md" }).text).toContain(
      `Pending deletion (${id}, changeset tidy) by Claude`,
    );
    const r = reviewUnits(ws, EVERYWHERE, { action: "accept", path: "Team" });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.changes.map((c) => c.status)).toEqual(["applied"]);
    expect(ws.paths.get("Team/Draft.md")).toBeUndefined();
    expect(raw("Team/Plan.md")).toBe("The plan links [[Draft]] and [[Draft#Top|the draft]].\n");
    expect(call("get_links", { file_path: "Team/Plan.md" }).text).toContain(
      "Unresolved: [[Draft]]",
    );
  });

  it("is refused at accept once the note was edited, changing nothing", () => {
    const { ws, call, texts } = setup();
    call("read", { file_path: "Team/Draft.md" });
    const id = (call("delete", { file_path: "Team/Draft.md" }).data as { pending: string }).pending;
    const text = ws.contentText(ws.paths.get("Team/Draft.md")!.docId)!;
    text.insert(text.length, "A human wrote more.\n");
    const before = texts();
    const r = reviewUnits(ws, EVERYWHERE, { action: "accept", changes: [id] });
    expect(r.ok && r.value.changes[0]?.message).toContain("was edited since");
    expect(texts()).toEqual(before);
  });
});

describe("a changeset", () => {
  function edits() {
    const t = setup();
    for (const path of ["Team/Draft.md", "Team/Plan.md"]) t.call("read", { file_path: path });
    t.call("edit", {
      file_path: "Team/Draft.md",
      old_string: "# Draft",
      new_string: "# Draft v2",
      changeset: "cs1",
    });
    t.call("edit", {
      file_path: "Team/Plan.md",
      old_string: "The plan",
      new_string: "Our plan",
      changeset: "cs1",
    });
    t.call("edit", {
      file_path: "Team/Plan.md",
      old_string: "the draft",
      new_string: "that draft",
    });
    return t;
  }

  it("carries its id in the suggestions' metadata", () => {
    const { raw } = edits();
    expect(raw("Team/Draft.md")).toContain('"changeset":"cs1"}@@');
    expect(listSuggestions(raw("Team/Plan.md")).map((s) => s.changeset)).toEqual([
      "cs1",
      undefined,
    ]);
  });

  it("is accepted together, leaving suggestions outside it pending", () => {
    const { ws, raw } = edits();
    const r = reviewUnits(ws, EVERYWHERE, { action: "accept", changeset: "cs1" });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ applied: 2, changeset: "cs1" });
    expect(raw("Team/Draft.md")).toBe("# Draft v2\nSee [[Plan]].\n");
    expect(raw("Team/Plan.md")).toMatch(/^Our plan links .*\{--.*the draft--\}/);
  });

  it("is rejected together", () => {
    const { ws, raw } = edits();
    const r = reviewUnits(ws, EVERYWHERE, { action: "reject", changeset: "cs1" });
    expect(r.ok && r.value.applied).toBe(2);
    expect(raw("Team/Draft.md")).toBe("# Draft\nSee [[Plan]].\n");
    expect(listSuggestions(raw("Team/Plan.md"))).toHaveLength(1);
  });

  it("refuses an unknown changeset, and one whose move no longer applies, changing nothing", () => {
    const { ws, call, texts } = edits();
    const unknown = reviewUnits(ws, EVERYWHERE, { action: "accept", changeset: "nope" });
    expect(!unknown.ok && unknown.error.code).toBe("not_found");
    call("move", { file_path: "Team/Notes/Log.md", new_path: "Team/X.md", changeset: "cs1" });
    call("create", { file_path: "Team/X.md", content: "taken" }, EDITOR);
    const before = texts();
    const r = reviewUnits(ws, EVERYWHERE, { action: "accept", changeset: "cs1" });
    expect(!r.ok && r.error.code).toBe("conflict");
    expect(!r.ok && r.error.message).toContain("Nothing was changed");
    expect(texts()).toEqual(before);
  });
});
