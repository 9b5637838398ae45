// The registry: how arguments are checked and how schemas are published to adapters.
import { describe, expect, it } from "vitest";
import { SessionStore } from "../tools/session.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { callTool, lensTools, ToolCallError, toolInputJsonSchema } from "./registry.js";

function context() {
  const workspace = workspaceFromTexts([{ name: "Lens", files: { "A.md": "alpha\n" } }]);
  return { workspace, sessions: new SessionStore(), sessionId: "t" };
}

describe("published schemas", () => {
  it("require only what a caller must give (defaults are optional), like Claude Code's tools", () => {
    const required = Object.fromEntries(
      lensTools.map((t) => [t.name, (toolInputJsonSchema(t).required as string[]) ?? []]),
    );
    expect(required).toEqual({
      read: [],
      glob: ["pattern"],
      grep: ["pattern"],
      edit: ["file_path", "old_string", "new_string"],
      insert: ["file_path", "content"],
      get_links: ["file_path"],
      search: ["query"],
      recent: ["since"],
      create: ["file_path", "content"],
      move: ["file_path", "new_path"],
      delete: ["file_path"],
      suggestions: [],
      withdraw: ["ids"],
    });
  });

  it("say additionalProperties: false, and list session_id", () => {
    for (const t of lensTools) {
      const schema = toolInputJsonSchema(t);
      expect(schema.additionalProperties, t.name).toBe(false);
      expect(Object.keys(schema.properties as object), t.name).toContain("session_id");
    }
  });

  it("publish grep's glob as one string or an array of strings", () => {
    const grep = lensTools.find((t) => t.name === "grep")!;
    const glob = (toolInputJsonSchema(grep).properties as Record<string, unknown>).glob;
    expect(JSON.stringify(glob)).toMatch(/"type":"array"/);
    expect(JSON.stringify(glob)).toMatch(/"type":"string"/);
  });
});

describe("callTool arguments", () => {
  it("says which alternative of a union failed, not a bare 'Invalid input'", () => {
    const ctx = context();
    const message = (args: unknown) => {
      try {
        callTool(ctx, "grep", args);
      } catch (e) {
        return (e as Error).message;
      }
      return "no error";
    };
    expect(message({ pattern: "x", glob: Array(101).fill("*.md") })).toBe(
      'Invalid arguments for grep: ✖ at most 100 globs; combine several in one with braces, e.g. "{Notes,Ideas}/**"\n  → at glob',
    );
    expect(message({ pattern: "x", glob: ["*.md", 3] })).toBe(
      "Invalid arguments for grep: ✖ Invalid input: expected string, received number\n  → at glob[1]",
    );
    expect(message({ pattern: "x", glob: 5 })).toBe(
      "Invalid arguments for grep: ✖ Invalid input: expected string or array\n  → at glob",
    );
  });

  it("refuses an argument the schema does not name, naming it and the allowed ones", () => {
    const ctx = context();
    let err: unknown;
    try {
      callTool(ctx, "read", { file_path: "Lens/A.md", extra: 1 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ToolCallError);
    expect((err as ToolCallError).code).toBe("invalid_arguments");
    expect((err as Error).message).toBe(
      'Invalid arguments for read: unknown argument "extra"; read takes file_path, file_paths, offset, limit, session_id.',
    );
    // Nothing was read: the session still has to read before editing.
    expect(
      callTool(ctx, "edit", { file_path: "Lens/A.md", old_string: "alpha", new_string: "beta" })
        .text,
    ).toMatch(/read/);
  });

  it("accepts session_id and the documented arguments", () => {
    const r = callTool(context(), "read", { file_path: "Lens/A.md", session_id: "mine" });
    expect(r).toMatchObject({ text: "     1\talpha", isError: false });
  });

  it("refuses strings that are not well-formed Unicode, naming the argument, and changes nothing", () => {
    const ctx = context();
    callTool(ctx, "read", { file_path: "Lens/A.md" });
    for (const new_string of ["lone \uD800 high", "lone \uDC00 low", "end \uD83D"]) {
      expect(() =>
        callTool(ctx, "edit", { file_path: "Lens/A.md", old_string: "alpha", new_string }),
      ).toThrow(/"new_string" is not well-formed Unicode/);
    }
    expect(() => callTool(ctx, "grep", { pattern: "x", glob: ["ok", "\uDFFF"] })).toThrow(
      /"glob" is not well-formed/,
    );
    const loc = ctx.workspace.paths.get("Lens/A.md")!;
    expect(ctx.workspace.contentText(loc.docId)!.toString()).toBe("alpha\n");
    // A proper pair is fine.
    const ok = callTool(ctx, "edit", {
      file_path: "Lens/A.md",
      old_string: "alpha",
      new_string: "😀",
    });
    expect(ok.isError).toBe(false);
  });

  it("bounds the unknown names it repeats", () => {
    expect(() => callTool(context(), "glob", { pattern: "*", ["k".repeat(100_000)]: 1 })).toThrow(
      /^.{0,300}$/s,
    );
  });
});
