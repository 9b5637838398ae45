// Hostile tool input: wrong types, huge strings, NUL, lone surrogates, path traversal.
import { type AttackContext, type Category, check } from "./battery.js";
import { openSession } from "./wire.js";

const MB = "x".repeat(1_000_000);

export const toolInput: Category = {
  name: "tool input (types, sizes, NUL, surrogates)",
  attempts: () => [
    {
      name: "file_path as a number is a tool error naming it",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("read", { file_path: 42 });
        check(
          r.isError === true && /file_path/.test(r.text ?? ""),
          `got ${JSON.stringify(r).slice(0, 200)}`,
        );
      },
    },
    {
      name: "a 1 MB path is refused, and the message echoes a bounded part of it",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("read", { file_path: MB });
        check(r.isError === true, "not an error");
        check((r.text ?? "").length < 2_000, `echoed ${r.text?.length} characters`);
      },
    },
    {
      name: "a NUL in a path is a clear error",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("read", {
          file_path: "Notes/a\u0000b.md",
        });
        check(r.isError === true && /NUL/.test(r.text ?? ""), `got ${r.text}`);
      },
    },
    {
      name: "a lone surrogate in new_string is refused and changes nothing",
      async run(ctx) {
        const s = await openSession(ctx.url);
        const before = (await s.call("read", { file_path: "Notes/Short.md" })).text;
        const r = await s.call("edit", {
          file_path: "Notes/Short.md",
          old_string: "plugins",
          new_string: "bad \ud800 text",
        });
        check(r.isError === true && /well-formed/.test(r.text ?? ""), `got ${r.text}`);
        check((await s.call("read", { file_path: "Notes/Short.md" })).text === before, "changed");
      },
    },
    {
      name: "an unknown argument is refused, naming it",
      async run(ctx) {
        const r = await (await openSession(ctx.url)).call("read", {
          file_path: "Notes/Short.md",
          extra: 1,
        });
        check(r.isError === true && /"extra"/.test(r.text ?? ""), `got ${r.text}`);
      },
    },
    {
      name: "REST edit with a lone surrogate is 422, nothing written",
      async run(ctx) {
        const doc = await fetch(`${ctx.url}/api/v1/documents/Notes/Short.md`);
        const etag = doc.headers.get("etag") ?? "";
        await doc.arrayBuffer();
        const res = await fetch(`${ctx.url}/api/v1/documents/Notes/Short.md/edit`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "If-Match": etag },
          body: '{"old_string":"plugins","new_string":"\\ud800"}',
        });
        check(res.status === 422, `HTTP ${res.status}`);
        const after = await fetch(`${ctx.url}/api/v1/documents/Notes/Short.md`);
        check(after.headers.get("etag") === etag, "the document changed");
      },
    },
  ],
};

export const traversal: Category = {
  name: "path traversal",
  attempts: () => [
    ...[
      "../etc/passwd",
      "/etc/passwd",
      "Notes/../../x.md",
      "Notes\\..\\..\\x.md",
      "C:/Windows/x.md",
    ].flatMap((path) => [
      {
        name: `MCP read ${JSON.stringify(path)}`,
        async run(ctx: AttackContext) {
          const r = await (await openSession(ctx.url)).call("read", { file_path: path });
          check(r.isError === true || r.code === -32602, `read answered ${r.text?.slice(0, 80)}`);
          check(!/root:/.test(r.text ?? ""), "leaked a system file");
        },
      },
      {
        name: `REST GET ${JSON.stringify(path)}`,
        async run(ctx: AttackContext) {
          const res = await fetch(`${ctx.url}/api/v1/documents/${encodeURIComponent(path)}`);
          const body = await res.text();
          check(res.status >= 400 && res.status < 500, `HTTP ${res.status}`);
          check(!/root:/.test(body), "leaked a system file");
        },
      },
    ]),
    {
      name: "an 8 KB URL of ..%2F is refused, and the answer stays small",
      async run(ctx: AttackContext) {
        const res = await fetch(`${ctx.url}/api/v1/documents/${"..%2F".repeat(1600)}x.md`);
        const body = await res.text();
        check(res.status === 400, `HTTP ${res.status}`);
        check(body.length < 2_000, `answered ${body.length} characters`);
      },
    },
    {
      name: "a 1 MB path to suggestions/accept is refused, and the answer stays small",
      async run(ctx: AttackContext) {
        const res = await fetch(`${ctx.url}/api/v1/suggestions/accept`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ path: MB, all: true }),
        });
        const body = await res.text();
        check(res.status >= 400 && res.status < 500, `HTTP ${res.status}`);
        check(body.length < 2_000, `answered ${body.length} characters`);
      },
    },
  ],
};
