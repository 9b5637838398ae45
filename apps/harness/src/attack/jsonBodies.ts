// JSON bodies that cost the parser more than their size suggests: megabytes of nesting, and
// legal depth with a million values. MCP and REST refuse them before parsing (400), one at a
// time and four at once, while the bystander's reads go on.
import { type Attempt, type Category, check } from "./battery.js";
import { MCP_HEADERS, openSession, readRpc } from "./wire.js";

/** `[[[…]]]` of `bytes` bytes: valid JSON, nested half a byte per level. */
function nestedArrays(bytes: number): Uint8Array<ArrayBuffer> {
  const depth = Math.floor(bytes / 2);
  return new TextEncoder().encode(`${"[".repeat(depth)}${"]".repeat(depth)}`);
}

/** `{"pad":[{},{},…]}` of about `bytes` bytes: three levels deep, a value every 3 bytes. */
function manyValues(bytes: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`{"pad":[${"{},".repeat(Math.floor(bytes / 3) - 4)}{}]}`);
}

const REST_EDIT = "/api/v1/documents/Notes/Short.md/edit";

async function mcpRefuses(
  url: string,
  session: string,
  body: Uint8Array<ArrayBuffer>,
  what: RegExp,
) {
  const a = await readRpc(
    await fetch(`${url}/mcp`, {
      method: "POST",
      headers: { ...MCP_HEADERS, "Mcp-Session-Id": session },
      body,
    }),
  );
  check(
    a.status === 400 && a.message?.error?.code === -32700 && what.test(a.message.error.message),
    `MCP: HTTP ${a.status} ${a.raw.slice(0, 160)}`,
  );
}

async function restRefuses(url: string, body: Uint8Array<ArrayBuffer>, what: RegExp) {
  const res = await fetch(`${url}${REST_EDIT}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
  });
  const text = await res.text();
  check(
    res.status === 400 &&
      (res.headers.get("content-type") ?? "").startsWith("application/problem+json") &&
      what.test(text),
    `REST: HTTP ${res.status} ${text.slice(0, 160)}`,
  );
}

export const jsonBodies: Category = {
  name: "deep and wide JSON bodies",
  attempts: () => {
    // Made before the bystander starts: building them is the battery's work, not the server's.
    const deepMcp = nestedArrays(3.9 * 1024 * 1024);
    const wideMcp = manyValues(3.9 * 1024 * 1024);
    const wideRest = manyValues(7.9 * 1024 * 1024);
    const depth = /nest|deep|depth/i;
    const values = /values/i;
    return [
      {
        name: "3.9 MB of nested arrays to /mcp: 400 (-32700) before parsing",
        async run(c) {
          const s = await openSession(c.url);
          await mcpRefuses(c.url, s.id, deepMcp, depth);
          const list = await s.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
          check(/"read"/.test(list.raw), "the session stopped working");
        },
      },
      {
        name: "3.9 MB of nested arrays to a REST edit: 400 problem before parsing",
        run: (c) => restRefuses(c.url, deepMcp, depth),
      },
      {
        name: "a million values at legal depth to /mcp: 400 (-32700) before parsing",
        async run(c) {
          const s = await openSession(c.url);
          await mcpRefuses(c.url, s.id, wideMcp, values);
        },
      },
      {
        name: "2.6 million values at legal depth (7.9 MB) to a REST edit: 400 before parsing",
        run: (c) => restRefuses(c.url, wideRest, values),
      },
      {
        name: "four nested bodies at once to /mcp and four to REST: all refused",
        async run(c) {
          const s = await openSession(c.url);
          await Promise.all([
            ...Array.from({ length: 4 }, () => mcpRefuses(c.url, s.id, deepMcp, depth)),
            ...Array.from({ length: 4 }, () => restRefuses(c.url, deepMcp, depth)),
          ]);
        },
      },
    ] satisfies Attempt[];
  },
};
