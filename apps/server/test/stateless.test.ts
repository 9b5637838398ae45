// MCP 2026-07-28 against a real `lens serve` (a child process) with the official SDK v2 client:
// no initialize and no session; a read without a handle is answered with one the server issues;
// the handle lets an edit through after the server restarts (read records persist under the
// data directory), only for what it read and only for the token that got it. Beside it the same
// /mcp keeps serving 2025-11-25 sessions, and stdio speaks both eras.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Child,
  CLI,
  cliEnv,
  requireBuiltCli,
  spawnCli,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

const MCP_LINE = /MCP\s+(http:\/\/\S+:(\d+)\/mcp)/;
const MODERN = "2026-07-28";
const READ_FIRST = /You have not read Team\/Plans\.md in this session/;

type Mode = "legacy" | "auto" | { pin: string };

async function v2Client(url: string, token: string, mode: Mode = { pin: MODERN }) {
  const client = new Client(
    { name: "v2-test", version: "1.0.0" },
    { versionNegotiation: { mode } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return { client, transport };
}

async function tool(client: Client, name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return { text, isError: r.isError === true, data: r.structuredContent };
}

const editPlans = (session_id?: string) => ({
  file_path: "Team/Plans.md",
  old_string: "Plan B",
  new_string: "Plan C",
  ...(session_id === undefined ? {} : { session_id }),
});

describe("MCP 2026-07-28 on lens serve", () => {
  const tmp = tempDir();
  const data = join(tmp.path, "data");
  const children: Child[] = [];
  const tokens = { alice: "", bob: "" };
  let url = "";
  let port = "";
  const serve = async (args: string[]) => {
    const child = spawnCli(["serve", "--data", data, "--port", port || "0", ...args]);
    children.push(child);
    const m = await child.waitFor(MCP_LINE);
    url = m[1]!;
    port = m[2]!;
    return child;
  };
  const addToken = async (name: string) => {
    const child = spawnCli(["token", "add", "--name", name, "--role", "suggest", "--data", data]);
    expect((await child.exited).code, child.stderr()).toBe(0);
    return child.stdout().trimEnd().split("\n").at(-1) ?? "";
  };

  beforeAll(async () => {
    requireBuiltCli();
    mkdirSync(data);
    const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
    const seed = spawnCli(["import", "--data", data, "--folder", "Team", vaults.team]);
    expect((await seed.exited).code, seed.stderr()).toBe(0);
    tokens.alice = await addToken("alice");
    tokens.bob = await addToken("bob");
    await serve([]);
  });
  afterAll(async () => {
    for (const c of children) {
      if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill("SIGKILL");
      await c.exited;
    }
    tmp.remove();
  });

  it("negotiates 2026-07-28 with no session, issues a handle on read, and honours it after a restart", async () => {
    const a = await v2Client(url, tokens.alice);
    expect(a.client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(a.transport.sessionId).toBeUndefined();
    const listed = (await a.client.listTools()).tools.map((t) => t.name);
    expect(listed).toEqual(expect.arrayContaining(["read", "edit", "search"]));
    // No diagnostic tools without --conformance.
    expect(listed.filter((n) => n.startsWith("test_"))).toEqual([]);
    // The v2 client compiles each listed outputSchema and checks structuredContent against it:
    // every read-only tool's typed result passes (search's holds draft-07 tuples).
    for (const [name, args] of [
      ["search", { query: "plans" }],
      ["grep", { pattern: "Plan", output_mode: "content", "-n": true }],
      ["glob", { pattern: "**/*.md" }],
      ["get_links", { file_path: "Team/Plans.md" }],
    ] as const) {
      const r = await tool(a.client, name, args);
      expect(r.isError, `${name}: ${r.text}`).toBe(false);
      expect(r.data, name).toBeTypeOf("object");
    }

    const read = await tool(a.client, "read", { file_path: "Team/Plans.md" });
    expect(read.isError).toBe(false);
    const handle = (read.data as { session_id?: string }).session_id ?? "";
    expect(handle).toMatch(/^lens-[A-Za-z0-9_-]{22,}$/);
    expect(read.text).toContain(`session_id: ${handle}`);
    // Each stateless request stands alone: an edit without the handle has read nothing.
    const bare = await tool(a.client, "edit", editPlans());
    expect(bare.isError).toBe(true);
    expect(bare.text).toMatch(READ_FIRST);
    // A second read issues another handle (the client did not pass one).
    const again = await tool(a.client, "read", { file_path: "Team/Plans.md" });
    expect((again.data as { session_id?: string }).session_id).not.toBe(handle);
    await a.client.close();

    const first = children.at(-1)!;
    first.proc.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
    await serve([]);

    const b = await v2Client(url, tokens.alice);
    // Another token holding the handle gets nothing from it: as if unknown.
    const bob = await v2Client(url, tokens.bob);
    const stolen = await tool(bob.client, "edit", editPlans(handle));
    expect(stolen.isError).toBe(true);
    expect(stolen.text).toMatch(READ_FIRST);
    await bob.client.close();
    // The handle never read Ideas.md: refused with the read-first message.
    const unread = await tool(b.client, "edit", {
      file_path: "Team/Notes/Ideas.md",
      old_string: "Idea",
      new_string: "Thought",
      session_id: handle,
    });
    expect(unread.isError).toBe(true);
    expect(unread.text).toMatch(/You have not read Team\/Notes\/Ideas\.md/);
    // What it read before the restart lets the edit through.
    const edit = await tool(b.client, "edit", editPlans(handle));
    expect(edit.text).toMatch(/^Edited Team\/Plans\.md/);
    expect(edit.isError).toBe(false);
    await b.client.close();
  });

  it("a client on `auto` finds 2026-07-28; the default (legacy) client gets a 2025-11-25 session", async () => {
    const auto = await v2Client(url, tokens.alice, "auto");
    expect(auto.client.getNegotiatedProtocolVersion()).toBe(MODERN);
    await auto.client.close();
    const legacy = await v2Client(url, tokens.alice, "legacy");
    expect(legacy.client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    expect(legacy.transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    // The session is the default handle: read then edit, no session_id passed.
    expect((await tool(legacy.client, "read", { file_path: "Team/Plans.md" })).isError).toBe(false);
    const read = await tool(legacy.client, "read", { file_path: "Team/Plans.md" });
    expect((read.data as { session_id?: string }).session_id).toBeUndefined();
    const edit = await tool(legacy.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan C",
      new_string: "Plan D",
    });
    expect(edit.text).toMatch(/^Edited Team\/Plans\.md/);
    await legacy.transport.terminateSession();
    await legacy.client.close();
  });

  it("answers SEP-2575's errors with the request id", async () => {
    const post = (body: object, headers: Record<string, string> = {}) =>
      fetch(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${tokens.alice}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(body),
      });
    const envelope = {
      "io.modelcontextprotocol/protocolVersion": MODERN,
      "io.modelcontextprotocol/clientCapabilities": {},
    };
    // The header says 2026-07-28 but the body carries no envelope.
    const noMeta = await post(
      { jsonrpc: "2.0", id: 7, method: "tools/list", params: {} },
      { "mcp-protocol-version": MODERN, "mcp-method": "tools/list" },
    );
    expect(noMeta.status).toBe(400);
    expect(await noMeta.json()).toMatchObject({ id: 7, error: { code: -32602 } });
    const unsupported = await post(
      {
        jsonrpc: "2.0",
        id: 8,
        method: "tools/list",
        params: { _meta: { ...envelope, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
      },
      { "mcp-protocol-version": "2099-01-01", "mcp-method": "tools/list" },
    );
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toMatchObject({
      id: 8,
      error: { code: -32022, data: { supported: [MODERN], requested: "2099-01-01" } },
    });
    const removed = await post(
      { jsonrpc: "2.0", id: 9, method: "ping", params: { _meta: envelope } },
      { "mcp-protocol-version": MODERN, "mcp-method": "ping" },
    );
    expect(removed.status).toBe(404);
    expect(await removed.json()).toMatchObject({ id: 9, error: { code: -32601 } });
    // No token: refused before any MCP handling, on either era.
    const anonymous = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "mcp-protocol-version": MODERN },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/list",
        params: { _meta: envelope },
      }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("stdio speaks 2026-07-28 to a pinned client and 2025-11-25 to the default one", async () => {
    // Its own data directory: a running serve holds `data` (stdio would bridge to it).
    const own = join(tmp.path, "stdio-data");
    mkdirSync(own);
    const vaults = writeFixtureVaults(join(tmp.path, "stdio-vaults"));
    const seed = spawnCli(["import", "--data", own, "--folder", "Team", vaults.team]);
    expect((await seed.exited).code, seed.stderr()).toBe(0);
    for (const mode of [{ pin: MODERN }, "legacy"] as const) {
      const client = new Client(
        { name: "v2-stdio", version: "1" },
        { versionNegotiation: { mode } },
      );
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [CLI, "stdio", "--data", own],
          env: cliEnv("silent"),
          stderr: "pipe",
        }),
      );
      expect(client.getNegotiatedProtocolVersion()).toBe(
        typeof mode === "string" ? "2025-11-25" : MODERN,
      );
      // One connection is one client: its reads count for its edits, no handle needed.
      expect((await tool(client, "read", { file_path: "Team/Plans.md" })).isError).toBe(false);
      const edit = await tool(client, "edit", {
        file_path: "Team/Plans.md",
        old_string: typeof mode === "string" ? "Plan B" : "Plan A",
        new_string: typeof mode === "string" ? "Scheme B" : "Draft A",
      });
      expect(edit.text).toMatch(/^Edited Team\/Plans\.md/);
      await client.close();
    }
  });
});
