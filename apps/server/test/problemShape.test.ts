// One error body for the whole port: through a real `lens serve` (in process, named tokens in
// its data directory), the 401, 403 and 404 of every door — MCP, REST, sync (HTTP and the
// WebSocket upgrade) — are application/problem+json with the same keys, `status` = the status.
import { mkdirSync } from "node:fs";
import { request } from "node:http";
import { addToken } from "@lens/access";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { tempDir, writeFixtureVaults } from "./helpers.js";

const ADMIN = "admin-token-problem-0123456789";
const BASE = "https://lens.dev/problems/";
/** The RFC 9457 members every problem has; `code` is the only extension these carry. */
const KEYS = ["detail", "instance", "status", "title", "type"];
/** A valid sync doc id that names no document. */
const NO_DOC = "6a6b0000-0000-4000-8000-0000000000ff";

let tmp: ReturnType<typeof tempDir>;
let server: RunningServer;
let base: string;
let viewer: string;

interface Answer {
  status: number;
  contentType: string | null;
  wwwAuthenticate: string | null;
  body: Record<string, unknown>;
}

async function answer(path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, init);
  return {
    status: res.status,
    contentType: res.headers.get("content-type"),
    wwwAuthenticate: res.headers.get("www-authenticate"),
    body: (await res.json()) as Record<string, unknown>,
  };
}

/** A WebSocket upgrade that the server refuses: its HTTP answer. */
function upgrade(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, {
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
      },
    });
    req.on("upgrade", () => reject(new Error("upgraded")));
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers["content-type"] ?? null,
          wwwAuthenticate: res.headers["www-authenticate"] ?? null,
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const MCP_POST = {
  method: "POST",
  headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
  body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
};

beforeAll(async () => {
  tmp = tempDir();
  const data = `${tmp.path}/data`;
  mkdirSync(data);
  const { team, research } = writeFixtureVaults(`${tmp.path}/vaults`);
  const cfg = resolveServeConfig(
    { port: "0", data, token: ADMIN, import: [`${team}=Team`, research] },
    {},
  );
  server = await startServe(cfg, silentLog());
  base = server.listening.baseUrl;
  viewer = (await addToken(data, { name: "viewer", role: "view" })).token;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  tmp?.remove();
});

describe("one problem+json shape on every door", () => {
  it("401, 403 and 404 of MCP, REST and sync", async () => {
    const cases: Array<[string, Promise<Answer>, number]> = [
      // MCP
      ["mcp 401", answer("/mcp", MCP_POST), 401],
      [
        "mcp 403 (foreign Origin)",
        answer("/mcp", {
          ...MCP_POST,
          headers: { ...MCP_POST.headers, ...bearer(ADMIN), Origin: "https://evil.example" },
        }),
        403,
      ],
      [
        "mcp 404 (unknown session)",
        answer("/mcp", {
          ...MCP_POST,
          headers: { ...MCP_POST.headers, ...bearer(ADMIN), "Mcp-Session-Id": "not-one-of-ours" },
        }),
        404,
      ],
      ["no route 404", answer("/nowhere"), 404],
      // REST
      ["rest 401", answer("/api/v1/documents"), 401],
      ["rest 403 (role)", answer("/api/v1/tokens", { headers: bearer(viewer) }), 403],
      ["rest 404", answer("/api/v1/no-such-route", { headers: bearer(ADMIN) }), 404],
      // sync
      ["sync 401 /doc/new", answer("/doc/new", { method: "POST" }), 401],
      ["sync 401 as-update", answer(`/d/${NO_DOC}/as-update`), 401],
      [
        "sync 403 (role)",
        answer("/doc/new", { method: "POST", headers: bearer(viewer), body: "{}" }),
        403,
      ],
      ["sync 404", answer(`/d/${NO_DOC}/as-update`, { headers: bearer(ADMIN) }), 404],
      ["sync WebSocket 401", upgrade(`/d/${NO_DOC}/ws/${NO_DOC}`), 401],
      ["sync WebSocket 404", upgrade(`/d/${NO_DOC}/ws/${NO_DOC}?token=${viewer}`), 404],
    ];
    for (const [what, pending, status] of cases) {
      const a = await pending;
      expect(a.status, `${what}: ${JSON.stringify(a.body)}`).toBe(status);
      expect(a.contentType, what).toBe("application/problem+json");
      expect(
        Object.keys(a.body)
          .filter((k) => k !== "code")
          .sort(),
        what,
      ).toEqual(KEYS);
      expect(a.body.status, what).toBe(status);
      expect(a.body.type, what).toMatch(new RegExp(`^${BASE}[a-z-]+$`));
      expect(typeof a.body.title, what).toBe("string");
      expect(typeof a.body.detail, what).toBe("string");
      expect(a.body.instance, what).toMatch(/^\//);
      // HTTP 401s also name the OAuth protected resource metadata (issue 31); a refused
      // WebSocket upgrade is written by sync itself, before any route.
      const challenge = what.includes("WebSocket")
        ? 'Bearer realm="lens"'
        : `Bearer realm="lens", resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="lens:suggest"`;
      if (status === 401) expect(a.wwwAuthenticate, what).toBe(challenge);
      if (status === 404) expect(a.body.type, what).toBe(`${BASE}not-found`);
      if (status === 401) expect(a.body.type, what).toBe(`${BASE}unauthorized`);
    }
  });
});
