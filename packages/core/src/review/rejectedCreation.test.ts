// Rejecting a created note's content: the note never existed for the humans, so a review that
// rejects the one insertion holding all of its text removes its entry — with links, the path
// index and search following — and says so; any other note keeps its entry.
import { describe, expect, it } from "vitest";
import { EVERYWHERE } from "../access/reach.js";
import { listSuggestions } from "../critic/suggestions.js";
import { startLinkUpkeep } from "../links/backlinks.js";
import { getEntry, legacyDocsMap, readBacklinks } from "../model/folderDoc.js";
import { callTool } from "../registry/registry.js";
import { SessionStore } from "../tools/session.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { reviewSuggestions } from "./batchReview.js";

const CLAUDE = { role: "suggest", reach: EVERYWHERE, author: "Claude" } as const;
const KICKOFF = "Team/Meetings/Kickoff.md";

function setup() {
  const ws = workspaceFromTexts([
    {
      name: "Team",
      files: {
        "Plan.md": "The plan. See [[Kickoff]].\n",
        "Notes.md":
          'Ship {--{"author":"ann","time":1700000000}@@Monday--}{++{"author":"ann","time":1700000000}@@Friday++}.\n',
      },
    },
  ]);
  startLinkUpkeep(ws);
  const sessions = new SessionStore();
  const call = (name: string, args: Record<string, unknown>) =>
    callTool({ workspace: ws, sessions, sessionId: "s", caller: CLAUDE }, name, args);
  const created = call("create", {
    file_path: KICKOFF,
    content: "# Kickoff\n\nAgreed on the [[Plan]]. Quokka.",
  });
  if (created.isError) throw new Error(created.text);
  const loc = ws.paths.get(KICKOFF)!;
  const folder = ws.folder(loc.folderDocId)!.doc;
  const raw = (path: string) => ws.contentText(ws.paths.get(path)!.docId)!.toString();
  return { ws, call, loc, folder, raw };
}

describe("rejecting a created note's content", () => {
  it("removes the note, and links, paths and search follow", () => {
    const { ws, call, loc, folder } = setup();
    const plan = ws.paths.get("Team/Plan.md")!;
    expect(call("search", { query: "quokka" }).text).toContain(KICKOFF);
    expect(call("grep", { pattern: "Agreed" }).text).toBe(KICKOFF);
    expect(readBacklinks(folder).get(loc.meta.id)).toEqual([plan.meta.id]);
    expect(readBacklinks(folder).get(plan.meta.id)).toEqual([loc.meta.id]);

    const r = reviewSuggestions(ws, EVERYWHERE, { action: "reject", path: KICKOFF });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ applied: 1, notFound: 0, conflicts: 0 });
    expect(r.value.documents).toEqual([
      expect.objectContaining({ path: KICKOFF, docId: loc.docId, removed: true }),
    ]);
    // Its entry is gone from filemeta_v0 and the legacy docs map alike.
    expect(getEntry(folder, "/Meetings/Kickoff.md")).toBeUndefined();
    expect(legacyDocsMap(folder).has("/Meetings/Kickoff.md")).toBe(false);
    expect(ws.paths.get(KICKOFF)).toBeUndefined();
    expect(ws.resolve(KICKOFF).kind).toBe("missing");
    // backlinks_v0: nothing links to it, and it links to nothing any more.
    expect(readBacklinks(folder).has(loc.meta.id)).toBe(false);
    expect(readBacklinks(folder).has(plan.meta.id)).toBe(false);
    expect(call("get_links", { file_path: "Team/Plan.md" }).text).toContain(
      "Unresolved: [[Kickoff]]",
    );
    expect(call("glob", { pattern: "**/Kickoff.md" }).text).toBe("No files found");
    expect(call("grep", { pattern: "Agreed" }).text).toBe("No matches found");
    expect(call("search", { query: "quokka" }).text).not.toContain("Kickoff");
    // The note can be created again.
    expect(call("create", { file_path: KICKOFF, content: "again" }).isError).toBe(false);
  });

  it("removes it when its insertion is rejected by id, or in a bulk reject of its folder", () => {
    const byId = setup();
    const [id] = listSuggestions(byId.raw(KICKOFF)).map((s) => s.id);
    const one = reviewSuggestions(byId.ws, EVERYWHERE, {
      action: "reject",
      path: KICKOFF,
      ids: [id!],
    });
    expect(one.ok && one.value.documents[0]?.removed).toBe(true);
    expect(byId.ws.paths.get(KICKOFF)).toBeUndefined();

    const bulk = setup();
    const all = reviewSuggestions(bulk.ws, EVERYWHERE, { action: "reject", path: "Team" });
    if (!all.ok) throw new Error(all.error.message);
    expect(all.value.documents.map((d) => [d.path, d.removed ?? false])).toEqual([
      [KICKOFF, true],
      ["Team/Notes.md", false],
    ]);
    expect(bulk.ws.paths.get(KICKOFF)).toBeUndefined();
    expect(bulk.raw("Team/Notes.md")).toBe("Ship Monday.\n");
  });

  it("keeps the note when it is accepted, or when its text is more than that insertion", () => {
    const accepted = setup();
    const a = reviewSuggestions(accepted.ws, EVERYWHERE, { action: "accept", path: KICKOFF });
    expect(a.ok && a.value.documents[0]?.removed).toBeUndefined();
    expect(accepted.raw(KICKOFF)).toBe("# Kickoff\n\nAgreed on the [[Plan]]. Quokka.");

    // A human wrote into the note meanwhile, outside the suggestion: the note is theirs too.
    const written = setup();
    const text = written.ws.contentText(written.loc.docId)!;
    text.insert(text.length, "\nMy own line.");
    const r = reviewSuggestions(written.ws, EVERYWHERE, { action: "reject", path: KICKOFF });
    expect(r.ok && r.value.documents[0]).toMatchObject({ results: [{ status: "applied" }] });
    expect(r.ok && r.value.documents[0]?.removed).toBeUndefined();
    expect(written.raw(KICKOFF)).toBe("\nMy own line.");
    expect(getEntry(written.folder, "/Meetings/Kickoff.md")).toBeDefined();
  });

  it("keeps a note whose one insertion is not the whole text or was not rejected", () => {
    const ws = workspaceFromTexts([
      { name: "V", files: { "Added.md": "x{++y++}", "Two.md": "{++a++} {++b++}" } },
    ]);
    const r = reviewSuggestions(ws, EVERYWHERE, { action: "reject", path: "V" });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.documents.every((d) => d.removed === undefined)).toBe(true);
    expect(ws.paths.get("V/Added.md")).toBeDefined();
    expect(ws.paths.get("V/Two.md")).toBeDefined();
  });
});
