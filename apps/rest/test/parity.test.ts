// The same calls through REST (over real HTTP) and through core's callTool — what the MCP server
// runs — give the same tool text, successes and refusals alike, and leave the same documents.
import { callTool, SessionStore, type Workspace } from "@lens/core";
import { afterEach, describe, expect, it } from "vitest";
import { json, overHttp, type RestClient } from "./support/clients.js";
import { fixtureWorkspace } from "./support/fixture.js";

interface Call {
  tool: string;
  args: Record<string, unknown>;
  /** The same call over REST. */
  rest: string;
}

const q = encodeURIComponent;

const readOnlyCalls: Call[] = [
  { tool: "glob", args: { pattern: "**" }, rest: "/documents" },
  {
    tool: "glob",
    args: { pattern: "**/*.md", path: "Lens" },
    rest: `/documents?pattern=${q("**/*.md")}&path=Lens`,
  },
  { tool: "glob", args: { pattern: "P*" }, rest: "/documents?pattern=P*" },
  { tool: "grep", args: { pattern: "TODO" }, rest: "/grep?pattern=TODO" },
  {
    tool: "grep",
    args: {
      pattern: "todo",
      "-i": true,
      output_mode: "content",
      "-C": 1,
      head_limit: 3,
      offset: 1,
    },
    rest: "/grep?pattern=todo&case_insensitive=true&output_mode=content&context=1&head_limit=3&offset=1",
  },
  {
    tool: "grep",
    args: { pattern: "^#", output_mode: "count", glob: "!Review.md", path: "Lens" },
    rest: `/grep?pattern=${q("^#")}&output_mode=count&glob=${q("!Review.md")}&path=Lens`,
  },
  {
    tool: "grep",
    args: { pattern: "fox", output_mode: "content", "-n": false, "-B": 2, "-A": 0 },
    rest: "/grep?pattern=fox&output_mode=content&line_numbers=false&before_context=2&after_context=0",
  },
  { tool: "grep", args: { pattern: "[unclosed" }, rest: `/grep?pattern=${q("[unclosed")}` },
  {
    tool: "grep",
    args: { pattern: "TODO", glob: ["Notes/**", "!Plan.md"] },
    rest: `/grep?pattern=TODO&glob=${q("Notes/**")}&glob=${q("!Plan.md")}`,
  },
  {
    tool: "grep",
    args: { pattern: "TODO", glob: "Index.md Todo.md" },
    rest: `/grep?pattern=TODO&glob=${q("Index.md Todo.md")}`,
  },
  {
    tool: "grep",
    args: { pattern: "x", path: "Lens/Nope" },
    rest: "/grep?pattern=x&path=Lens/Nope",
  },
  {
    tool: "get_links",
    args: { file_path: "Lens/Notes/Ideas.md" },
    rest: "/documents/Lens/Notes/Ideas.md/links",
  },
  {
    tool: "get_links",
    args: { file_path: "Lens/Notes/Plan" },
    rest: "/documents/Lens/Notes/Plan/links",
  },
  { tool: "get_links", args: { file_path: "Lens/Nope.md" }, rest: "/documents/Lens/Nope.md/links" },
];

/** The tool text of a REST answer: `text` of a success, `detail` of a problem. */
async function restText(res: Response): Promise<string> {
  const body = (await res.json()) as { text?: string; detail?: string };
  return res.ok ? (body.text ?? "") : (body.detail ?? "");
}

function direct(
  ws: Workspace,
  sessions: SessionStore,
  tool: string,
  args: Record<string, unknown>,
) {
  return callTool({ workspace: ws, sessions, sessionId: "mcp-like" }, tool, args);
}

describe("REST and callTool give the same tool text", () => {
  let client: RestClient | undefined;
  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  for (const call of readOnlyCalls) {
    it(`${call.tool} ${JSON.stringify(call.args)}`, async () => {
      client = await overHttp();
      const expected = direct(client.ws, new SessionStore(), call.tool, call.args);
      const res = await client.fetch(call.rest);
      expect(res.ok).toBe(!expected.isError);
      expect(await restText(res)).toBe(expected.text);
    });
  }

  it("edit: the same edits, refusals included, give the same texts and the same documents", async () => {
    client = await overHttp();
    const twin = fixtureWorkspace();
    const sessions = new SessionStore();
    const edits: [string, Record<string, unknown>][] = [
      ["Lens/Notes/Plan.md", { old_string: "ship it", new_string: "ship it soon" }],
      ["Lens/Notes/Plan.md", { old_string: "absent text", new_string: "x" }],
      ["Lens/Index.md", { old_string: "de", new_string: "DE" }],
      ["Lens/Index.md", { old_string: "de", new_string: "DE", replace_all: true }],
      ["Lens/Review.md", { old_string: "that and new", new_string: "those and newer" }],
      ["Lens/Review.md", { old_string: "comment", new_string: "remark" }],
      ["Team/Todo", { old_string: "later", new_string: "" }],
      ["Lens/Nope.md", { old_string: "a", new_string: "b" }],
    ];
    for (const [path, args] of edits) {
      const read = direct(twin, sessions, "read", { file_path: path });
      const expected = direct(twin, sessions, "edit", { file_path: path, ...args });
      const etag = (await client.fetch(`/documents/${path}`)).headers.get("etag") ?? '"none"';
      const res = await client.fetch(`/documents/${path}/edit`, json(args, { "If-Match": etag }));
      expect(res.ok, `${path} ${JSON.stringify(args)}`).toBe(!expected.isError);
      expect(await restText(res)).toBe(expected.text);
      if (read.isError) expect(res.status).toBe(404);
    }
    for (const loc of twin.paths.entries()) {
      if (loc.meta.type !== "markdown" || !twin.hasContent(loc.docId)) continue;
      const mine = client.ws.paths.get(loc.path)!;
      expect(client.ws.view(mine.docId)?.raw, loc.path).toBe(twin.view(loc.docId)?.raw);
    }
  });
});
