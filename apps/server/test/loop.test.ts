// Closing the loop for assistants (issue 33) through a real `lens serve`, over MCP (the SDK's
// client over HTTP) and REST: an edit's reason shows in read and in REST's suggestion list; a
// reviewer accepts one suggestion and rejects another with a reply, and the assistant's
// `suggestions` shows both statuses, the reviewer's name and the reply — also after a restart;
// a withdrawn suggestion leaves the text exactly as rejecting it would; withdrawing someone
// else's is refused and changes nothing.
import { mkdirSync } from "node:fs";
import { addToken } from "@lens/access";
import { EVERYWHERE, reviewSuggestions, workspaceFromTexts } from "@lens/core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig, type ServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { type Connection, connectHttp, rawText, tempDir, writeFixtureVaults } from "./helpers.js";

const ADMIN = "admin-token-0123456789abcdef";
const PLANS = "Team/Plans.md";
let tmp: ReturnType<typeof tempDir>;
let cfg: ServeConfig;
let server: RunningServer;
const tokens = { claude: "", other: "", bo: "" };

type Listed = {
  suggestions: {
    id: string;
    newText: string;
    status: string;
    reviewer?: string;
    reply?: string;
    reason?: string;
  }[];
};

const base = () => server.listening.baseUrl;

function api(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return fetch(`${base()}/api/v1${path}`, { ...init, headers });
}

async function mcp(token: string): Promise<Connection> {
  return connectHttp(`${base()}/mcp`, { authorization: `Bearer ${token}` });
}

async function call(conn: Connection, name: string, args: Record<string, unknown>) {
  const r = (await conn.client.callTool({ name, arguments: args })) as CallToolResult;
  const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return { text, isError: r.isError === true, data: r.structuredContent };
}

beforeAll(async () => {
  tmp = tempDir();
  const data = `${tmp.path}/data`;
  mkdirSync(data);
  const { team } = writeFixtureVaults(`${tmp.path}/vaults`);
  tokens.claude = (await addToken(data, { name: "Claude", role: "suggest", folders: [] })).token;
  tokens.other = (await addToken(data, { name: "Ann's bot", role: "suggest", folders: [] })).token;
  tokens.bo = (await addToken(data, { name: "Bo", role: "edit", folders: [] })).token;
  cfg = resolveServeConfig({ port: "0", data, token: ADMIN, import: [`${team}=Team`] }, {});
  server = await startServe(cfg, silentLog());
}, 120_000);

afterAll(async () => {
  await server?.stop();
  tmp?.remove();
});

describe("reasons, review replies, the suggestions tool and withdraw", () => {
  const ids = { a: "", b: "" };

  it("an edit's reason shows in read (MCP) and in REST's suggestion list", async () => {
    const conn = await mcp(tokens.claude);
    try {
      await call(conn, "read", { file_path: PLANS });
      const a = await call(conn, "edit", {
        file_path: PLANS,
        old_string: "Plan A: ship it.",
        new_string: "Plan A: ship it on Friday.",
        reason: "The team agreed on Friday.",
      });
      expect(a.isError, a.text).toBe(false);
      const b = await call(conn, "edit", {
        file_path: PLANS,
        old_string: "Plan B: ship it again.",
        new_string: "Plan B: ship a fix.",
        reason: "Again was vague.",
      });
      expect(b.isError, b.text).toBe(false);
      const read = await call(conn, "read", { file_path: PLANS });
      expect(read.text).toContain("Plan A: ship it on Friday.");
      expect(read.text).toContain('(by Claude) — reason: "The team agreed on Friday."');
      // The reason is part of the suggestion, not a note in the text.
      expect(read.text).not.toContain("{>>");
    } finally {
      await conn.close();
    }
    const res = await api(`/suggestions?path=${encodeURIComponent(PLANS)}`, tokens.bo);
    expect(res.status).toBe(200);
    const list = (await res.json()) as {
      suggestions: { id: string; new: string; reason?: string; author?: string }[];
    };
    expect(list.suggestions.map((s) => [s.author, s.reason])).toEqual([
      ["Claude", "The team agreed on Friday."],
      ["Claude", "Again was vague."],
    ]);
    ids.a = list.suggestions[0]!.id;
    ids.b = list.suggestions[1]!.id;
  });

  it("after an accept and a reject with a reply, suggestions shows both, also after a restart", async () => {
    const accept = await api("/suggestions/accept", tokens.bo, {
      method: "POST",
      body: JSON.stringify({ path: PLANS, ids: [ids.a] }),
    });
    expect(accept.status).toBe(200);
    const reject = await api("/suggestions/reject", tokens.bo, {
      method: "POST",
      body: JSON.stringify({ path: PLANS, ids: [ids.b], reply: "Plan B stays as it is." }),
    });
    expect(reject.status).toBe(200);
    expect(rawText(server.data.workspace, PLANS)).toContain(
      "Plan A: ship it on Friday.\nPlan B: ship it again.\n",
    );

    const expected = [
      ["Plan B: ship a fix.", "rejected", "Bo", "Plan B stays as it is.", "Again was vague."],
      ["Plan A: ship it on Friday.", "accepted", "Bo", undefined, "The team agreed on Friday."],
    ];
    const seen = async () => {
      const conn = await mcp(tokens.claude);
      try {
        const r = await call(conn, "suggestions", {});
        expect(r.isError, r.text).toBe(false);
        expect(r.text).toContain("rejected by Bo");
        expect(r.text).toContain('reply: "Plan B stays as it is."');
        return (r.data as Listed).suggestions.map((s) => [
          s.newText.trim(),
          s.status,
          s.reviewer,
          s.reply,
          s.reason,
        ]);
      } finally {
        await conn.close();
      }
    };
    const viaRest = async () => {
      const res = await api("/suggestions/history", tokens.claude);
      expect(res.status).toBe(200);
      return ((await res.json()) as Listed).suggestions.map((s) => [s.status, s.reviewer, s.reply]);
    };
    expect(await seen()).toEqual(expected);
    expect(await viaRest()).toEqual(expected.map(([, status, who, reply]) => [status, who, reply]));

    await server.stop();
    server = await startServe(cfg, silentLog());
    expect(await seen()).toEqual(expected);
    expect(await viaRest()).toEqual(expected.map(([, status, who, reply]) => [status, who, reply]));
  }, 60_000);

  it("withdraw: refused for someone else's suggestion; one's own leaves the text as rejecting would", async () => {
    const ideas = "Team/Notes/Ideas.md";
    const mine = await mcp(tokens.claude);
    const theirs = await mcp(tokens.other);
    try {
      await call(mine, "read", { file_path: ideas });
      await call(theirs, "read", { file_path: ideas });
      expect(
        (
          await call(mine, "edit", {
            file_path: ideas,
            old_string: "try [[Plans]] soon",
            new_string: "try [[Plans]] this week",
            reason: "Sooner.",
          })
        ).isError,
      ).toBe(false);
      expect(
        (
          await call(theirs, "edit", {
            file_path: ideas,
            old_string: "was good",
            new_string: "was great",
          })
        ).isError,
      ).toBe(false);
      const pending = (await (
        await api(`/suggestions?path=${encodeURIComponent(ideas)}`, tokens.bo)
      ).json()) as {
        suggestions: { id: string; author: string }[];
      };
      const myId = pending.suggestions.find((s) => s.author === "Claude")!.id;
      const theirId = pending.suggestions.find((s) => s.author === "Ann's bot")!.id;
      const before = rawText(server.data.workspace, ideas);

      // Someone else's: refused over MCP and REST, nothing changed.
      const refused = await call(mine, "withdraw", { ids: [theirId] });
      expect(refused.isError).toBe(true);
      expect(refused.text).toMatch(/by Ann's bot, not you/);
      const restRefused = await api("/suggestions/withdraw", tokens.claude, {
        method: "POST",
        body: JSON.stringify({ ids: [myId, theirId] }),
      });
      expect(restRefused.status).toBe(403);
      expect(rawText(server.data.workspace, ideas)).toBe(before);

      // What rejecting it would leave.
      const copy = workspaceFromTexts([{ name: "Team", files: { "Notes/Ideas.md": before } }]);
      const rejected = reviewSuggestions(copy, EVERYWHERE, {
        action: "reject",
        path: ideas,
        ids: [myId],
      });
      expect(rejected.ok).toBe(true);
      const expected = copy.contentText(copy.paths.get(ideas)!.docId)!.toString();

      const done = await call(mine, "withdraw", { ids: [myId] });
      expect(done.isError, done.text).toBe(false);
      expect(rawText(server.data.workspace, ideas)).toBe(expected);
      expect(expected).toContain("try [[Plans]] soon");
      expect(expected).toContain("was great");

      const history = await call(mine, "suggestions", { path: ideas });
      expect((history.data as Listed).suggestions.map((s) => [s.status, s.reviewer])).toEqual([
        ["pending", undefined],
        ["withdrawn", "Claude"],
      ]);
      const audit = (await (await api("/audit?limit=1000", ADMIN)).json()) as {
        entries: { action: string; who: string; suggestion?: string }[];
      };
      expect(audit.entries).toContainEqual(
        expect.objectContaining({ action: "suggestion.withdraw", who: "Claude", suggestion: myId }),
      );
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});
