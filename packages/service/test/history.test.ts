// The suggestions' history through the service: a write records the suggestions it made (with
// their reason) in its audit entry; accept and reject record the reviewer's reply; withdraw is
// audited as suggestion.withdraw; and a service made again over the same audit log — a restart —
// lists the same statuses, reviewer and reply.
import { readFile } from "node:fs/promises";
import { AuditLog } from "@lens/access";
import { describe, expect, it } from "vitest";
import { createLens } from "../src/index.js";
import { editor, session, setup, suggester } from "./support.js";

type Listed = {
  suggestions: {
    newText: string;
    status: string;
    reviewer?: string;
    reply?: string;
    reason?: string;
  }[];
};

const auditLines = async (file: string) =>
  (await readFile(file, "utf8"))
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown> & { detail?: Record<string, unknown> });

describe("the suggestions' history", () => {
  it("joins writes, reviews with replies and withdrawals, and outlives a restart", async () => {
    const t = await setup();
    const s = session("mcp:h");
    await t.lens.call(suggester, s, "read", { file_path: "Team/Plan.md" });
    const edit = (old_string: string, new_string: string, reason?: string) =>
      t.lens.call(suggester, s, "edit", {
        file_path: "Team/Plan.md",
        old_string,
        new_string,
        ...(reason ? { reason } : {}),
      });
    expect((await edit("# Plan", "# The plan", "Clearer.")).isError).toBe(false);
    expect((await edit("beta", "gamma")).isError).toBe(false);
    expect((await edit("Ideas", "Ideas list")).isError).toBe(false);
    const written = (await auditLines(t.audit.file)).filter((l) => l.action === "tool.edit");
    expect(written).toHaveLength(3);
    expect(written[0]!.detail?.suggestions).toEqual([
      expect.objectContaining({ kind: "replace", newText: "# The plan", reason: "Clearer." }),
    ]);

    const pending = t.lens.pending(editor, "Team/Plan.md");
    if (!pending.ok) throw new Error(pending.error.message);
    const [heading, beta, ideas] = pending.value;
    expect(heading!.reason).toBe("Clearer.");
    const accept = await t.lens.review(editor, {
      action: "accept",
      path: "Team/Plan.md",
      ids: [heading!.id],
    });
    expect(accept.ok).toBe(true);
    const reject = await t.lens.review(editor, {
      action: "reject",
      path: "Team/Plan.md",
      ids: [beta!.id],
      reply: "We keep beta until March.",
    });
    expect(reject.ok).toBe(true);
    const tooLong = await t.lens.review(editor, {
      action: "reject",
      path: "Team/Plan.md",
      ids: [ideas!.id],
      reply: "x".repeat(2001),
    });
    expect(tooLong.ok).toBe(false);
    const withdraw = await t.lens.call(suggester, s, "withdraw", { ids: [ideas!.id] });
    expect(withdraw.isError).toBe(false);
    const lines = await auditLines(t.audit.file);
    expect(lines.find((l) => l.action === "suggestion.withdraw")).toMatchObject({
      who: "Ana's Claude",
      suggestion: ideas!.id,
      outcome: "applied",
    });
    expect(
      lines.find((l) => l.action === "suggestion.reject" && l.outcome === "applied")?.detail,
    ).toMatchObject({ reply: "We keep beta until March." });

    const expected = [
      ["Ideas list", "withdrawn", "Ana's Claude", undefined],
      ["gamma", "rejected", "Bo", "We keep beta until March."],
      ["# The plan", "accepted", "Bo", undefined],
    ];
    const listed = (lens: typeof t.lens) =>
      lens
        .call(suggester, s, "suggestions", {})
        .then((r) =>
          (r.data as Listed).suggestions.map((x) => [x.newText, x.status, x.reviewer, x.reply]),
        );
    expect(await listed(t.lens)).toEqual(expected);
    // A restart: a new service over the same data and audit log.
    const again = createLens(t.workspace, { audit: new AuditLog(t.dir) });
    expect(await listed(again)).toEqual(expected);
  });

  it("counts a suggestion its author edited over as withdrawn, also after a restart", async () => {
    const t = await setup();
    const s = session("mcp:w");
    await t.lens.call(suggester, s, "read", { file_path: "Team/Ideas.md" });
    const edit = (old_string: string, new_string: string) =>
      t.lens.call(suggester, s, "edit", { file_path: "Team/Ideas.md", old_string, new_string });
    expect((await edit("an idea", "a good idea")).isError).toBe(false);
    // Merged into a new suggestion of the same author: the first is taken back by it.
    expect((await edit("a good idea", "a great idea")).isError).toBe(false);
    // And the text restored: the second is taken back too.
    expect((await edit("a great idea", "an idea")).isError).toBe(false);
    const statuses = async (lens: typeof t.lens) =>
      ((await lens.call(suggester, s, "suggestions", {})).data as Listed).suggestions.map((x) => [
        x.newText,
        x.status,
        x.reviewer,
      ]);
    const expected = [
      ["a great idea", "withdrawn", "Ana's Claude"],
      ["a good idea", "withdrawn", "Ana's Claude"],
    ];
    expect(await statuses(t.lens)).toEqual(expected);
    expect(await statuses(createLens(t.workspace, { audit: new AuditLog(t.dir) }))).toEqual(
      expected,
    );
  });
});
