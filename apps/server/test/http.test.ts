// MCP over Streamable HTTP against a real node server on 127.0.0.1:0: the case suite, session
// handling (404, DELETE, expiry, the bound), proxies without sessions, concurrency, bad input.
import { SessionStore } from "@lens/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runScenarios } from "../../mcp/test/scenarios.js";
import {
  type Connection,
  call,
  connectHttp,
  eventually,
  fixtureWorkspace,
  type HttpFixture,
  rawText,
  startHttp,
  suggested,
} from "./helpers.js";

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "0" },
  },
};
/** A raw tools/call of edit on Team/Plans.md (refused unless the session read it). */
const EDIT_PLANS = JSON.stringify({
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: {
    name: "edit",
    arguments: { file_path: "Team/Plans.md", old_string: "Plan B", new_string: "Plan C" },
  },
});
const MCP_HEADERS = {
  "Content-Type": "application/json",
  Accept: "application/json, text/event-stream",
};

describe("Streamable HTTP (SSE responses), one server for the suite", () => {
  let server: HttpFixture;
  beforeAll(async () => {
    server = await startHttp({ mcp: { jsonResponse: false } });
  });
  afterAll(() => server.close());
  runScenarios("http", {
    connect: () => connectHttp(server.url),
    raw: async (path) => rawText(server.workspace, path),
  });
});

describe("Streamable HTTP (JSON responses, the default)", () => {
  let server: HttpFixture;
  beforeAll(async () => {
    server = await startHttp();
  });
  afterAll(() => server.close());
  runScenarios("http-json", {
    connect: () => connectHttp(server.url),
    raw: async (path) => rawText(server.workspace, path),
  });
});

describe("MCP sessions over HTTP", () => {
  let server: HttpFixture;
  const open: Connection[] = [];
  const connect = async (headers?: Record<string, string>) => {
    const c = await connectHttp(server.url, headers);
    open.push(c);
    return c;
  };
  beforeAll(async () => {
    server = await startHttp();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  afterAll(() => server.close());

  it("gives each client its own session id and ends it on DELETE", async () => {
    const a = await connect();
    const b = await connect();
    expect(a.transport!.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.transport!.sessionId).not.toBe(b.transport!.sessionId);
    expect(server.lens.mcpSessions.size).toBe(2);
    await a.close();
    await b.close();
    open.splice(0);
    expect(server.lens.mcpSessions.size).toBe(0);
  });

  it("revives an unknown session id of ours; 404 for ids it never issues, 400 without one", async () => {
    const gone = "0a1b2c3d-0000-4000-8000-000000000000";
    const revived = await fetch(server.url, {
      method: "POST",
      headers: { ...MCP_HEADERS, "Mcp-Session-Id": gone, "Mcp-Protocol-Version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(revived.status).toBe(200);
    expect(revived.headers.get("mcp-session-id")).toBe(gone);
    expect(await revived.text()).toMatch(/"name":"read"/);
    expect(server.lens.mcpSessions.get(gone)).toBeDefined();
    await server.lens.mcpSessions.close(gone);
    const unknown = await fetch(server.url, {
      method: "POST",
      headers: { ...MCP_HEADERS, "Mcp-Session-Id": "not-one-of-ours" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toBe("application/problem+json");
    expect(await unknown.json()).toMatchObject({ status: 404, detail: "Session not found" });
    const none = await fetch(server.url, {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
    });
    expect(none.status).toBe(400);
    const get = await fetch(server.url, { headers: { Accept: "text/event-stream" } });
    expect(get.status).toBe(400);
    const put = await fetch(server.url, { method: "PUT", headers: MCP_HEADERS, body: "{}" });
    expect(put.status).toBe(405);
  });

  it("JSON-RPC: an empty batch is Invalid Request; a malformed tools/call is Invalid params", async () => {
    const a = await connect();
    const id = a.transport!.sessionId!;
    const headers = { ...MCP_HEADERS, "Mcp-Session-Id": id, "Mcp-Protocol-Version": "2025-06-18" };
    const empty = await fetch(server.url, { method: "POST", headers, body: "[]" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { code: number } }).error.code).toBe(-32600);
    const noSession = await fetch(server.url, { method: "POST", headers: MCP_HEADERS, body: "[]" });
    expect(noSession.status).toBe(400);
    for (const params of [
      { name: 123, arguments: {} },
      { name: "read", arguments: null },
      { name: "read", arguments: [1] },
    ]) {
      const res = await fetch(server.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params }),
      });
      const text = await res.text();
      expect(text, JSON.stringify(params)).toMatch(/"code":-32602/);
      expect(text).not.toMatch(/-32603/);
    }
    // The session is still fine.
    expect((await call(a.client, "glob", { pattern: "Team/Plans.md" })).text).toBe("Team/Plans.md");
  });

  it("a session its client ended (DELETE) is 404 from then on: never revived, DELETE again 404", async () => {
    const a = await connect();
    const id = a.transport!.sessionId!;
    await call(a.client, "read", { file_path: "Team/Plans.md" });
    await a.close();
    const headers = { ...MCP_HEADERS, "Mcp-Session-Id": id, "Mcp-Protocol-Version": "2025-06-18" };
    expect((await fetch(server.url, { method: "DELETE", headers })).status).toBe(404);
    const res = await fetch(server.url, { method: "POST", headers, body: EDIT_PLANS });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 404, detail: "Session not found" });
    expect(server.lens.mcpSessions.get(id)).toBeUndefined();
  });

  it("a session that went without DELETE (expired, evicted) starts afresh under its id", async () => {
    const a = await connect();
    const id = a.transport!.sessionId!;
    await call(a.client, "read", { file_path: "Team/Plans.md" });
    // As the idle sweep or an eviction ends it: the client never said goodbye.
    await server.lens.mcpSessions.close(id);
    const headers = { ...MCP_HEADERS, "Mcp-Session-Id": id, "Mcp-Protocol-Version": "2025-06-18" };
    // An edit that finds nothing changes nothing, and shows the read was kept: its reads are
    // the session's handle and outlived the expiry, so the refusal is "not found", not
    // "read it first".
    const res = await fetch(server.url, {
      method: "POST",
      headers,
      body: EDIT_PLANS.replace('"Plan B"', '"Plan Z"'),
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/not found/i);
    expect(text).not.toMatch(/have not read/);
    await server.lens.mcpSessions.close(id);
    await a.client.close();
  });

  it("an initialize carrying an old session id (gone or live) starts a new session", async () => {
    const a = await connect();
    const liveId = a.transport!.sessionId!;
    await call(a.client, "read", { file_path: "Team/Plans.md" });
    const initializeWith = async (id: string) => {
      const res = await fetch(server.url, {
        method: "POST",
        headers: { ...MCP_HEADERS, "Mcp-Session-Id": id },
        body: JSON.stringify(INIT),
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/"serverInfo"/);
      return res.headers.get("mcp-session-id")!;
    };
    const gone = "0a1b2c3d-0000-4000-8000-00000000abcd";
    for (const old of [gone, liveId]) {
      const fresh = await initializeWith(old);
      expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
      expect(fresh).not.toBe(old);
      // The new session is bound to nothing old: it has read nothing.
      const edit = await fetch(server.url, {
        method: "POST",
        headers: { ...MCP_HEADERS, "Mcp-Session-Id": fresh, "Mcp-Protocol-Version": "2025-06-18" },
        body: EDIT_PLANS,
      });
      expect(await edit.text()).toMatch(/have not read Team\/Plans\.md/);
      await server.lens.mcpSessions.close(fresh);
    }
    expect(server.lens.mcpSessions.get(gone)).toBeUndefined();
    // The live session the header named is untouched, its reads included.
    const own = await call(a.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan B",
      new_string: "Plan B2",
    });
    expect(own.isError).toBe(false);
  });

  it("keeps read tracking per session: one session's read does not unlock the other's edit", async () => {
    const a = await connect();
    const b = await connect();
    await call(a.client, "read", { file_path: "Team/Plans.md" });
    const refused = await call(b.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan B",
      new_string: "Plan C",
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/read/);
    const [aEdit] = await Promise.all([
      call(a.client, "edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan B",
        new_string: "Plan C",
      }),
      call(b.client, "read", { file_path: "Research/Paper.md" }),
    ]);
    expect(aEdit.isError).toBe(false);
  });

  it("keeps no answered JSON call in the session's transport; concurrent calls all answered", async () => {
    // SDK v1 (issue #2559) left each answered JSON-mode POST in its stream map for the session's
    // life, with the whole Response reachable; v2 drops it once answered. Kept as a guard.
    const a = await connect();
    const reads = Array.from({ length: 12 }, (_, i) =>
      call(a.client, "read", { file_path: i % 2 ? "Team/Plans.md" : "Research/Paper.md" }),
    );
    for (const r of await Promise.all(reads)) expect(r.isError).toBe(false);
    for (let i = 0; i < 5; i++) await call(a.client, "glob", { pattern: "**/*.md" });
    const session = server.lens.mcpSessions.get(a.transport!.sessionId!)!;
    const streams = (
      session.transport as unknown as { _streamMapping: Map<string, { resolveJson?: unknown }> }
    )._streamMapping;
    expect(streams).toBeInstanceOf(Map);
    expect([...streams.values()].filter((s) => s.resolveJson)).toEqual([]);
  });

  it("forgets a session's reads when its client ends it", async () => {
    const a = await connect();
    await call(a.client, "read", { file_path: "Team/Plans.md" });
    const before = server.service.handles.size;
    await a.close();
    open.splice(0);
    expect(server.service.handles.size).toBe(before - 1);
  });

  it("request-scoped proxy: a fresh session per call still enforces read-before-edit", async () => {
    const once = async (name: string, args: Record<string, unknown>) => {
      const c = await connectHttp(server.url);
      try {
        return await call(c.client, name, args);
      } finally {
        await c.close();
      }
    };
    expect((await once("read", { file_path: "Research/Paper.md" })).isError).toBe(false);
    const refused = await once("edit", {
      file_path: "Research/Paper.md",
      old_string: "Builds on",
      new_string: "Extends",
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/read/);
    // With the same session_id handle on both calls, the edit is allowed.
    const handle = "proxy-client-7f3a";
    expect(
      (await once("read", { file_path: "Research/Paper.md", session_id: handle })).isError,
    ).toBe(false);
    const other = await once("edit", {
      file_path: "Research/Paper.md",
      old_string: "Builds on",
      new_string: "Extends",
      session_id: "someone-else",
    });
    expect(other.isError).toBe(true);
    const allowed = await once("edit", {
      file_path: "Research/Paper.md",
      old_string: "Builds on",
      new_string: "Extends",
      session_id: handle,
    });
    expect(allowed.isError).toBe(false);
    expect(rawText(server.workspace, "Research/Paper.md")).toMatch(
      suggested("Builds on", "Extends"),
    );
    expect(server.lens.mcpSessions.size).toBe(0);
  });

  it("50 concurrent sessions doing mixed calls for 5 s: no errors, no leaked sessions", async () => {
    const trackedBefore = server.service.handles.size;
    const deadline = Date.now() + 5000;
    const failures: string[] = [];
    let calls = 0;
    const worker = async (i: number) => {
      const c = await connectHttp(server.url);
      try {
        let round = 0;
        // Every session runs at least one full round, however slow the machine; then until the deadline.
        do {
          const path = i % 2 ? "Team/Plans.md" : "Team/Notes/Ideas.md";
          const steps: Array<[string, Record<string, unknown>]> = [
            ["read", { file_path: path }],
            ["glob", { pattern: "**/*.md" }],
            ["grep", { pattern: "ship|idea", output_mode: "content", "-i": true }],
            ["get_links", { file_path: path }],
            // Unread document: refused; a tool error, not a failure.
            ["edit", { file_path: "Research/Paper.md", old_string: "Paper", new_string: "P" }],
          ];
          for (const [name, args] of steps) {
            const r = await call(c.client, name, args);
            calls++;
            const expectError = name === "edit";
            if (r.isError !== expectError) failures.push(`${i}/${round} ${name}: ${r.text}`);
          }
          round++;
        } while (Date.now() < deadline);
      } catch (e) {
        failures.push(`${i}: ${(e as Error).message}`);
      } finally {
        await c.close();
      }
    };
    await Promise.all(Array.from({ length: 50 }, (_, i) => worker(i)));
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(50 * 5);
    await eventually(() => server.lens.mcpSessions.size === 0);
    expect(server.service.handles.size).toBe(trackedBefore);
  });
});

describe("session lifecycle limits", () => {
  it("closes idle sessions after the idle timeout; a session in use is kept", async () => {
    const server = await startHttp({ mcp: { idleTimeoutMs: 300, sweepIntervalMs: 50 } });
    try {
      const idle = await connectHttp(server.url);
      const busy = await connectHttp(server.url);
      expect(server.lens.mcpSessions.size).toBe(2);
      // The idle client closes its connections without DELETE (a crashed client).
      const idleId = idle.transport!.sessionId!;
      await idle.client.close();
      const until = Date.now() + 900;
      while (Date.now() < until) {
        await call(busy.client, "glob", { pattern: "*" });
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(server.lens.mcpSessions.get(idleId)).toBeUndefined();
      expect(server.lens.mcpSessions.size).toBe(1);
      expect((await call(busy.client, "glob", { pattern: "Team/*" })).isError).toBe(false);
      await busy.close();
      expect(server.lens.mcpSessions.size).toBe(0);
    } finally {
      await server.close();
    }
  });

  it("at the bound, a new session evicts the least recently used idle one", async () => {
    const server = await startHttp({ mcp: { maxSessions: 2 } });
    const active = (id: string) => server.lens.mcpSessions.get(id)?.active ?? 0;
    try {
      const a = await connectHttp(server.url);
      const b = await connectHttp(server.url);
      const aId = a.transport!.sessionId!;
      const bId = b.transport!.sessionId!;
      // Each client holds its standalone GET stream open: busy.
      await eventually(() => active(aId) > 0 && active(bId) > 0);
      // Both clients go away without DELETE, b first: b is the least recently used.
      await b.client.close();
      await eventually(() => active(bId) === 0);
      await a.client.close();
      await eventually(() => active(aId) === 0);
      const c = await connectHttp(server.url);
      expect(server.lens.mcpSessions.size).toBe(2);
      expect(server.lens.mcpSessions.get(bId)).toBeUndefined();
      expect(server.lens.mcpSessions.get(aId)).toBeDefined();
      await c.close();
    } finally {
      await server.close();
    }
  });

  it("at the bound with every session busy, a new session is refused with 503", async () => {
    const server = await startHttp({ mcp: { maxSessions: 1 } });
    try {
      const a = await connectHttp(server.url);
      // a's standalone GET stream is open: it counts as busy.
      await eventually(
        () => (server.lens.mcpSessions.get(a.transport!.sessionId!)?.active ?? 0) > 0,
      );
      const res = await fetch(server.url, {
        method: "POST",
        headers: MCP_HEADERS,
        body: JSON.stringify(INIT),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      await a.close();
      const b = await connectHttp(server.url);
      expect(server.lens.mcpSessions.size).toBe(1);
      await b.close();
    } finally {
      await server.close();
    }
  });
});

describe("HTTP security and limits", () => {
  const TOKEN = "test-token-0123456789abcdef";
  let server: HttpFixture;
  beforeAll(async () => {
    server = await startHttp({
      token: TOKEN,
      mcp: { maxBodyBytes: 256 * 1024 },
      allowedHosts: ["lens.example.com"],
      allowedOrigins: ["https://editor.example.com"],
    });
  });
  afterAll(() => server.close());

  it("requires the bearer token (401 without it or with a wrong one)", async () => {
    const none = await fetch(server.url, {
      method: "POST",
      headers: MCP_HEADERS,
      body: JSON.stringify(INIT),
    });
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain(TOKEN);
    const wrong = await fetch(server.url, {
      method: "POST",
      headers: { ...MCP_HEADERS, Authorization: `Bearer ${TOKEN}x` },
      body: JSON.stringify(INIT),
    });
    expect(wrong.status).toBe(401);
    // One door for /mcp and everything under it.
    for (const sub of ["/", "/x"]) {
      const under = await fetch(`${server.url}${sub}`, {
        method: "POST",
        headers: MCP_HEADERS,
        body: JSON.stringify(INIT),
      });
      expect(under.status).toBe(401);
    }
    await expect(connectHttp(server.url)).rejects.toThrow();
    const ok = await connectHttp(server.url, { Authorization: `Bearer ${TOKEN}` });
    expect((await call(ok.client, "glob", { pattern: "Team/*" })).isError).toBe(false);
    await ok.close();
  });

  it("healthz is public but shows details only with the token", async () => {
    const open = (await (await fetch(`${server.base}/healthz`)).json()) as Record<string, unknown>;
    expect(open).toEqual({ ok: true });
    const full = (await (
      await fetch(`${server.base}/healthz`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).json()) as Record<string, unknown>;
    expect(full).toMatchObject({ ok: true, documents: 4, folders: ["Research", "Team"] });
  });

  it("refuses foreign Host headers (DNS rebinding) and foreign Origins", async () => {
    const auth = { ...MCP_HEADERS, Authorization: `Bearer ${TOKEN}` };
    const post = (headers: Record<string, string>) =>
      fetch(server.url, {
        method: "POST",
        headers: { ...auth, ...headers },
        body: JSON.stringify(INIT),
      });
    // fetch does not let us set Host: go through node:http.
    expect(await statusWithHost(server.base, "evil.example.net")).toBe(403);
    expect(await statusWithHost(server.base, "lens.example.com:443")).not.toBe(403);
    expect(await statusWithHost(server.base, "localhost:1234")).not.toBe(403);
    expect((await post({ Origin: "https://evil.example.net" })).status).toBe(403);
    expect((await post({ Origin: "null" })).status).toBe(403);
    const fromEditor = await post({ Origin: "https://editor.example.com" });
    expect(fromEditor.status).toBe(200);
    await fromEditor.body?.cancel();
    const fromLocal = await post({ Origin: server.base });
    expect(fromLocal.status).toBe(200);
    await fromLocal.body?.cancel();
  });

  it("answers 413 for a body over the limit, and keeps serving", async () => {
    const conn = await connectHttp(server.url, { Authorization: `Bearer ${TOKEN}` });
    const huge = await fetch(server.url, {
      method: "POST",
      headers: sessionHeaders(TOKEN, conn.transport!.sessionId!),
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: { name: "read", arguments: { file_path: "x".repeat(300 * 1024) } },
      }),
    });
    expect(huge.status).toBe(413);
    const init = await fetch(server.url, {
      method: "POST",
      headers: { ...MCP_HEADERS, Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ ...INIT, params: { ...INIT.params, pad: "x".repeat(300 * 1024) } }),
    });
    expect(init.status).toBe(413);
    // Through the SDK client: the call fails, the session and the server live on.
    await expect(
      conn.client.callTool({ name: "grep", arguments: { pattern: "y".repeat(300 * 1024) } }),
    ).rejects.toThrow();
    expect((await call(conn.client, "glob", { pattern: "Team/*" })).isError).toBe(false);
    await conn.close();
  });

  it("bounds a body sent without a Content-Length (chunked) too, and serves one within it", async () => {
    const conn = await connectHttp(server.url, { Authorization: `Bearer ${TOKEN}` });
    const chunked = (text: string) =>
      fetch(server.url, {
        method: "POST",
        headers: sessionHeaders(TOKEN, conn.transport!.sessionId!),
        body: new ReadableStream({
          start(c) {
            const bytes = new TextEncoder().encode(text);
            for (let i = 0; i < bytes.length; i += 64 * 1024)
              c.enqueue(bytes.subarray(i, i + 64 * 1024));
            c.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
    const request = (filePath: string) =>
      JSON.stringify({
        jsonrpc: "2.0",
        id: 11,
        method: "tools/call",
        params: { name: "glob", arguments: { pattern: filePath } },
      });
    const huge = await chunked(request("x".repeat(300 * 1024)));
    expect(huge.status).toBe(413);
    const fine = await chunked(request("Team/*"));
    expect(fine.status).toBe(200);
    expect(JSON.stringify(await fine.json())).toContain("Team/");
    await conn.close();
  });

  it("answers malformed JSON with a JSON-RPC parse error", async () => {
    const res = await fetch(server.url, {
      method: "POST",
      headers: { ...MCP_HEADERS, Authorization: `Bearer ${TOKEN}` },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });
});

describe("JSON bodies that cost more to parse than their size (issue 28)", () => {
  let server: HttpFixture;
  beforeAll(async () => {
    server = await startHttp();
  });
  afterAll(() => server.close());

  const post = (id: string, body: string) =>
    fetch(server.url, {
      method: "POST",
      headers: { ...MCP_HEADERS, "Mcp-Session-Id": id, "Mcp-Protocol-Version": "2025-06-18" },
      body,
    });

  it("refuses 3.9 MB of nested arrays before parsing: 400, -32700 naming the depth bound", async () => {
    const conn = await connectHttp(server.url);
    const depth = 1_950_000;
    const res = await post(conn.transport!.sessionId!, `${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: number; message: string } };
    expect(error.code).toBe(-32700);
    expect(error.message).toMatch(/nests deeper than 64 levels/);
    // The session lives on.
    expect((await call(conn.client, "glob", { pattern: "Team/*" })).isError).toBe(false);
    await conn.close();
  });

  it("refuses a valid message carrying a million values (legal depth) instead of serving it", async () => {
    const conn = await connectHttp(server.url);
    const pad = `[${"{},".repeat(1_000_000)}{}]`;
    const res = await post(
      conn.transport!.sessionId!,
      `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{"pad":${pad}}}`,
    );
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: number; message: string } };
    expect(error.code).toBe(-32700);
    expect(error.message).toMatch(/more than 20000 values/);
    await conn.close();
  });
});

/** Headers of a POST with `token` in the open session `id`. */
function sessionHeaders(token: string, id: string): Record<string, string> {
  return {
    ...MCP_HEADERS,
    Authorization: `Bearer ${token}`,
    "Mcp-Session-Id": id,
    "Mcp-Protocol-Version": "2025-06-18",
  };
}

async function statusWithHost(base: string, host: string): Promise<number> {
  const { request } = await import("node:http");
  const url = new URL(`${base}/healthz`);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname: url.hostname, port: url.port, path: url.pathname, headers: { Host: host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe("shared SessionStore across transports", () => {
  it("a session_id handle links reads made over different MCP sessions", async () => {
    const sessions = new SessionStore();
    const server = await startHttp({ workspace: fixtureWorkspace(), sessions });
    try {
      const a = await connectHttp(server.url);
      const b = await connectHttp(server.url);
      await call(a.client, "read", { file_path: "Team/Plans.md", session_id: "h1" });
      const r = await call(b.client, "edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan A",
        new_string: "Plan AA",
        session_id: "h1",
      });
      expect(r.isError).toBe(false);
      await a.close();
      await b.close();
    } finally {
      await server.close();
    }
  });
});
