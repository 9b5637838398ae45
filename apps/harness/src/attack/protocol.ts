// The protocol doors: unknown tools and sessions, malformed JSON-RPC, bad HTTP requests.
import { type Category, check } from "./battery.js";
import { MCP_HEADERS, openSession, readRpc } from "./wire.js";

export const protocol: Category = {
  name: "sessions and JSON-RPC",
  attempts: () => [
    {
      name: "an unknown tool is Invalid params",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("rm", {});
        check(r.code === -32602, `got ${JSON.stringify(r).slice(0, 120)}`);
      },
    },
    {
      name: "a stale session id of ours keeps working, as a fresh session",
      async run(ctx) {
        const res = await fetch(`${ctx.url}/mcp`, {
          method: "POST",
          headers: { ...MCP_HEADERS, "Mcp-Session-Id": crypto.randomUUID() },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        });
        const a = await readRpc(res);
        check(a.status === 200 && /"read"/.test(a.raw), `HTTP ${a.status}`);
      },
    },
    {
      name: "a session id Lens never issues is 404",
      async run(ctx) {
        const res = await fetch(`${ctx.url}/mcp`, {
          method: "POST",
          headers: { ...MCP_HEADERS, "Mcp-Session-Id": "made-up" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        });
        await res.text();
        check(res.status === 404, `HTTP ${res.status}`);
      },
    },
    {
      name: "an empty batch is Invalid Request",
      async run(ctx) {
        const a = await (await openSession(ctx.url)).send("[]");
        check(a.status === 400 && a.message?.error?.code === -32600, `got ${a.raw.slice(0, 120)}`);
      },
    },
    {
      name: "tools/call with name 123 or arguments null is Invalid params",
      async run(ctx) {
        const s = await openSession(ctx.url);
        for (const params of [
          { name: 123, arguments: {} },
          { name: "read", arguments: null },
        ]) {
          const a = await s.send({ jsonrpc: "2.0", id: 9, method: "tools/call", params });
          check(a.message?.error?.code === -32602, `got ${a.raw.slice(0, 120)}`);
        }
      },
    },
  ],
};

export const badHttp: Category = {
  name: "bad HTTP",
  attempts: () => [
    {
      name: "a 5 MB body to /mcp is 413",
      async run(ctx) {
        const res = await fetch(`${ctx.url}/mcp`, {
          method: "POST",
          headers: MCP_HEADERS,
          body: `{"pad":"${"x".repeat(5 * 1024 * 1024)}"}`,
        });
        await res.text();
        check(res.status === 413, `HTTP ${res.status}`);
      },
    },
    {
      name: "malformed JSON to /mcp is a parse error",
      async run(ctx) {
        const a = await readRpc(
          await fetch(`${ctx.url}/mcp`, { method: "POST", headers: MCP_HEADERS, body: "{nope" }),
        );
        check(a.status === 400 && a.message?.error?.code === -32700, `got ${a.raw.slice(0, 120)}`);
      },
    },
    {
      name: "an unknown REST query parameter is 400, naming it",
      async run(ctx) {
        const res = await fetch(`${ctx.url}/api/v1/grep?pattern=x&-i=true`);
        const body = await res.text();
        check(
          res.status === 400 && body.includes('"-i"'),
          `HTTP ${res.status} ${body.slice(0, 80)}`,
        );
      },
    },
    {
      name: "REST edit with another media type is 415, malformed JSON 400",
      async run(ctx) {
        const url = `${ctx.url}/api/v1/documents/Notes/Short.md/edit`;
        const plain = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "text/plain" },
          body: "x",
        });
        await plain.text();
        check(plain.status === 415, `text/plain: HTTP ${plain.status}`);
        const broken = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{nope",
        });
        await broken.text();
        check(broken.status === 400, `bad JSON: HTTP ${broken.status}`);
      },
    },
    {
      name: "If-Match: * is no proof of a read (428)",
      async run(ctx) {
        const res = await fetch(`${ctx.url}/api/v1/documents/Notes/Short.md/edit`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "If-Match": "*" },
          body: JSON.stringify({ old_string: "plugins", new_string: "extensions" }),
        });
        await res.text();
        check(res.status === 428, `HTTP ${res.status}`);
      },
    },
  ],
};
