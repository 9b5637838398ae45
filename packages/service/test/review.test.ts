// Review through the service: only the edit role reviews; the request is on record before
// anything changes, a review the audit log cannot record changes nothing, and each outcome is
// recorded after.
import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editor, session, setup, suggester } from "./support.js";

async function withSuggestion() {
  const t = await setup();
  const s = session("mcp:r");
  await t.lens.call(suggester, s, "read", { file_path: "Team/Plan.md" });
  const r = await t.lens.call(suggester, s, "edit", {
    file_path: "Team/Plan.md",
    old_string: "beta",
    new_string: "gamma",
  });
  expect(r.isError).toBe(false);
  const pending = t.lens.pending(editor, "Team/Plan.md");
  if (!pending.ok) throw new Error(pending.error.message);
  expect(pending.value).toHaveLength(1);
  return { ...t, id: pending.value[0]!.id };
}

const auditLines = async (file: string) =>
  (await readFile(file, "utf8"))
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("review", () => {
  it("refuses a suggest caller, changing and recording nothing", async () => {
    const t = await withSuggestion();
    const before = (await auditLines(t.audit.file)).length;
    const r = await t.lens.review(suggester, {
      action: "accept",
      path: "Team/Plan.md",
      ids: [t.id],
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("forbidden");
    expect(
      t.lens.pending(editor, "Team").ok &&
        (t.lens.pending(editor, "Team") as { value: unknown[] }).value,
    ).toHaveLength(1);
    expect(await auditLines(t.audit.file)).toHaveLength(before);
  });

  it("records the request, applies, persists, then records each outcome", async () => {
    const t = await withSuggestion();
    const persistsBefore = t.persists();
    const r = await t.lens.review(editor, {
      action: "accept",
      path: "Team/Plan.md",
      ids: [t.id, "gone-1"],
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect([r.value.applied, r.value.notFound]).toEqual([1, 1]);
    expect(t.persists()).toBe(persistsBefore + 1);
    const text = t.workspace.view(t.workspace.paths.get("Team/Plan.md")!.docId)!.raw;
    expect(text).toContain("ship the gamma");
    const entries = (await auditLines(t.audit.file)).filter(
      (e) => e.action === "suggestion.accept",
    );
    expect(entries.map((e) => [e.outcome, e.suggestion ?? null])).toEqual([
      ["requested", null],
      ["applied", t.id],
      ["not_found", "gone-1"],
    ]);
    expect(entries[0]).toMatchObject({
      who: "Bo",
      role: "edit",
      path: "Team/Plan.md",
      detail: { ids: [t.id, "gone-1"] },
    });
  });

  it("changes nothing when the audit log cannot record the review", async () => {
    const t = await withSuggestion();
    // The audit file's place taken by a directory: every append fails.
    await rm(t.audit.file);
    await mkdir(join(t.audit.file, "blocked"), { recursive: true });
    const persistsBefore = t.persists();
    const r = await t.lens.review(editor, { action: "accept", path: "Team/Plan.md", ids: [t.id] });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("not_audited");
      expect(r.error.message).toContain("Nothing changed");
    }
    const still = t.lens.pending(editor, "Team/Plan.md");
    expect(still.ok && still.value.map((s) => s.id)).toEqual([t.id]);
    expect(t.persists()).toBe(persistsBefore);
  });
});

describe("discard", () => {
  it("refuses a note with text, and removes an empty one with an audit entry", async () => {
    const t = await setup();
    const hasText = await t.lens.discard(editor, "Team/Ideas.md");
    expect(hasText.ok).toBe(false);
    if (!hasText.ok) expect(hasText.error.code).toBe("exists");
    const text = t.workspace.contentText(t.workspace.paths.get("Team/Ideas.md")!.docId)!;
    text.delete(0, text.length);
    const r = await t.lens.discard(editor, "Team/Ideas.md");
    expect(r).toEqual({ ok: true, value: { path: "Team/Ideas.md" } });
    expect(t.workspace.paths.get("Team/Ideas.md")).toBeUndefined();
    const entries = await auditLines(t.audit.file);
    expect(entries.at(-1)).toMatchObject({
      action: "document.discard",
      who: "Bo",
      path: "Team/Ideas.md",
      outcome: "ok",
    });
  });

  it("refuses a suggest caller", async () => {
    const t = await setup();
    const r = await t.lens.discard(suggester, "Team/Ideas.md");
    expect(!r.ok && r.error.code).toBe("forbidden");
  });
});

describe("listing: assistants and people", () => {
  it("tells them apart by the tokens' roles, then by who wrote the metadata", async () => {
    const t = await setup({ tokenRoles: () => new Map([["Bo", "edit" as const]]) });
    const s = session("mcp:who");
    for (const [who, file] of [
      [suggester, "Team/Plan.md"],
      [editor, "Team/Ideas.md"],
    ] as const) {
      await t.lens.call(who, s, "read", { file_path: file });
      const r = await t.lens.call(who, s, "edit", {
        file_path: file,
        old_string: file.endsWith("Plan.md") ? "beta" : "an idea",
        new_string: "x",
      });
      expect(r.isError, r.text).toBe(false);
    }
    const listed = t.lens.pending(editor, "Team");
    expect(listed.ok && listed.value.map((p) => [p.author, p.by])).toEqual([
      ["Bo", "person"],
      ["Ana's Claude", "assistant"],
    ]);
  });
});
