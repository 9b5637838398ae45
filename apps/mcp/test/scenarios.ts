// One case suite for every way an MCP client reaches Lens (in-memory, Streamable HTTP in process,
// `lens serve` as a child process, `lens stdio`): the same calls must give the same answers.
// Each case touches its own documents, so the suite also runs against one shared server.
import { lensTools, toolInputJsonSchema, toolOutputJsonSchema } from "@lens/core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { type Connection, call, FIXTURE_PATHS, suggested } from "./support.js";

export interface ScenarioTarget {
  /** A new connected client (a new MCP session where the transport has sessions). */
  connect(): Promise<Connection>;
  /** The raw text (CriticMarkup included) of a document, when the test can look inside. */
  raw?(path: string): Promise<string>;
}

async function withClient<T>(
  target: ScenarioTarget,
  fn: (c: Connection) => Promise<T>,
): Promise<T> {
  const conn = await target.connect();
  try {
    return await fn(conn);
  } finally {
    await conn.close();
  }
}

async function protocolError(p: Promise<unknown>): Promise<McpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof McpError) return e;
    throw e;
  }
  throw new Error("expected a protocol error, got a result");
}

export function runScenarios(label: string, target: ScenarioTarget): void {
  const test = (name: string, fn: () => Promise<void>) => it(name, fn);

  describe(`${label}: seed scenarios`, () => {
    test("initializes and lists the tools with core's schemas and annotations", () =>
      withClient(target, async ({ client }) => {
        expect(client.getServerVersion()?.name).toBe("lens");
        expect(client.getInstructions()).toMatch(/CriticMarkup/);
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual([
          "read",
          "glob",
          "grep",
          "search",
          "recent",
          "edit",
          "insert",
          "get_links",
          "create",
          "move",
          "delete",
          "suggestions",
          "withdraw",
        ]);
        for (const tool of lensTools) {
          const listed = tools.find((t) => t.name === tool.name)!;
          expect(listed.inputSchema).toEqual(toolInputJsonSchema(tool));
          expect(listed.outputSchema).toEqual(toolOutputJsonSchema(tool));
          expect(listed.outputSchema?.type).toBe("object");
          expect(listed.description).toBe(tool.description);
          expect(listed.title).toBe(tool.title);
          expect(listed.annotations?.readOnlyHint).toBe(tool.readOnly);
          expect(listed.annotations?.destructiveHint).toBe(false);
          expect(listed.annotations?.idempotentHint).toBe(tool.readOnly);
        }
        // Defaults are optional, as in Claude Code's Edit: replace_all is not required.
        const edit = tools.find((t) => t.name === "edit")!;
        expect(edit.inputSchema.required).toEqual(["file_path", "old_string", "new_string"]);
      }));

    test("every tool returns its typed result as structuredContent, the text rendered from it", () =>
      withClient(target, async ({ client }) => {
        // Listing first: the SDK client then checks every structuredContent against the
        // tool's outputSchema, and throws on a result that does not fit.
        const { tools } = await client.listTools();
        const result = async (name: string, args: Record<string, unknown>) =>
          (await client.callTool({ name, arguments: args })) as CallToolResult;
        const calls: [string, Record<string, unknown>][] = [
          ["read", { file_path: "Team/Plans.md", offset: 2, limit: 2 }],
          ["glob", { pattern: "**/*.md" }],
          ["grep", { pattern: "ship", output_mode: "content", "-C": 1 }],
          ["grep", { pattern: "ship", output_mode: "count" }],
          ["grep", { pattern: "ship" }],
          ["search", { query: "plans ship" }],
          ["get_links", { file_path: "Team/Plans.md" }],
        ];
        for (const [name, args] of calls) {
          const r = await result(name, args);
          expect(r.isError, name).toBeFalsy();
          expect(tools.find((t) => t.name === name)?.outputSchema, name).toBeDefined();
          expect(r.structuredContent, name).toBeTypeOf("object");
        }
        const read = await result("read", { file_path: "Team/Plans.md", offset: 2, limit: 2 });
        expect(read.structuredContent).toMatchObject({
          path: "Team/Plans.md",
          view: "ai",
          lines: { start: 2, end: 3 },
          content: "\nPlan A: ship it.\n",
        });
        const grep = await result("grep", { pattern: "Plan A", output_mode: "content" });
        expect(grep.structuredContent).toMatchObject({
          entries: [{ kind: "match", path: "Team/Plans.md", line: 3 }],
          nextOffset: null,
        });
        expect(grep.content).toEqual([{ type: "text", text: "Team/Plans.md:3:Plan A: ship it." }]);
        // A failure stays an isError result, with its code beside the text.
        const missing = await result("read", { file_path: "Team/Nope.md" });
        expect(missing.isError).toBe(true);
        expect(missing.structuredContent).toBeUndefined();
        expect(missing._meta?.["lens/error"]).toEqual({ code: "not_found" });
      }));

    test("edit is refused before read, and says to read first", () =>
      withClient(target, async ({ client }) => {
        const r = await call(client, "edit", {
          file_path: "Team/Plans.md",
          old_string: "Plan A",
          new_string: "Plan Z",
        });
        expect(r.isError).toBe(true);
        expect(r.text).toMatch(/read/);
        expect(r.text).toContain("Team/Plans.md");
      }));

    test("read, then edit wraps the change as {--old--}{++new++}", () =>
      withClient(target, async ({ client }) => {
        const read = await call(client, "read", { file_path: "Team/Notes/Ideas.md" });
        expect(read.isError).toBe(false);
        expect(read.text).toContain("     4\tThe old idea was good.");
        const edit = await call(client, "edit", {
          file_path: "Team/Notes/Ideas.md",
          old_string: "The old idea was good.",
          new_string: "The new idea is better.",
        });
        expect(edit.isError).toBe(false);
        expect(edit.text).toMatch(/review/);
        const again = await call(client, "read", { file_path: "Team/Notes/Ideas" });
        expect(again.text).toContain("     4\tThe new idea is better.");
        if (target.raw) {
          expect(await target.raw("Team/Notes/Ideas.md")).toMatch(
            suggested("The old idea was good.", "The new idea is better."),
          );
        }
      }));

    test("old_string not found and not unique are distinct errors", () =>
      withClient(target, async ({ client }) => {
        await call(client, "read", { file_path: "Team/Archive/Old.md" });
        const missing = await call(client, "edit", {
          file_path: "Team/Archive/Old.md",
          old_string: "nowhere to be seen",
          new_string: "x",
        });
        expect(missing.isError).toBe(true);
        const twice = await call(client, "edit", {
          file_path: "Team/Archive/Old.md",
          old_string: "ship it",
          new_string: "ship nothing",
        });
        expect(twice.isError).toBe(true);
        expect(twice.text).toMatch(/\b2\b/);
        expect(twice.text).not.toBe(missing.text);
        const read = await call(client, "read", { file_path: "Team/Archive/Old.md" });
        expect(read.text).toBe("     1\tship it\n     2\tship it");
      }));

    test("no such document is a tool error that suggests glob", () =>
      withClient(target, async ({ client }) => {
        const r = await call(client, "read", { file_path: "Team/Nope.md" });
        expect(r.isError).toBe(true);
        expect(r.text).toMatch(/glob/);
      }));

    test("grep: files_with_matches (default), content and count", () =>
      withClient(target, async ({ client }) => {
        const files = await call(client, "grep", { pattern: "ship it" });
        expect(files.isError).toBe(false);
        expect(files.text.split("\n")).toEqual(["Team/Archive/Old.md", "Team/Plans.md"]);
        const content = await call(client, "grep", {
          pattern: "Plan B",
          output_mode: "content",
        });
        expect(content.text).toBe("Team/Plans.md:4:Plan B: ship it again.");
        const count = await call(client, "grep", { pattern: "ship it", output_mode: "count" });
        expect(count.text.split("\n")).toEqual(["Team/Archive/Old.md:2", "Team/Plans.md:2"]);
        const none = await call(client, "grep", { pattern: "zebra" });
        expect(none.text).toMatch(/No matches found/);
        const bad = await call(client, "grep", { pattern: "(unclosed" });
        expect(bad.isError).toBe(true);
      }));

    test("glob lists documents, scoped by path", () =>
      withClient(target, async ({ client }) => {
        const all = await call(client, "glob", { pattern: "**/*.md" });
        expect(all.text.split("\n").sort()).toEqual(FIXTURE_PATHS);
        const team = await call(client, "glob", { pattern: "*.md", path: "Team" });
        expect(team.text).toBe("Team/Plans.md");
        const none = await call(client, "glob", { pattern: "**/*.canvas" });
        expect(none.text).toMatch(/No files found/);
      }));

    test("get_links lists backlinks, links and unresolved links", () =>
      withClient(target, async ({ client }) => {
        const r = await call(client, "get_links", { file_path: "Team/Plans.md" });
        expect(r.isError).toBe(false);
        const [back, links] = r.text.split(/\n\n/);
        expect(back).toContain("Team/Notes/Ideas.md");
        expect(back).toContain("Research/Paper.md");
        expect(links).toContain("Team/Notes/Ideas.md");
        expect(links).toContain("Unresolved: [[Missing Note]]");
      }));

    test("an unknown tool is a protocol error; bad arguments are tool errors naming them", () =>
      withClient(target, async ({ client }) => {
        const unknown = await protocolError(client.callTool({ name: "rm", arguments: {} }));
        expect(unknown.code).toBe(ErrorCode.InvalidParams);
        expect(unknown.message).toMatch(/Unknown tool "rm"/);
        const missing = await call(client, "read", {});
        expect(missing.isError).toBe(true);
        expect(missing.text).toMatch(/^Invalid arguments for read: .*file_path/s);
        const typed = await call(client, "read", { file_path: 42 });
        expect(typed.isError).toBe(true);
        expect(typed.text).toMatch(/^Invalid arguments for read: .*file_path/s);
        const limit = await call(client, "read", { file_path: "Team/Plans.md", limit: "all" });
        expect(limit.isError).toBe(true);
        expect(limit.text).toMatch(/limit/);
        const extra = await call(client, "read", { file_path: "Team/Plans.md", extra: 1 });
        expect(extra).toEqual({
          isError: true,
          text: 'Invalid arguments for read: unknown argument "extra"; read takes file_path, file_paths, offset, limit, session_id.',
        });
        // session_id stays accepted by every tool.
        const handle = await call(client, "read", {
          file_path: "Team/Plans.md",
          session_id: "scenario-handle",
        });
        expect(handle.isError).toBe(false);
        // Still serving.
        expect((await call(client, "glob", { pattern: "Team/Plans.md" })).text).toBe(
          "Team/Plans.md",
        );
      }));

    test("path traversal, absolute paths and NUL are clear tool errors", () =>
      withClient(target, async ({ client }) => {
        for (const file_path of [
          "../etc/passwd",
          "Team/../../etc/passwd",
          "/etc/passwd",
          "Team/Plans\u0000.md",
        ]) {
          const r = await call(client, "read", { file_path });
          expect(r.isError, file_path).toBe(true);
          expect(r.text, file_path).toMatch(/Invalid file_path|does not exist/);
        }
        const g = await call(client, "glob", { pattern: "*", path: "../.." });
        expect(g.isError).toBe(true);
        expect((await call(client, "read", { file_path: "Team/Plans.md" })).isError).toBe(false);
      }));

    test("a large but legal argument is a clear tool error, not a crash", () =>
      withClient(target, async ({ client }) => {
        await call(client, "read", { file_path: "Team/Plans.md" });
        const big = "x".repeat(1_000_000);
        const r = await call(client, "edit", {
          file_path: "Team/Plans.md",
          old_string: big,
          new_string: "y",
        });
        expect(r.isError).toBe(true);
        expect(r.text.length).toBeLessThan(10_000);
        expect((await call(client, "glob", { pattern: "Team/Plans.md" })).isError).toBe(false);
      }));

    test("search ranks notes by topic, with line numbers and marked words", () =>
      withClient(target, async ({ client }) => {
        const r = await call(client, "search", { query: "plans ship" });
        expect(r.isError, r.text).toBe(false);
        expect(r.text.split("\n")[0]).toMatch(/^Team\/Plans\.md \(score \d+\.\d\d\)$/);
        // "plans" also finds "Plan" (prefix of the folded word is the query's, or a typo away).
        expect(r.text).toContain("  3: **Plan** A: **ship** it.");
        const typo = await call(client, "search", { query: "plams" });
        expect(typo.text.split("\n")[0]).toMatch(/^Team\/Plans\.md/);
        const none = await call(client, "search", { query: "-x" });
        expect(none.isError).toBe(true);
      }));

    // Last: it adds notes that the listings above do not expect.
    test("create makes a note as a suggestion; move renames it and rewrites links to it", () =>
      withClient(target, async ({ client }) => {
        const created = await call(client, "create", {
          file_path: "Team/Meetings/Kickoff",
          content: "# Kickoff\n\nAgreed on [[Plans]].",
        });
        expect(created.isError, created.text).toBe(false);
        expect(created.text).toMatch(/^Created Team\/Meetings\/Kickoff\.md with 3 lines/);
        const index = await call(client, "create", {
          file_path: "Team/Meetings/Index.md",
          content: "- [[Kickoff]]",
        });
        expect(index.isError).toBe(false);
        expect(
          (await call(client, "read", { file_path: "Team/Meetings/Kickoff.md" })).text,
        ).toContain("     3\tAgreed on [[Plans]].");
        const again = await call(client, "create", {
          file_path: "Team/Meetings/Kickoff.md",
          content: "x",
        });
        expect(again.isError).toBe(true);
        expect(again.text).toMatch(/already exists: use edit/);
        const moved = await call(client, "move", {
          file_path: "Team/Meetings/Kickoff.md",
          new_path: "Team/Meetings/2026 Kickoff.md",
        });
        expect(moved.isError, moved.text).toBe(false);
        expect(moved.text).toContain("Team/Meetings/Index.md");
        expect(
          (await call(client, "read", { file_path: "Team/Meetings/Index.md" })).text,
        ).toContain("[[2026 Kickoff]]");
        const links = await call(client, "get_links", { file_path: "Team/Plans.md" });
        expect(links.text).toContain("Team/Meetings/2026 Kickoff.md");
        if (target.raw) {
          // Index.md's own creation is still pending: the rewrite merges into that insertion
          // (its metadata now the move's, with the rewrites' changeset).
          expect(await target.raw("Team/Meetings/Index.md")).toMatch(
            /^\{\+\+\{"author":"lens\\u002dtest","time":\d+,"timestamp":\d+,"changeset":"move\\u002d[0-9a-f]{8}"\}@@- \[\[2026 Kickoff\]\]\+\+\}$/,
          );
        }
      }));
  });
}
