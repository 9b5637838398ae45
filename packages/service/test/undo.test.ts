// Undo through the service: only the edit role undoes, only its own reviews; the undo is on
// record (`suggestion.undo`) before it changes anything, restores the text exactly, is persisted,
// and is refused — nothing changed — once the note's text moved on.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { actor, editor, session, setup, suggester } from "./support.js";

async function reviewed(action: "accept" | "reject") {
  const t = await setup();
  const s = session("mcp:u");
  await t.lens.call(suggester, s, "read", { file_path: "Team/Plan.md" });
  await t.lens.call(suggester, s, "edit", {
    file_path: "Team/Plan.md",
    old_string: "beta",
    new_string: "gamma",
  });
  const docId = t.workspace.paths.get("Team/Plan.md")!.docId;
  const raw = () => t.workspace.view(docId)!.raw;
  const before = raw();
  const r = await t.lens.review(editor, { action, path: "Team/Plan.md" });
  if (!r.ok) throw new Error(r.error.message);
  const token = r.value.documents[0]?.undoToken;
  if (!token) throw new Error("no undo token");
  return { ...t, docId, raw, before, token, ids: r.value.documents[0]!.results.map((x) => x.id) };
}

const auditLines = async (file: string) =>
  (await readFile(file, "utf8"))
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("undo", () => {
  for (const action of ["accept", "reject"] as const) {
    it(`restores the text a ${action} changed, exactly, audited and persisted`, async () => {
      const t = await reviewed(action);
      expect(t.raw()).not.toBe(t.before);
      const persists = t.persists();
      const r = await t.lens.undo(editor, t.token);
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value).toMatchObject({ path: "Team/Plan.md", undid: action });
      expect(r.value.suggestions.map((s) => s.id)).toEqual(t.ids);
      expect(t.raw()).toBe(t.before);
      expect(t.persists()).toBe(persists + 1);
      const entries = (await auditLines(t.audit.file)).filter(
        (e) => e.action === "suggestion.undo",
      );
      expect(entries.map((e) => [e.outcome, e.suggestion ?? null])).toEqual([
        ["requested", null],
        ["ok", t.ids[0]],
      ]);
      expect(entries[0]).toMatchObject({
        who: "Bo",
        role: "edit",
        path: "Team/Plan.md",
        detail: { undoes: `suggestion.${action}`, ids: t.ids },
      });
    });
  }

  it("is used once", async () => {
    const t = await reviewed("accept");
    expect((await t.lens.undo(editor, t.token)).ok).toBe(true);
    const again = await t.lens.undo(editor, t.token);
    expect(!again.ok && again.error.code).toBe("not_found");
    expect(t.raw()).toBe(t.before);
  });

  it("refuses a suggest caller, and another reviewer's token, changing nothing", async () => {
    const t = await reviewed("accept");
    const after = t.raw();
    const forbidden = await t.lens.undo(suggester, t.token);
    expect(!forbidden.ok && forbidden.error.code).toBe("forbidden");
    const other = await t.lens.undo(actor("Cy", { role: "edit" }), t.token);
    expect(!other.ok && other.error.code).toBe("not_found");
    expect(!other.ok && other.error.message).toContain("can no longer be undone");
    expect(t.raw()).toBe(after);
    expect((await t.lens.undo(editor, t.token)).ok).toBe(true);
  });

  it("refuses once the text moved on, recording the refusal", async () => {
    const t = await reviewed("reject");
    t.workspace.contentText(t.docId)!.insert(0, "New line\n");
    const moved = t.raw();
    const r = await t.lens.undo(editor, t.token);
    expect(!r.ok && r.error).toMatchObject({
      code: "stale",
      message: expect.stringContaining("Team/Plan.md changed since it was reviewed"),
    });
    expect(t.raw()).toBe(moved);
    const entries = (await auditLines(t.audit.file)).filter((e) => e.action === "suggestion.undo");
    expect(entries.map((e) => e.outcome)).toEqual(["requested", "stale"]);
  });

  it("forgets undos after UNDO_KEEP_MS", async () => {
    let now = 1_000_000;
    const t = await setup({ now: () => now });
    const r = await t.lens.review(editor, { action: "accept", path: "Team/Plan.md" });
    expect(r.ok && r.value.documents).toEqual([]);
    const s = session("mcp:x");
    await t.lens.call(suggester, s, "read", { file_path: "Team/Ideas.md" });
    await t.lens.call(suggester, s, "edit", {
      file_path: "Team/Ideas.md",
      old_string: "an idea",
      new_string: "a plan",
    });
    const reviewed = await t.lens.review(editor, { action: "accept", path: "Team/Ideas.md" });
    const token = reviewed.ok ? reviewed.value.documents[0]?.undoToken : undefined;
    expect(token).toMatch(/^u_/);
    now += 8 * 60 * 60 * 1000 + 1;
    const late = await t.lens.undo(editor, token!);
    expect(!late.ok && late.error.code).toBe("not_found");
  });
});
