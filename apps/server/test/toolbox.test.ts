// The assistant's toolbox (issue 35) through `lens serve` over real HTTP: a real MCP client with
// named tokens (one scoped to the Team folder), and REST. insert lands as a suggestion where it
// was asked; scoped tokens never see other folders.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import {
  type Connection,
  connectHttp,
  rawText,
  requireBuiltCli,
  spawnCli,
  tempDir,
} from "./helpers.js";

const ADMIN = "admin-token-0123456789abcdef";

const TEAM: Record<string, string> = {
  "Daily/2026-11-24.md":
    "---\ntags: [daily, team/ops]\nstatus: open\n---\n# Tuesday\n\n## Tasks\n- ship the release\n- call Ann\n\n## Notes\nQuiet day. #standup\n",
  "Plans.md": "# Plans\n\nPlan A: ship it.\n",
};
const RESEARCH: Record<string, string> = {
  "Secret.md": "---\ntags: daily\nstatus: open\n---\n# Secret\n\nNot for Team tokens. #standup\n",
};

let tmp: ReturnType<typeof tempDir>;
let server: RunningServer;
let base: string;
const tokens = { teamAssistant: "", viewer: "" };
let team: Connection;

function writeVault(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

async function addToken(data: string, name: string, role: string, folders: string[] = []) {
  const child = spawnCli([
    "token",
    "add",
    "--name",
    name,
    "--role",
    role,
    ...folders.flatMap((f) => ["--folder", f]),
    "--data",
    data,
  ]);
  const { code } = await child.exited;
  expect(code, child.stderr()).toBe(0);
  return child.stdout().trimEnd().split("\n").at(-1) ?? "";
}

async function tool(
  conn: Connection,
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean; data: Record<string, unknown> }> {
  const r = (await conn.client.callTool({ name, arguments: args })) as CallToolResult;
  const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return {
    text,
    isError: r.isError === true,
    data: (r.structuredContent ?? {}) as Record<string, unknown>,
  };
}

function api(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return fetch(`${base}/api/v1${path}`, { ...init, headers });
}

beforeAll(async () => {
  requireBuiltCli();
  tmp = tempDir("lens-toolbox-");
  const data = join(tmp.path, "data");
  mkdirSync(data);
  writeVault(join(tmp.path, "Team"), TEAM);
  writeVault(join(tmp.path, "Research"), RESEARCH);
  const cfg = resolveServeConfig(
    {
      port: "0",
      data,
      token: ADMIN,
      import: [`${join(tmp.path, "Team")}=Team`, `${join(tmp.path, "Research")}=Research`],
    },
    {},
  );
  server = await startServe(cfg, silentLog());
  base = server.listening.baseUrl;
  tokens.teamAssistant = await addToken(data, "Team Claude", "suggest", ["Team"]);
  tokens.viewer = await addToken(data, "viewer", "view");
  team = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.teamAssistant}` });
}, 120_000);

afterAll(async () => {
  await team?.close();
  await server?.stop();
  tmp?.remove();
});

describe("insert over MCP", () => {
  it("appends at the end of a heading's section, before the next heading, as an audited suggestion", async () => {
    const path = "Team/Daily/2026-11-24.md";
    const unread = await tool(team, "insert", { file_path: path, heading: "Tasks", content: "x" });
    expect(unread.isError).toBe(true);
    expect(unread.text).toMatch(/You have not read Team\/Daily\/2026-11-24\.md/);
    await tool(team, "read", { file_path: path });
    const r = await tool(team, "insert", {
      file_path: path,
      heading: "## Tasks",
      content: "- book the room",
      position: "end",
    });
    expect(r.isError, r.text).toBe(false);
    expect(r.data).toMatchObject({ heading: "## Tasks", firstLine: 10, lines: 1 });
    expect(r.text).toContain("    10\t- book the room");
    expect(rawText(server.data.workspace, path)).toMatch(
      /- call Ann\n\{\+\+\{"author":"Team Claude","time":\d+,"timestamp":\d+\}@@- book the room\n\+\+\}\n## Notes/,
    );
    const read = await tool(team, "read", { file_path: path });
    expect(read.text).toMatch(/line 10: insert "- book the room\\n" \(by Team Claude\)/);
    const audit = (await (await api("/audit?limit=1000", ADMIN)).json()) as {
      entries: { who: string; action: string; path?: string }[];
    };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({ who: "Team Claude", action: "tool.insert", path }),
    );
  });

  it("a scoped token cannot insert into another folder, and a viewer cannot insert at all", async () => {
    const hidden = await tool(team, "insert", { file_path: "Research/Secret.md", content: "x" });
    expect(hidden.isError).toBe(true);
    expect(hidden.text).toMatch(/^File does not exist: Research\/Secret\.md\./);
    const viewer = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.viewer}` });
    try {
      const names = (await viewer.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain("insert");
      const r = await tool(viewer, "insert", { file_path: "Team/Plans.md", content: "x" });
      expect(r.text).toMatch(/needs the "suggest" role; this token has "view"/);
    } finally {
      await viewer.close();
    }
    expect(rawText(server.data.workspace, "Research/Secret.md")).not.toContain("{++");
    expect(rawText(server.data.workspace, "Team/Plans.md")).not.toContain("{++");
  });
});

describe("properties and tags over MCP", () => {
  it("read returns the note's properties and tags", async () => {
    const r = await tool(team, "read", { file_path: "Team/Daily/2026-11-24.md" });
    expect(r.isError, r.text).toBe(false);
    expect(r.data.properties).toEqual({ tags: ["daily", "team/ops"], status: "open" });
    expect(r.data.tags).toEqual(["daily", "team/ops", "standup"]);
  });

  it("glob with tag (and where) returns only tagged notes, within the token's folders", async () => {
    const admin = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${ADMIN}` });
    try {
      const all = await tool(admin, "glob", { pattern: "**", tag: "daily" });
      expect(all.text.split("\n").sort()).toEqual([
        "Research/Secret.md",
        "Team/Daily/2026-11-24.md",
      ]);
    } finally {
      await admin.close();
    }
    const scoped = await tool(team, "glob", { pattern: "**", tag: ["daily"] });
    expect(scoped.text).toBe("Team/Daily/2026-11-24.md");
    const where = await tool(team, "glob", { pattern: "**", where: { status: "open" } });
    expect(where.text).toBe("Team/Daily/2026-11-24.md");
    const none = await tool(team, "glob", { pattern: "**", tag: "standup", where: { x: 1 } });
    expect(none.text).toMatch(/^No notes found with tag "standup", x = 1/);
    // REST's listing filters the same way, for the same token.
    const rest = (await (await api("/documents?tag=standup", tokens.teamAssistant)).json()) as {
      documents: { path: string }[];
    };
    expect(rest.documents.map((d) => d.path)).toEqual(["Team/Daily/2026-11-24.md"]);
  });
});

describe("batch read and recent over MCP", () => {
  it("read with file_paths returns several notes, each then editable; hidden ones as missing", async () => {
    const fresh = await connectHttp(`${base}/mcp`, {
      authorization: `Bearer ${tokens.teamAssistant}`,
    });
    try {
      const r = await tool(fresh, "read", {
        file_paths: ["Team/Plans.md", "Research/Secret.md", "Team/Daily/2026-11-24.md"],
      });
      expect(r.isError, r.text).toBe(false);
      const docs = r.data.documents as { path: string; error?: string }[];
      expect(docs.map((d) => d.path)).toEqual([
        "Team/Plans.md",
        "Research/Secret.md",
        "Team/Daily/2026-11-24.md",
      ]);
      expect(docs[1]?.error).toMatch(/^File does not exist: Research\/Secret\.md/);
      expect(r.text).toMatch(/^==> Team\/Plans\.md <==\n {5}1\t# Plans/);
      const edit = await tool(fresh, "edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan A",
        new_string: "Plan One",
      });
      expect(edit.isError, edit.text).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it("recent lists the notes changed, with suggestion authors, within the token's folders", async () => {
    const r = await tool(team, "recent", { since: "1h" });
    expect(r.isError, r.text).toBe(false);
    const entries = r.data.entries as { path: string; suggestedBy: string[] }[];
    expect(entries.map((e) => e.path)).toContain("Team/Daily/2026-11-24.md");
    expect(entries.every((e) => e.path.startsWith("Team/"))).toBe(true);
    expect(entries.find((e) => e.path === "Team/Daily/2026-11-24.md")?.suggestedBy).toEqual([
      "Team Claude",
    ]);
    const admin = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${ADMIN}` });
    try {
      const all = await tool(admin, "recent", { since: "1d" });
      expect(all.text).toContain("Research/Secret.md");
    } finally {
      await admin.close();
    }
  });
});
