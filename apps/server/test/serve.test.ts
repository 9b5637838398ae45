// `lens serve` in process (startServe): one port for MCP, /healthz and sync over a data
// directory; acknowledged edits are on disk; seeding rules of the data directory.
import { existsSync, mkdirSync } from "node:fs";
import { Workspace } from "@lens/core";
import { openStore } from "@lens/store";
import { afterEach, describe, expect, it } from "vitest";
import { resolveServeConfig, type ServeConfig } from "../src/cli/config.js";
import { LOCK_FILE } from "../src/cli/dirLock.js";
import { startupBanner } from "../src/cli/serve.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { call, connectHttp, rawText, suggested, tempDir, writeFixtureVaults } from "./helpers.js";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function config(flags: Parameters<typeof resolveServeConfig>[0], env = {}): ServeConfig {
  return resolveServeConfig({ port: "0", ...flags }, env);
}

async function start(cfg: ServeConfig): Promise<RunningServer> {
  const server = await startServe(cfg, silentLog());
  cleanups.push(() => server.stop());
  return server;
}

function fixtureData(): { data: string; team: string; research: string } {
  const tmp = tempDir();
  cleanups.push(() => tmp.remove());
  mkdirSync(`${tmp.path}/data`);
  return { data: `${tmp.path}/data`, ...writeFixtureVaults(`${tmp.path}/vaults`) };
}

async function reopen(dir: string): Promise<Workspace> {
  const workspace = new Workspace();
  const store = await openStore(dir, { workspace });
  await store.close();
  return workspace;
}

describe("lens serve (in process)", () => {
  it("serves MCP, healthz and sync on one port over the data directory", async () => {
    const { data, team, research } = fixtureData();
    const server = await start(config({ data, import: [`${team}=Team`, research] }));
    const base = server.listening.baseUrl;
    const health = (await (await fetch(`${base}/healthz`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ ok: true, documents: 4, folders: ["Research", "Team"] });

    const conn = await connectHttp(`${base}/mcp`);
    expect(
      (await call(conn.client, "glob", { pattern: "Team/**" })).text.split("\n").sort(),
    ).toEqual(["Team/Archive/Old.md", "Team/Notes/Ideas.md", "Team/Plans.md"]);
    await conn.close();

    // y-sweet sync endpoints answer on the same port.
    const folder = server.data.workspace.folders()[0]!;
    const auth = await fetch(`${base}/doc/${folder.docId}/auth`, { method: "POST", body: "{}" });
    expect(auth.status).toBe(200);
    const update = await fetch(`${base}/d/${folder.docId}/as-update`);
    expect(update.status).toBe(200);

    // REST under /api/v1 on the same workspace.
    const list = await fetch(`${base}/api/v1/documents?pattern=${encodeURIComponent("Team/**")}`);
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { documents: Array<{ path: string }> };
    expect(listed.documents.map((d) => d.path).sort()).toEqual([
      "Team/Archive/Old.md",
      "Team/Notes/Ideas.md",
      "Team/Plans.md",
    ]);
    expect((await fetch(`${base}/api/v1/no-such-route`)).status).toBe(404);

    expect(startupBanner(server, config({ data }))).toContain(
      `claude mcp add --transport http lens ${base}/mcp`,
    );
  });

  it("an edit acknowledged over MCP is on disk when the result arrives", async () => {
    const { data, team } = fixtureData();
    const server = await start(config({ data, import: [`${team}=Team`] }));
    const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
    await call(conn.client, "read", { file_path: "Team/Plans.md" });
    const r = await call(conn.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan B: ship it again.",
      new_string: "Plan B: ship it twice.",
    });
    expect(r.isError).toBe(false);
    // Read the directory as another process would, while the server still runs.
    expect(rawText(await reopen(data), "Team/Plans.md")).toMatch(
      suggested("Plan B: ship it again.", "Plan B: ship it twice."),
    );
    await conn.close();
  });

  it("a note created and moved over MCP is on disk, with its folder entries, when the result arrives", async () => {
    const { data, team } = fixtureData();
    const server = await start(config({ data, import: [`${team}=Team`] }));
    const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
    const r = await call(conn.client, "create", {
      file_path: "Team/New/Note.md",
      content: "fresh [[Plans]]",
    });
    expect(r.isError, r.text).toBe(false);
    const disk = await reopen(data);
    expect(rawText(disk, "Team/New/Note.md")).toMatch(
      /^\{\+\+\{"author":"lens\\u002dtest".*@@fresh \[\[Plans\]\]\+\+\}$/,
    );
    expect(disk.resolve("Team/New").kind).toBe("directory");
    const m = await call(conn.client, "move", {
      file_path: "Team/New/Note.md",
      new_path: "Team/Moved.md",
    });
    expect(m.isError, m.text).toBe(false);
    const after = await reopen(data);
    expect(after.resolve("Team/New/Note.md").kind).toBe("missing");
    expect(rawText(after, "Team/Moved.md")).toContain("fresh [[Plans]]");
    await conn.close();
  });

  it("REST and MCP share read tracking: a Lens-Session handle is an MCP session_id", async () => {
    const { data, team } = fixtureData();
    const server = await start(config({ data, import: [`${team}=Team`] }));
    const base = server.listening.baseUrl;
    const got = await fetch(`${base}/api/v1/documents/Team/Plans.md`, {
      headers: { "Lens-Session": "shared-handle-1" },
    });
    expect(got.status).toBe(200);
    const conn = await connectHttp(`${base}/mcp`);
    const edit = (session_id?: string) =>
      call(conn.client, "edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan A",
        new_string: "Plan Alpha",
        ...(session_id ? { session_id } : {}),
      });
    expect((await edit()).isError).toBe(true);
    expect((await edit("shared-handle-1")).isError).toBe(false);
    await conn.close();
  });

  it("with a token, MCP and REST both require it; the API description stays public", async () => {
    const { data, team } = fixtureData();
    const token = "serve-test-token-0123456789";
    const server = await start(config({ data, token, import: [`${team}=Team`] }));
    const base = server.listening.baseUrl;
    expect((await fetch(`${base}/api/v1/documents`)).status).toBe(401);
    const ok = await fetch(`${base}/api/v1/documents`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ok.status).toBe(200);
    expect((await fetch(`${base}/mcp`, { method: "POST", body: "{}" })).status).toBe(401);
    const conn = await connectHttp(`${base}/mcp`, { Authorization: `Bearer ${token}` });
    expect((await call(conn.client, "glob", { pattern: "Team/Plans.md" })).text).toBe(
      "Team/Plans.md",
    );
    await conn.close();
    // Sync: the server token is required to mint client tokens.
    const folder = server.data.workspace.folders()[0]!;
    expect((await fetch(`${base}/doc/${folder.docId}/auth`, { method: "POST" })).status).toBe(401);
  });

  it("refuses browser requests from foreign origins on MCP and REST", async () => {
    const { data } = fixtureData();
    const server = await start(config({ data, allowedOrigin: ["https://editor.example.com"] }));
    const base = server.listening.baseUrl;
    const get = (origin: string) =>
      fetch(`${base}/api/v1/documents`, { headers: { Origin: origin } });
    expect((await get("https://evil.example.net")).status).toBe(403);
    const allowed = await get("https://editor.example.com");
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://editor.example.com");
  });

  it("guards every door without a token: sync HTTP and WebSocket refuse other sites and hosts", async () => {
    const { data, team } = fixtureData();
    const server = await start(config({ data, import: [`${team}=Team`] }));
    const base = server.listening.baseUrl;
    const port = server.listening.port;
    const folder = server.data.workspace.folders()[0]!;
    const before = server.data.workspace.docCount;
    // A web page's cross-site "simple" requests: no preflight, text/plain.
    const evil = { Origin: "http://evil.com", "Content-Type": "text/plain" };
    expect(
      (await fetch(`${base}/doc/new`, { method: "POST", headers: evil, body: "{}" })).status,
    ).toBe(403);
    const update = await fetch(`${base}/d/${folder.docId}/update`, {
      method: "POST",
      headers: evil,
      body: new Uint8Array([0, 0]),
    });
    expect(update.status).toBe(403);
    // Same host, another port: another site.
    const otherPort = { Origin: `http://127.0.0.1:${port + 1}` };
    expect((await fetch(`${base}/doc/new`, { method: "POST", headers: otherPort })).status).toBe(
      403,
    );
    expect(server.data.workspace.docCount).toBe(before);
    // This server's own origin, and Obsidian's, pass.
    const own = await fetch(`${base}/doc/${folder.docId}/auth`, {
      method: "POST",
      headers: { Origin: base },
      body: "{}",
    });
    expect(own.status).toBe(200);
    // The WebSocket upgrade: DNS rebinding (Host) and foreign Origin are refused.
    const { default: WebSocket } = await import("ws");
    const upgrade = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/d/${folder.docId}/ws/${folder.docId}`, {
          headers,
        });
        ws.on("open", () => {
          ws.close();
          resolve(101);
        });
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.on("error", () => {});
      });
    expect(await upgrade({ Host: `evil.com:${port}` })).toBe(403);
    expect(await upgrade({ Origin: "http://evil.com" })).toBe(403);
    expect(await upgrade({ Origin: "app://obsidian.md" })).toBe(101);
    expect(await upgrade({})).toBe(101);
  });

  it("stop() flushes, closes sessions and releases the data directory", async () => {
    const { data, team } = fixtureData();
    const server = await start(config({ data, import: [`${team}=Team`] }));
    const conn = await connectHttp(`${server.listening.baseUrl}/mcp`);
    expect(server.lens.mcpSessions.size).toBe(1);
    await server.stop();
    expect(server.lens.mcpSessions.size).toBe(0);
    const { existsSync } = await import("node:fs");
    expect(existsSync(`${data}/${LOCK_FILE}`)).toBe(false);
    await conn.client.close();
    // The directory can be opened again.
    const again = await start(config({ data }));
    expect([...again.data.workspace.contentDocIds()].length).toBe(3);
  });

  it("refuses a --data or LENS_DATA directory that does not exist, unless --init", async () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.remove());
    const missing = `${tmp.path}/typo`;
    await expect(start(config({ data: missing }))).rejects.toThrow(
      `the data directory ${missing} (--data) does not exist. Check the path, or pass --init`,
    );
    await expect(start(config({}, { LENS_DATA: missing }))).rejects.toThrow(/\(LENS_DATA\)/);
    expect(existsSync(missing)).toBe(false);
    const made = await start(config({}, { LENS_DATA: missing, LENS_INIT: "1" }));
    expect(existsSync(missing)).toBe(true);
    expect(made.data.workspace.folders()).toEqual([]);
  });

  it("a second server on the same data directory is refused", async () => {
    const { data } = fixtureData();
    await start(config({ data }));
    await expect(start(config({ data }))).rejects.toThrow(/already open in this Lens process/);
  });

  it("seeds the default directory (no --data, no LENS_DATA) with the sample vault, once", async () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.remove());
    const defaultDir = `${tmp.path}/lens-data`;
    const start = async () => {
      const server = await startServe(config({}), silentLog(), { defaultDir });
      cleanups.push(() => server.stop());
      return server;
    };
    const server = await start();
    expect(server.data.choice).toMatchObject({ dir: defaultDir, seed: true, source: "default" });
    const names = server.data.workspace
      .folders()
      .map((f) => f.name)
      .sort();
    expect(names).toEqual(["Lens Team", "Research", "Équipe Café"]);
    const docs = [...server.data.workspace.contentDocIds()].length;
    expect(docs).toBeGreaterThan(5);
    await server.stop();
    // Not empty any more: a restart loads it without seeding again.
    const again = await start();
    expect(again.data.choice.seed).toBe(false);
    expect([...again.data.workspace.contentDocIds()].length).toBe(docs);
  });

  it("never seeds a directory named with --data or LENS_DATA, and LENS_SEED=0 turns seeding off", async () => {
    const tmp = tempDir();
    cleanups.push(() => tmp.remove());
    const given = await start(config({ data: `${tmp.path}/given`, init: true }));
    expect(given.data.choice.seed).toBe(false);
    expect(given.data.workspace.folders()).toEqual([]);
    await given.stop();
    mkdirSync(`${tmp.path}/env`);
    const env = await start(config({}, { LENS_DATA: `${tmp.path}/env` }));
    expect(env.data.choice).toMatchObject({ source: "LENS_DATA", seed: false });
    expect(env.data.workspace.folders()).toEqual([]);
    await env.stop();
    const off = await startServe(config({}, { LENS_SEED: "0" }), silentLog(), {
      defaultDir: `${tmp.path}/default`,
    });
    cleanups.push(() => off.stop());
    expect(off.data.choice).toMatchObject({ source: "default", seed: false });
    expect(off.data.workspace.folders()).toEqual([]);
  });
});
