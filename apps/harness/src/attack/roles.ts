// An assistant holding a `suggest` token scoped to one folder tries to do more than it may:
// accept its own suggestions, write through sync, mint tokens, read the audit log, read other
// folders; tokens that are missing, wrong or revoked try every door. All refused, and the
// refusals are in the audit log.
import { addToken, revokeToken } from "@lens/access";
import { type AttackContext, type Category, check } from "./battery.js";
import { openSession } from "./wire.js";

interface Tokens {
  admin: string;
  assistant: string;
  viewer: string;
  elsewhere: string;
  revoked: string;
}

const made = new Map<string, Promise<Tokens>>();

/** Named tokens, made once per data directory (the running server sees them at once). */
function tokens(ctx: AttackContext): Promise<Tokens> {
  let t = made.get(ctx.dataDir);
  if (!t) {
    t = makeTokens(ctx);
    made.set(ctx.dataDir, t);
  }
  return t;
}

async function makeTokens(ctx: AttackContext): Promise<Tokens> {
  const add = async (name: string, role: "view" | "suggest" | "admin", folders: string[] = []) =>
    (await addToken(ctx.dataDir, { name, role, folders })).token;
  const t: Tokens = {
    admin: await add("attack admin", "admin"),
    assistant: await add("attack assistant", "suggest", ["Notes"]),
    viewer: await add("attack viewer", "view"),
    elsewhere: await add("attack elsewhere", "suggest", ["Other"]),
    revoked: await add("attack revoked", "suggest"),
  };
  await revokeToken(ctx.dataDir, "attack revoked");
  return t;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function status(
  url: string,
  token: string | undefined,
  init: RequestInit = {},
): Promise<number> {
  const headers = new Headers(init.headers);
  if (token !== undefined) headers.set("authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  const res = await fetch(url, { ...init, headers });
  await res.arrayBuffer();
  return res.status;
}

export const roles: Category = {
  name: "roles and tokens",
  attempts: () => [
    {
      name: "no token, a wrong token and a revoked token: 401 on MCP, REST and sync",
      async run(ctx) {
        const t = await tokens(ctx);
        for (const token of [undefined, "lens_wrong", t.revoked]) {
          for (const [path, init] of [
            ["/mcp", { method: "POST", body: "{}" }],
            ["/api/v1/documents", {}],
            ["/doc/new", { method: "POST", body: "{}" }],
          ] as const) {
            const s = await status(`${ctx.url}${path}`, token, init);
            check(
              s === 401,
              `${path} with ${token === undefined ? "no token" : "a bad token"}: HTTP ${s}`,
            );
          }
        }
      },
    },
    {
      name: "suggest cannot accept or reject, mint or list tokens, read the audit log",
      async run(ctx) {
        const { assistant } = await tokens(ctx);
        const tries: [string, RequestInit][] = [
          ["/api/v1/suggestions/accept", { method: "POST", body: '{"path":"Notes","all":true}' }],
          ["/api/v1/suggestions/reject", { method: "POST", body: '{"path":"Notes","all":true}' }],
          ["/api/v1/tokens", { method: "POST", body: '{"name":"mine","role":"admin"}' }],
          ["/api/v1/tokens", {}],
          ["/api/v1/audit", {}],
          ["/api/v1/documents/Notes/Short.md/discard", { method: "POST" }],
        ];
        for (const [path, init] of tries) {
          const s = await status(`${ctx.url}${path}`, assistant, init);
          check(s === 403, `${init.method ?? "GET"} ${path}: HTTP ${s}`);
        }
      },
    },
    {
      name: "suggest cannot write through sync: no full client token, no new doc, no update",
      async run(ctx) {
        const { assistant } = await tokens(ctx);
        check(
          (await status(`${ctx.url}/doc/new`, assistant, { method: "POST", body: "{}" })) === 403,
          "doc/new",
        );
        const auth = await fetch(`${ctx.url}/doc/attack-doc-0002/auth`, {
          method: "POST",
          headers: bearer(assistant),
          body: "{}",
        });
        await auth.arrayBuffer();
        check(auth.status === 403, `full client token: HTTP ${auth.status}`);
      },
    },
    {
      name: "view cannot edit over MCP (tool error naming the role), and edit is not listed",
      async run(ctx) {
        const { viewer } = await tokens(ctx);
        const s = await openSession(ctx.url, bearer(viewer));
        const list = await s.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
        check(!/"name":"edit"/.test(list.raw), "tools/list offers edit to a view token");
        const r = await s.call("edit", {
          file_path: "Notes/Short.md",
          old_string: "short",
          new_string: "long",
        });
        check(
          r.isError === true && /needs the "suggest" role/.test(r.text ?? ""),
          `got ${JSON.stringify(r).slice(0, 160)}`,
        );
      },
    },
    {
      name: "a token scoped to another folder sees nothing of this one",
      async run(ctx) {
        const { elsewhere } = await tokens(ctx);
        const s = await openSession(ctx.url, bearer(elsewhere));
        const read = await s.call("read", { file_path: "Notes/Short.md" });
        check(
          read.isError === true && /^File does not exist/.test(read.text ?? ""),
          `read: ${read.text?.slice(0, 100)}`,
        );
        const grep = await s.call("grep", { pattern: "plugin" });
        check(grep.text === "No matches found", `grep: ${grep.text?.slice(0, 100)}`);
        const rest = await status(`${ctx.url}/api/v1/documents/Notes/Short.md`, elsewhere);
        check(rest === 404, `REST read: HTTP ${rest}`);
        const edit = await s.call("create", { file_path: "Notes/Planted.md", content: "x" });
        check(edit.isError === true, "created a note in a folder it does not reach");
      },
    },
    {
      name: "the refusals are in the audit log",
      async run(ctx) {
        const { admin } = await tokens(ctx);
        const res = await fetch(`${ctx.url}/api/v1/audit?limit=1000`, { headers: bearer(admin) });
        const body = (await res.json()) as {
          entries: { action: string; detail?: { door?: string } }[];
        };
        const doors = new Set(
          body.entries.filter((e) => e.action === "auth.failed").map((e) => e.detail?.door),
        );
        check(
          ["mcp", "rest", "sync"].every((d) => doors.has(d)),
          `failed authentications audited on ${[...doors].join(", ")}`,
        );
      },
    },
  ],
};
