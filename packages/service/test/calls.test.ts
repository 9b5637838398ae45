// Tool calls through the service: authorised from the table, run, persisted and audited when
// they write, logged with who called and, on failure, the code — whatever door called.
import { readFile } from "node:fs/promises";
import {
  callTool as coreCall,
  type GrepPlan,
  grepPlan,
  grepTool,
  SessionStore,
  ToolCallError,
} from "@lens/core";
import { describe, expect, it } from "vitest";
import { OWNER_ACTOR } from "../src/index.js";
import { actor, editor, session, setup, suggester, viewer } from "./support.js";

async function auditLines(file: string): Promise<Record<string, unknown>[]> {
  const text = await readFile(file, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("tool calls", () => {
  it("refuses a write to a role below it, changing, saving and auditing nothing", async () => {
    const t = await setup();
    const s = session("mcp:1");
    await t.lens.call(viewer, s, "read", { file_path: "Team/Plan.md" });
    const r = await t.lens.call(viewer, s, "edit", {
      file_path: "Team/Plan.md",
      old_string: "beta",
      new_string: "gamma",
    });
    expect(r).toMatchObject({ isError: true, code: "forbidden" });
    expect(r.text).toContain('needs the "suggest" role');
    expect((await t.lens.call(viewer, s, "read", { file_path: "Team/Plan.md" })).text).toContain(
      "ship the beta",
    );
    expect(t.persists()).toBe(0);
    expect(await auditLines(t.audit.file)).toEqual([]);
    expect(t.lines.at(-2)?.fields).toMatchObject({ tool: "edit", who: "Vi", code: "forbidden" });
  });

  it("create's new_folder needs the admin role (folder.create): below it nothing is made", async () => {
    const t = await setup();
    const s = session("mcp:nf");
    const args = { file_path: "Crew/First.md", content: "x", new_folder: true };
    const r = await t.lens.call(editor, s, "create", args);
    expect(r).toMatchObject({ isError: true, code: "forbidden" });
    expect(r.text).toMatch(
      /creating a shared folder .*needs the "admin" role; this token has "edit"/,
    );
    expect(t.workspace.folderByName("Crew")).toBeUndefined();
    expect(t.persists()).toBe(0);
    // Without new_folder the editor creates notes as before; the admin (the owner) makes the folder.
    expect(
      (await t.lens.call(editor, s, "create", { file_path: "Team/N.md", content: "x" })).isError,
    ).toBe(false);
    const made = await t.lens.call(OWNER_ACTOR, s, "create", args);
    expect(made.isError, made.text).toBe(false);
    expect(t.workspace.folderByName("Crew")).toBeDefined();
  });

  it("persists and audits a write before answering, attributed to the caller", async () => {
    const t = await setup();
    const s = session("mcp:2");
    await t.lens.call(suggester, s, "read", { file_path: "Team/Plan.md" });
    expect(t.persists()).toBe(0);
    const r = await t.lens.call(suggester, s, "edit", {
      file_path: "Team/Plan.md",
      old_string: "beta",
      new_string: "gamma",
    });
    expect(r.isError).toBe(false);
    expect(t.persists()).toBe(1);
    const raw = t.workspace.view(t.workspace.paths.get("Team/Plan.md")!.docId)!.raw;
    expect(raw).toMatch(
      /\{--\{"author":"Ana's Claude"[^}]*\}@@beta--\}\{\+\+\{"author":"Ana's Claude"/,
    );
    const entries = await auditLines(t.audit.file);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      who: "Ana's Claude",
      role: "suggest",
      action: "tool.edit",
      path: "Team/Plan.md",
      outcome: "ok",
    });
    const line = t.lines.find((l) => l.message === "tool call" && l.fields.tool === "edit");
    expect(line?.fields).toMatchObject({
      who: "Ana's Claude",
      isError: false,
      path: "Team/Plan.md",
    });
    expect(line?.fields.code).toBeUndefined();
  });

  it("logs a failed call's code and neither persists nor audits it", async () => {
    const t = await setup();
    const r = await t.lens.call(suggester, session("mcp:3"), "edit", {
      file_path: "Team/Plan.md",
      old_string: "beta",
      new_string: "gamma",
    });
    expect(r.code).toBe("not_read");
    expect(t.persists()).toBe(0);
    expect(await auditLines(t.audit.file)).toEqual([]);
    expect(t.lines.at(-1)?.fields).toMatchObject({ tool: "edit", code: "not_read", isError: true });
  });

  it("shares reads between transports through a handle", async () => {
    const t = await setup();
    await t.lens.call(suggester, { transport: "a", handle: "h1" }, "read", {
      file_path: "Team/Ideas.md",
    });
    const r = await t.lens.call(suggester, { transport: "b" }, "edit", {
      file_path: "Team/Ideas.md",
      old_string: "an idea",
      new_string: "a better idea",
      session_id: "h1",
    });
    expect(r.isError).toBe(false);
  });

  it("throws ToolCallError for an unknown tool or arguments outside the schema", async () => {
    const t = await setup();
    await expect(t.lens.call(OWNER_ACTOR, session("x"), "nope", {})).rejects.toBeInstanceOf(
      ToolCallError,
    );
    await expect(
      t.lens.call(OWNER_ACTOR, session("x"), "read", { file_path: 3 }),
    ).rejects.toBeInstanceOf(ToolCallError);
  });

  it("keeps folders out of reach out of every answer", async () => {
    const t = await setup();
    const r = await t.lens.call(suggester, session("y"), "grep", { pattern: "salary" });
    expect(r.text).toBe("No matches found");
    const read = await t.lens.call(suggester, session("y"), "read", {
      file_path: "Private/Secret.md",
    });
    expect(read.code).toBe("not_found");
  });

  it("runs grep through the grep port when there is one, with the answer core gives", async () => {
    const plans: GrepPlan[] = [];
    const t = await setup();
    const elsewhere = await setup({
      grep: async (plan) => {
        plans.push(plan);
        return grepTool.run(
          t.workspace,
          new SessionStore().get("w"),
          { ...plan.params, path: plan.scope } as never,
          viewer.caller,
        );
      },
    });
    const args = { pattern: "idea|beta", output_mode: "content", "-n": true };
    const here = await t.lens.call(viewer, session("g"), "grep", args);
    const there = await elsewhere.lens.call(viewer, session("g"), "grep", args);
    expect(plans).toHaveLength(1);
    expect(there).toEqual(here);
    const direct = coreCall(
      { workspace: t.workspace, sessions: new SessionStore(), sessionId: "d" },
      "grep",
      args,
    );
    expect(here.text).toBe(direct.text);
    expect(grepPlan(t.workspace, args as never).ok).toBe(true);
  });

  it("says a write that could not be saved was made, with the code not_saved", async () => {
    const t = await setup({
      persist: async () => {
        throw new Error("disk full");
      },
    });
    const s = session("p");
    await t.lens.call(suggester, s, "read", { file_path: "Team/Plan.md" });
    const r = await t.lens.call(suggester, s, "edit", {
      file_path: "Team/Plan.md",
      old_string: "beta",
      new_string: "gamma",
    });
    expect(r).toMatchObject({ isError: true, code: "not_saved" });
    expect(r.text).toContain("could not be saved");
    expect(r.text).toContain("Do not repeat it");
    expect(r.text).not.toContain("disk full");
    expect(t.lines.find((l) => l.level === "error")?.message).toBe("could not persist a write");
  });
});

describe("attribution", () => {
  it("takes the token's name, else the server's author, else the client's name", async () => {
    const t = await setup();
    const anon = { who: "owner", credential: "owner", caller: { ...OWNER_ACTOR.caller } };
    expect(t.lens.actor(anon, "claude-code").caller.author).toBe("claude-code");
    expect(t.lens.actor(actor("Ana"), "claude-code").caller.author).toBe("Ana");
    expect(t.lens.actor(undefined).who).toBe("owner");
  });
});
