// Roles, folders, attribution and the audit log through `lens serve`: named tokens made with the
// `lens token` CLI while the server runs, then used over MCP (HTTP) and REST; revocation and the
// audit log across a restart.
import { mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig, type ServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import {
  call,
  connectHttp,
  rawText,
  requireBuiltCli,
  spawnCli,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

const ADMIN = "admin-token-0123456789abcdef";
let tmp: ReturnType<typeof tempDir>;
let data: string;
let cfg: ServeConfig;
let server: RunningServer;
let base: string;
const tokens = { viewer: "", assistant: "", editor: "" };

/** `lens token …` as a person types it; the token is the last line of stdout. */
async function lensToken(
  args: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawnCli(["token", ...args, "--data", data]);
  const { code } = await child.exited;
  return { code, out: child.stdout(), err: child.stderr() };
}

async function addToken(name: string, role: string, folders: string[] = []): Promise<string> {
  const r = await lensToken([
    "add",
    "--name",
    name,
    "--role",
    role,
    ...folders.flatMap((f) => ["--folder", f]),
  ]);
  expect(r.code, r.err).toBe(0);
  const token = r.out.trimEnd().split("\n").at(-1) ?? "";
  expect(token).toMatch(/^lens_/);
  return token;
}

function api(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return fetch(`${base}/api/v1${path}`, { ...init, headers });
}

beforeAll(async () => {
  requireBuiltCli();
  tmp = tempDir();
  data = `${tmp.path}/data`;
  mkdirSync(data);
  const { team, research } = writeFixtureVaults(`${tmp.path}/vaults`);
  cfg = resolveServeConfig(
    { port: "0", data, token: ADMIN, import: [`${team}=Team`, research] },
    {},
  );
  server = await startServe(cfg, silentLog());
  base = server.listening.baseUrl;
  // Made while the server runs: it sees them without a restart.
  tokens.viewer = await addToken("viewer", "view");
  tokens.assistant = await addToken("Ana's Claude", "suggest", ["Team"]);
  tokens.editor = await addToken("Bo", "edit");
}, 120_000);

afterAll(async () => {
  await server?.stop();
  tmp?.remove();
});

describe("lens token", () => {
  it("lists names, roles and folders, never a token; refuses a duplicate name", async () => {
    const list = await lensToken(["list"]);
    expect(list.code).toBe(0);
    expect(list.out).toContain("Ana's Claude\tsuggest\tTeam");
    expect(list.out).toContain("viewer\tview\tall folders");
    for (const t of Object.values(tokens)) expect(list.out + list.err).not.toContain(t);
    const dup = await lensToken(["add", "--name", "viewer", "--role", "edit"]);
    expect(dup.code).toBe(2);
    expect(dup.err).toMatch(/exists already/);
    const bad = await lensToken(["add", "--name", "x", "--role", "owner"]);
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/view, suggest, edit, admin/);
  });
});

describe("lens token add --folder", () => {
  it("refuses a folder the data directory does not hold, listing those it does, and adds nothing", async () => {
    const r = await lensToken(["add", "--name", "typo", "--role", "view", "--folder", "Nope"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/no folder "Nope".*Research, Team/);
    expect(r.err).toMatch(/--allow-missing-folder/);
    expect(r.out).toBe("");
    // Names are exact: a folder in another case is another name.
    const cased = await lensToken(["add", "--name", "typo", "--role", "view", "--folder", "team"]);
    expect(cased.code).toBe(2);
    expect((await lensToken(["list"])).out).not.toContain("typo");
  });

  it("--allow-missing-folder adds it anyway (a folder that will exist), saying so", async () => {
    const r = await lensToken([
      "add",
      "--name",
      "later",
      "--role",
      "view",
      "--folder",
      "Team",
      "--folder",
      "Coming",
      "--allow-missing-folder",
    ]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/"Coming" is not a folder of this data directory yet/);
    expect((await lensToken(["list"])).out).toContain("later\tview\tTeam, Coming");
  });
});

describe("MCP by role", () => {
  it("view: tools/list offers no edit, and calling it is refused naming the role", async () => {
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.viewer}` });
    try {
      const names = (await conn.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual([
        "read",
        "glob",
        "grep",
        "search",
        "recent",
        "get_links",
        "suggestions",
      ]);
      await call(conn.client, "read", { file_path: "Team/Plans.md" });
      const r = await call(conn.client, "edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan A",
        new_string: "Plan Z",
      });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/needs the "suggest" role; this token has "view"/);
      expect(rawText(server.data.workspace, "Team/Plans.md")).not.toContain("Plan Z");
    } finally {
      await conn.close();
    }
  });

  it("suggest scoped to Team: sees only Team, edits there as its own name", async () => {
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.assistant}` });
    try {
      const glob = await call(conn.client, "glob", { pattern: "**/*.md" });
      expect(glob.text.split("\n").every((p) => p.startsWith("Team/"))).toBe(true);
      const hidden = await call(conn.client, "read", { file_path: "Research/Paper.md" });
      expect(hidden).toMatchObject({ isError: true });
      expect(hidden.text).toMatch(/^File does not exist: Research\/Paper\.md\./);
      expect((await call(conn.client, "grep", { pattern: "." })).text).not.toContain("Research/");
      await call(conn.client, "read", { file_path: "Team/Plans.md" });
      const edit = await call(conn.client, "edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan A",
        new_string: "Plan Alpha",
      });
      expect(edit.isError).toBe(false);
      expect(rawText(server.data.workspace, "Team/Plans.md")).toMatch(
        /\{--\{"author":"Ana's Claude","time":\d+,"timestamp":\d+\}@@Plan A--\}\{\+\+\{"author":"Ana's Claude","time":\d+,"timestamp":\d+\}@@Plan Alpha\+\+\}/,
      );
    } finally {
      await conn.close();
    }
    const listed = (await (await api("/suggestions?path=Team/Plans.md", tokens.viewer)).json()) as {
      suggestions: { author?: string; time?: number }[];
    };
    expect(listed.suggestions[0]).toMatchObject({ author: "Ana's Claude" });
    expect(listed.suggestions[0]?.time).toBeGreaterThan(Date.parse("2020-01-01"));
  });

  it("a session opened with one token cannot be used with another", async () => {
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.assistant}` });
    try {
      const res = await fetch(`${base}/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens.viewer}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": conn.transport?.sessionId ?? "",
          "mcp-protocol-version": "2025-06-18",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(res.status).toBe(404);
    } finally {
      await conn.close();
    }
  });
});

describe("REST by role", () => {
  it("suggest cannot accept its own suggestion; edit can, and it is audited", async () => {
    const refused = await api("/suggestions/accept", tokens.assistant, {
      method: "POST",
      body: JSON.stringify({ path: "Team", all: true }),
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toMatch(/application\/problem\+json/);
    const problem = (await refused.json()) as { type: string; detail: string };
    expect(problem.type).toBe("https://lens.dev/problems/forbidden");
    expect(problem.detail).toMatch(/needs the "edit" role; this token has "suggest"/);
    expect(rawText(server.data.workspace, "Team/Plans.md")).toContain("{--");

    const view = await api("/documents/Team/Plans.md/edit", tokens.viewer, {
      method: "POST",
      body: JSON.stringify({ old_string: "Plan B", new_string: "Plan Beta" }),
    });
    expect(view.status).toBe(403);

    const accepted = await api("/suggestions/accept", tokens.editor, {
      method: "POST",
      body: JSON.stringify({ path: "Team", all: true }),
    });
    expect(accepted.status).toBe(200);
    expect(rawText(server.data.workspace, "Team/Plans.md")).not.toContain("{--");
    expect(rawText(server.data.workspace, "Team/Plans.md")).toContain("Plan Alpha");

    expect((await api("/audit", tokens.editor)).status).toBe(403);
    const audit = (await (await api("/audit?limit=1000", ADMIN)).json()) as {
      entries: { who: string; action: string; path?: string; outcome: string; role?: string }[];
    };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        who: "Bo",
        role: "edit",
        action: "suggestion.accept",
        path: "Team/Plans.md",
        outcome: "applied",
      }),
    );
    expect(audit.entries).toContainEqual(
      expect.objectContaining({
        who: "cli",
        action: "token.add",
        detail: expect.objectContaining({ name: "Ana's Claude" }),
      }),
    );
  });

  it("a scoped token's REST reads stop at its folders, as missing documents", async () => {
    const hidden = await api("/documents/Research/Paper.md", tokens.assistant);
    const missing = await api("/documents/Research/Nothing.md", tokens.assistant);
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    const listing = (await (await api("/documents", tokens.assistant)).json()) as {
      documents: { path: string }[];
    };
    expect(listing.documents.every((d) => d.path.startsWith("Team/"))).toBe(true);
    const health = (await (
      await fetch(`${base}/healthz`, { headers: { authorization: `Bearer ${tokens.assistant}` } })
    ).json()) as Record<string, unknown>;
    expect(health).toEqual({ ok: true });
  });

  it("wrong tokens get one 401 problem on every door, and are audited", async () => {
    for (const path of ["/mcp", "/api/v1/documents"]) {
      const res = await fetch(`${base}${path}`, {
        headers: { authorization: "Bearer lens_wrong" },
      });
      expect(res.status).toBe(401);
      // Naming the OAuth protected resource metadata (issue 31), for connectors.
      expect(res.headers.get("www-authenticate")).toBe(
        `Bearer realm="lens", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="lens:suggest"`,
      );
      expect(((await res.json()) as { type: string }).type).toBe(
        "https://lens.dev/problems/unauthorized",
      );
    }
    const audit = (await (await api("/audit?limit=1000", ADMIN)).json()) as {
      entries: { action: string; detail?: { door?: string } }[];
    };
    const doors = audit.entries
      .filter((e) => e.action === "auth.failed")
      .map((e) => e.detail?.door);
    expect(doors).toEqual(expect.arrayContaining(["mcp", "rest"]));
  });
});

describe("token changes in a running server", () => {
  it("an admin adds and revokes a token over REST; revocation (REST or CLI) takes effect at once", async () => {
    const made = await api("/tokens", ADMIN, {
      method: "POST",
      body: JSON.stringify({ name: "temp", role: "view", expires: "1h" }),
    });
    expect(made.status).toBe(201);
    const { token } = (await made.json()) as { token: string };
    expect((await api("/documents", token)).status).toBe(200);
    expect((await api("/tokens", tokens.editor)).status).toBe(403);
    const list = (await (await api("/tokens", ADMIN)).json()) as {
      tokens: Record<string, unknown>[];
    };
    expect(list.tokens.map((t) => t.name)).toContain("temp");
    expect(JSON.stringify(list)).not.toContain(token);
    expect(list.tokens.find((t) => t.name === "temp")).not.toHaveProperty("sha256");
    expect((await api("/tokens/temp", ADMIN, { method: "DELETE" })).status).toBe(200);
    expect((await api("/documents", token)).status).toBe(401);

    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${tokens.viewer}` });
    expect((await call(conn.client, "glob", { pattern: "Team/*" })).isError).toBe(false);
    expect((await lensToken(["revoke", "viewer"])).code).toBe(0);
    await expect(call(conn.client, "glob", { pattern: "Team/*" })).rejects.toThrow(/401/);
    await conn.client.close();
  });

  it("REST refuses a token for a folder the server does not hold, as the CLI does, unless told it will exist", async () => {
    const typo = await api("/tokens", ADMIN, {
      method: "POST",
      body: JSON.stringify({ name: "typo", role: "view", folders: ["Taem"] }),
    });
    expect(typo.status).toBe(422);
    expect(((await typo.json()) as { detail: string }).detail).toMatch(
      /No folder "Taem" on this server: its folders are .*Team.*allow_missing_folder/,
    );
    const list = (await (await api("/tokens", ADMIN)).json()) as { tokens: { name: string }[] };
    expect(list.tokens.map((t) => t.name)).not.toContain("typo");
    const later = await api("/tokens", ADMIN, {
      method: "POST",
      body: JSON.stringify({
        name: "next-year",
        role: "view",
        folders: ["Next year"],
        allow_missing_folder: true,
      }),
    });
    expect(later.status).toBe(201);
    expect((await api("/tokens/next-year", ADMIN, { method: "DELETE" })).status).toBe(200);
  });

  it("lens token add and revoke put the change on record first: with the audit log unwritable they change nothing", async () => {
    const log = join(data, ".lens", "audit.jsonl");
    const aside = `${log}.aside`;
    renameSync(log, aside);
    mkdirSync(log);
    try {
      const add = await lensToken(["add", "--name", "unrecorded", "--role", "view"]);
      expect(add.code).not.toBe(0);
      expect(add.err).toMatch(/audit log could not record this token\.add/);
      const revoke = await lensToken(["revoke", "Bo"]);
      expect(revoke.code).not.toBe(0);
      expect(revoke.err).toMatch(/audit log could not record this token\.revoke/);
    } finally {
      rmSync(log, { recursive: true });
      renameSync(aside, log);
    }
    const list = await lensToken(["list"]);
    expect(list.out).not.toContain("unrecorded");
    expect(list.out).toContain("Bo\t");
    // Writable again: requested, then ok, both on record.
    expect((await lensToken(["add", "--name", "recorded", "--role", "view"])).code).toBe(0);
    const entries = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { who: string; action: string; outcome: string })
      .filter((e) => e.who === "cli" && e.action === "token.add");
    expect(entries.slice(-2).map((e) => e.outcome)).toEqual(["requested", "ok"]);
    expect((await lensToken(["revoke", "recorded"])).code).toBe(0);
  });

  it("keeps the audit log across a restart", async () => {
    await server.stop();
    server = await startServe(cfg, silentLog());
    base = server.listening.baseUrl;
    const audit = (await (await api("/audit?limit=1000", ADMIN)).json()) as {
      entries: { action: string; who: string }[];
      total: number;
    };
    const actions = audit.entries.map((e) => `${e.who}:${e.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        "Bo:suggestion.accept",
        "admin token:token.add",
        "admin token:token.revoke",
        "cli:token.revoke",
      ]),
    );
    expect(audit.total).toBe(audit.entries.length);
  });
});
