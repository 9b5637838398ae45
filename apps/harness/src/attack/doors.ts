// Cross-site requests and DNS rebinding on every route, the sync WebSocket included, and
// malformed sync updates: refused, and nothing changes.
import * as encoding from "lib0/encoding";
import WebSocket from "ws";
import * as Y from "yjs";
import { type Attempt, type Category, check } from "./battery.js";
import { rawStatus } from "./wire.js";

const routes = (
  doc: string,
): [string, string, { method?: string; body?: string | Uint8Array }][] => [
  ["POST /mcp", "/mcp", { method: "POST", body: "{}" }],
  ["GET /api/v1/documents", "/api/v1/documents", {}],
  [
    "POST /api/v1/documents (create)",
    "/api/v1/documents",
    { method: "POST", body: '{"path":"A/b.md","content":"x"}' },
  ],
  [
    "POST /api/v1/suggestions/accept",
    "/api/v1/suggestions/accept",
    { method: "POST", body: '{"path":"A","all":true}' },
  ],
  [
    "POST /api/v1/tokens",
    "/api/v1/tokens",
    { method: "POST", body: '{"name":"x","role":"admin"}' },
  ],
  ["GET /api/v1/search", "/api/v1/search?query=x", {}],
  ["GET /api/v1/events", "/api/v1/events", {}],
  ["GET / (the review page)", "/", {}],
  ["POST /doc/new", "/doc/new", { method: "POST", body: "{}" }],
  ["POST /doc/:id/auth", `/doc/${doc}/auth`, { method: "POST", body: "{}" }],
  ["POST /d/:id/update", `/d/${doc}/update`, { method: "POST", body: new Uint8Array([0, 0]) }],
  ["GET /d/:id/as-update", `/d/${doc}/as-update`, {}],
];

function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.on("open", () => {
      ws.close();
      resolve(101);
    });
    ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
    ws.on("error", () => resolve(0));
  });
}

export const csrf: Category = {
  name: "CSRF and DNS rebinding",
  attempts: (ctx) => {
    const port = Number(new URL(ctx.url).port);
    const hostile: [string, Record<string, string>][] = [
      ["Origin http://evil.com", { Origin: "http://evil.com", "Content-Type": "text/plain" }],
      ["Host evil.com", { Host: `evil.com:${port}` }],
      ["Origin on another local port", { Origin: `http://127.0.0.1:${port + 1}` }],
      ["Origin null", { Origin: "null" }],
    ];
    const out: Attempt[] = [];
    for (const [label, headers] of hostile) {
      for (const [route, path, init] of routes("attack-doc-0001")) {
        out.push({
          name: `${route} with ${label}`,
          async run(c) {
            const status = await rawStatus(`${c.url}${path}`, { ...init, headers });
            check(status === 403, `HTTP ${status}`);
          },
        });
      }
      out.push({
        name: `WebSocket upgrade with ${label}`,
        async run(c) {
          const doc = "attack-doc-0001";
          const status = await upgradeStatus(
            `ws://${new URL(c.url).host}/d/${doc}/ws/${doc}`,
            Object.fromEntries(Object.entries(headers).filter(([k]) => k !== "Content-Type")),
          );
          check(status === 403, `status ${status}`);
        },
      });
    }
    // The server's own origin is not refused (no false alarm).
    out.push({
      name: "the server's own origin passes",
      async run(c) {
        const res = await fetch(`${c.url}/api/v1/documents`, { headers: { Origin: c.url } });
        await res.arrayBuffer();
        check(res.status === 200, `HTTP ${res.status}`);
      },
    });
    return out;
  },
};

function deleteSet(clock: number): Uint8Array {
  const e = encoding.createEncoder();
  for (const n of [0, 1, 12345, 1, clock, 5]) encoding.writeVarUint(e, n);
  return encoding.toUint8Array(e);
}

function filemetaKey(key: string): Uint8Array {
  const d = new Y.Doc();
  d.getMap("filemeta_v0").set(key, {
    id: "00000000-0000-4000-8000-0000000000aa",
    type: "markdown",
    version: 0,
  });
  return Y.encodeStateAsUpdate(d);
}

export const syncUpdates: Category = {
  name: "malformed sync updates",
  attempts: () => {
    const v2 = new Y.Doc();
    v2.getText("contents").insert(0, "v2 bytes");
    const bodies: [string, Uint8Array][] = [
      ["a v2 update posted as v1", Y.encodeStateAsUpdateV2(v2)],
      ["a delete set with clock 2^50", deleteSet(2 ** 50)],
      ["random bytes", Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)],
      ["filemeta_v0 key with ..", filemetaKey("/../escape.md")],
      ["filemeta_v0 key with NUL", filemetaKey("/nul\u0000.md")],
      ["filemeta_v0 key with a backslash", filemetaKey("/a\\b.md")],
    ];
    return bodies.map(([name, body]) => ({
      name,
      async run(ctx) {
        const doc = "attack-sync-doc-01";
        const before = await (await fetch(`${ctx.url}/d/${doc}/as-update`)).arrayBuffer();
        const res = await fetch(`${ctx.url}/d/${doc}/update`, {
          method: "POST",
          body: body as Uint8Array<ArrayBuffer>,
        });
        await res.arrayBuffer();
        check(res.status === 400, `HTTP ${res.status}`);
        const after = await (await fetch(`${ctx.url}/d/${doc}/as-update`)).arrayBuffer();
        check(Buffer.from(after).equals(Buffer.from(before)), "the document changed");
      },
    }));
  },
};
