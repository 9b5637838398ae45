// What `lens serve` logs for its operator (in process, the real JSON logger into a buffer): one
// info line per tool call naming the caller (and the error code when it failed) and one per
// REST write; request lines only at debug; the moment an open server starts requiring a token;
// and the review page's sign-in (a request without a token) is not a failed authentication.
import { mkdirSync } from "node:fs";
import { Writable } from "node:stream";
import { AuditLog, addToken, revokeToken } from "@lens/access";
import { afterEach, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { createLogger, type LogLevel } from "../src/log.js";
import { call, connectHttp, tempDir, writeFixtureVaults } from "./helpers.js";

const ADMIN = "logs-test-admin-token-0123456789";
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

type Record_ = Record<string, unknown> & { level: string; msg: string };

/** A JSON logger at `level` whose lines land in `records`. */
function capture(level: LogLevel) {
  const records: Record_[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString("utf8").split("\n"))
        if (line.trim()) records.push(JSON.parse(line) as Record_);
      done();
    },
  });
  return { log: createLogger(level, "json", sink), records };
}

async function serve(
  level: LogLevel,
  flags: { token?: string } = {},
): Promise<{ server: RunningServer; records: Record_[]; data: string; base: string }> {
  const tmp = tempDir();
  cleanups.push(() => tmp.remove());
  const data = `${tmp.path}/data`;
  mkdirSync(data);
  const { team } = writeFixtureVaults(`${tmp.path}/v`);
  const { log, records } = capture(level);
  const cfg = resolveServeConfig({ port: "0", data, import: [`${team}=Team`], ...flags }, {});
  const server = await startServe(cfg, log);
  cleanups.push(() => server.stop());
  return { server, records, data, base: server.listening.baseUrl };
}

/** Polls until `check` holds: the server logs on its own schedule. */
async function until(what: string, check: () => boolean): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("log lines", () => {
  it("a tool call names its caller, and a failure its error code; requests are debug lines", async () => {
    const { records, data, base } = await serve("info", { token: ADMIN });
    const ana = (await addToken(data, { name: "Ana's Claude", role: "suggest" })).token;
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${ana}` });
    await call(conn.client, "read", { file_path: "Team/Plans.md" });
    await call(conn.client, "read", { file_path: "Team/Nope.md" });
    await conn.close();
    const calls = records.filter((r) => r.msg === "tool call");
    expect(calls).toEqual([
      expect.objectContaining({ level: "info", tool: "read", who: "Ana's Claude", isError: false }),
      expect.objectContaining({
        level: "info",
        tool: "read",
        who: "Ana's Claude",
        isError: true,
        code: "not_found",
      }),
    ]);
    expect(calls[0]).not.toHaveProperty("code");
    // At info, no line per HTTP request: the tool calls say what happened.
    expect(records.filter((r) => r.msg === "request")).toEqual([]);
  });

  it("a REST write is one info line naming its caller; REST reads and MCP requests are debug", async () => {
    const { records, base } = await serve("debug", { token: ADMIN });
    const auth = { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" };
    await fetch(`${base}/api/v1/documents/Team/Plans.md`, { headers: auth });
    const created = await fetch(`${base}/api/v1/documents`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ path: "Team/New.md", content: "x" }),
    });
    expect(created.status).toBe(201);
    const conn = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${ADMIN}` });
    await call(conn.client, "glob", { pattern: "**" });
    await conn.close();
    const requests = records.filter((r) => r.msg === "request");
    expect(requests.find((r) => r.method === "POST" && r.path === "/api/v1/documents")).toEqual(
      expect.objectContaining({ level: "info", status: 201, who: "admin token" }),
    );
    const others = requests.filter((r) => r.path !== "/api/v1/documents");
    expect(others.length).toBeGreaterThan(2);
    for (const r of others) expect(r.level, `${r.method} ${r.path}`).toBe("debug");
  });

  it("the first token added to an open server: logged that it now requires one (and when it opens again)", async () => {
    const { records, data } = await serve("info");
    expect(records.some((r) => /requires a token/.test(r.msg))).toBe(false);
    await addToken(data, { name: "Bo", role: "edit" });
    await until("the server logs that it requires a token", () =>
      records.some((r) => r.level === "warn" && /now requires a token/.test(r.msg)),
    );
    await revokeToken(data, "Bo");
    await until("the server logs that it is open again", () =>
      records.some((r) => r.level === "warn" && /no token left/.test(r.msg)),
    );
  });
});

describe("the audit log", () => {
  it("a request without a token (the review page asking who it is) is no failed authentication; a wrong token is", async () => {
    const { server, data, base } = await serve("info", { token: ADMIN });
    expect((await fetch(`${base}/api/v1/me`)).status).toBe(401);
    expect((await fetch(`${base}/mcp`, { method: "POST", body: "{}" })).status).toBe(401);
    const folder = server.data.workspace.folders()[0]!;
    expect((await fetch(`${base}/doc/${folder.docId}/auth`, { method: "POST" })).status).toBe(401);
    const wrong = await fetch(`${base}/api/v1/me`, {
      headers: { authorization: "Bearer lens_wrong" },
    });
    expect(wrong.status).toBe(401);
    await server.stop();
    const audit = await new AuditLog(data).page(0, 100);
    expect(audit.entries.filter((e) => e.action === "auth.failed").map((e) => e.detail)).toEqual([
      { door: "rest", reason: "invalid" },
    ]);
  });
});
