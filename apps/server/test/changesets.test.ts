// Pending moves and deletions, and changesets (issue 33), through a real `lens serve`: over MCP
// (the SDK's client over HTTP) an assistant with a suggest token moves and deletes notes and tags
// edits with a changeset; over REST a reviewer sees each pending change with its link rewrites,
// rejects (nothing changes anywhere) and accepts (rename and rewrites in one step; the deletion
// removes the note), and accepts or rejects a changeset of edits on two notes as one unit.
import { mkdirSync, writeFileSync } from "node:fs";
import { addToken } from "@lens/access";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig, type ServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { type Connection, connectHttp, tempDir } from "./helpers.js";

const ADMIN = "admin-token-0123456789abcdef";
let tmp: ReturnType<typeof tempDir>;
let server: RunningServer;
let cfg: ServeConfig;
const tokens = { claude: "", bo: "" };

const FILES: Record<string, string> = {
  "Draft.md": "# Draft\nSee [[Plan]].\n",
  "Plan.md": "The plan links [[Draft]].\n",
  "Hub.md": "Hub: [[Draft]] and [[Old]].\n",
  "Old.md": "An old note.\n",
  "Notes/A.md": "Alpha text.\n",
  "Notes/B.md": "Beta text.\n",
};

function api(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("authorization", `Bearer ${token}`);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return fetch(`${server.listening.baseUrl}/api/v1${path}`, { ...init, headers });
}

const post = (path: string, body: unknown) =>
  api(path, tokens.bo, { method: "POST", body: JSON.stringify(body) });

async function raw(path: string): Promise<string> {
  const res = await api(`/documents/${path}?view=raw`, tokens.bo);
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { content: string }).content;
}

/** Everything a reader could see: the notes and each one's raw text. */
async function everything(): Promise<Record<string, string>> {
  const res = await api("/documents", tokens.bo);
  const { documents } = (await res.json()) as { documents: { path: string }[] };
  const out: Record<string, string> = {};
  for (const d of documents) out[d.path] = await raw(d.path);
  return out;
}

async function call(conn: Connection, name: string, args: Record<string, unknown>) {
  const r = (await conn.client.callTool({ name, arguments: args })) as CallToolResult;
  const text = r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return {
    text,
    isError: r.isError === true,
    data: r.structuredContent as Record<string, unknown>,
  };
}

type Listing = {
  changes: {
    id: string;
    kind: string;
    path: string;
    to?: string;
    changeset?: string;
    rewrites: { path: string; old: string; new: string }[];
  }[];
  changesets: { id: string; suggestions: { path: string; id: string }[]; changes: string[] }[];
};

async function listing(path = "Team"): Promise<Listing> {
  const res = await api(`/suggestions?path=${encodeURIComponent(path)}`, tokens.bo);
  expect(res.status).toBe(200);
  return (await res.json()) as Listing;
}

let conn: Connection;

beforeAll(async () => {
  tmp = tempDir();
  const data = `${tmp.path}/data`;
  const vault = `${tmp.path}/Team`;
  mkdirSync(data);
  mkdirSync(`${vault}/Notes`, { recursive: true });
  for (const [p, text] of Object.entries(FILES)) writeFileSync(`${vault}/${p}`, text);
  tokens.claude = (await addToken(data, { name: "Claude", role: "suggest", folders: [] })).token;
  tokens.bo = (await addToken(data, { name: "Bo", role: "edit", folders: [] })).token;
  cfg = resolveServeConfig({ port: "0", data, token: ADMIN, import: [`${vault}=Team`] }, {});
  server = await startServe(cfg, silentLog());
  conn = await connectHttp(`${server.listening.baseUrl}/mcp`, {
    authorization: `Bearer ${tokens.claude}`,
  });
}, 120_000);

afterAll(async () => {
  await conn?.close();
  await server?.stop();
  tmp?.remove();
});

describe("a suggested move", () => {
  let id = "";

  it("leaves glob unchanged, read says it is pending, and the queue shows its rewrites", async () => {
    const before = await everything();
    const moved = await call(conn, "move", {
      file_path: "Team/Draft.md",
      new_path: "Team/Archive/Draft v2.md",
      reason: "Archiving",
    });
    expect(moved.isError, moved.text).toBe(false);
    id = moved.data.pending as string;
    expect((await call(conn, "glob", { pattern: "**/Draft*" })).text).toBe("Team/Draft.md");
    expect((await call(conn, "read", { file_path: "Team/Draft.md" })).text).toContain(
      `Pending move to Team/Archive/Draft v2.md (${id}) by Claude`,
    );
    expect(await everything()).toEqual(before);
    const { changes } = await listing();
    expect(changes).toEqual([
      expect.objectContaining({
        id,
        kind: "move",
        path: "Team/Draft.md",
        to: "Team/Archive/Draft v2.md",
        rewrites: [
          { path: "Team/Hub.md", old: "[[Draft]]", new: "[[Draft v2]]" },
          { path: "Team/Plan.md", old: "[[Draft]]", new: "[[Draft v2]]" },
        ],
      }),
    ]);
  });

  it("rejected, changes nothing anywhere", async () => {
    const before = await everything();
    const res = await post("/suggestions/reject", { changes: [id], reply: "Not yet" });
    expect(res.status).toBe(200);
    expect(await everything()).toEqual(before);
    expect((await listing()).changes).toEqual([]);
    const history = await call(conn, "suggestions", {});
    expect(history.text).toContain(`rejected by Bo`);
    expect(history.text).toContain(`move Team/Draft.md to Team/Archive/Draft v2.md (${id}`);
  });

  it("accepted with all: true on the folder, renames and rewrites the links in one step", async () => {
    const again = await call(conn, "move", {
      file_path: "Team/Draft.md",
      new_path: "Team/Archive/Draft v2.md",
    });
    expect(again.isError, again.text).toBe(false);
    const res = await post("/suggestions/accept", { path: "Team", all: true });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { changes: { status: string; rewritten?: string[] }[] };
    expect(body.changes).toEqual([
      expect.objectContaining({ status: "applied", rewritten: ["Team/Hub.md", "Team/Plan.md"] }),
    ]);
    expect((await call(conn, "glob", { pattern: "**/Draft*" })).text).toBe(
      "Team/Archive/Draft v2.md",
    );
    expect(await raw("Team/Plan.md")).toBe("The plan links [[Draft v2]].\n");
    expect(await raw("Team/Hub.md")).toBe("Hub: [[Draft v2]] and [[Old]].\n");
    // Accepting it again is a conflict, nothing changed.
    const before = await everything();
    const twice = await post("/suggestions/accept", { changes: [again.data.pending] });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { detail: string }).detail).toContain("accepted already");
    expect(await everything()).toEqual(before);
  });
});

describe("a move whose target was taken meanwhile", () => {
  it("is a 409 that changes nothing", async () => {
    const moved = await call(conn, "move", {
      file_path: "Team/Plan.md",
      new_path: "Team/Taken.md",
    });
    expect(moved.isError, moved.text).toBe(false);
    const made = await post("/documents", { path: "Team/Taken.md", content: "Bo's note" });
    expect(made.status).toBe(201);
    const before = await everything();
    const res = await post("/suggestions/accept", { changes: [moved.data.pending] });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toContain(
      "Team/Taken.md already exists",
    );
    expect(await everything()).toEqual(before);
    expect((await post("/suggestions/reject", { changes: [moved.data.pending] })).status).toBe(200);
  });
});

describe("a suggested deletion", () => {
  it("is pending until accepted (after a restart too); rejected it changes nothing, accepted it removes the note", async () => {
    await call(conn, "read", { file_path: "Team/Old.md" });
    const first = await call(conn, "delete", { file_path: "Team/Old.md", reason: "Stale" });
    expect(first.isError, first.text).toBe(false);
    expect((await call(conn, "read", { file_path: "Team/Old.md" })).text).toContain(
      "Pending deletion",
    );
    // Durable: in the folder's doc, saved with it; a restart still has it pending.
    await conn.close();
    await server.stop();
    // Without the import this time: an import brings the vault's files back over the folder.
    const again = resolveServeConfig({ port: "0", data: `${tmp.path}/data`, token: ADMIN }, {});
    server = await startServe(again, silentLog());
    conn = await connectHttp(`${server.listening.baseUrl}/mcp`, {
      authorization: `Bearer ${tokens.claude}`,
    });
    expect((await call(conn, "read", { file_path: "Team/Old.md" })).text).toContain(
      `Pending deletion (${first.data.pending}) by Claude — reason: "Stale"`,
    );
    expect((await listing("Team/Old.md")).changes).toEqual([
      expect.objectContaining({ id: first.data.pending, kind: "delete", rewrites: [] }),
    ]);
    const before = await everything();
    expect((await post("/suggestions/reject", { changes: [first.data.pending] })).status).toBe(200);
    expect(await everything()).toEqual(before);

    const second = await call(conn, "delete", { file_path: "Team/Old.md" });
    const res = await post("/suggestions/accept", { changes: [second.data.pending] });
    expect(res.status).toBe(200);
    expect((await call(conn, "glob", { pattern: "**/Old.md" })).text).toBe("No files found");
    // Links to it stay, unresolved, as in Obsidian.
    expect(await raw("Team/Hub.md")).toBe("Hub: [[Draft v2]] and [[Old]].\n");
    // Audited like any review: the request, then the change's own entry.
    const audit = await api("/audit?limit=1000", ADMIN);
    const { entries } = (await audit.json()) as {
      entries: {
        action: string;
        who: string;
        suggestion?: string;
        outcome: string;
        detail?: { change?: string };
      }[];
    };
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: "suggestion.accept",
        who: "Bo",
        suggestion: second.data.pending,
        outcome: "applied",
        detail: expect.objectContaining({ change: "delete" }),
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: "suggestion.reject",
        suggestion: first.data.pending,
        outcome: "applied",
      }),
    );
  });
});

describe("a changeset of edits on two notes", () => {
  async function editBoth(changeset: string) {
    for (const [path, word] of [
      ["Team/Notes/A.md", "Alpha"],
      ["Team/Notes/B.md", "Beta"],
    ] as const) {
      await call(conn, "read", { file_path: path });
      const r = await call(conn, "edit", {
        file_path: path,
        old_string: word,
        new_string: `${word} (${changeset})`,
        changeset,
      });
      expect(r.isError, r.text).toBe(false);
    }
  }

  it("is listed as one unit and accepted together", async () => {
    await editBoth("cs-one");
    const { changesets } = await listing("Team/Notes");
    expect(changesets).toEqual([
      {
        id: "cs-one",
        suggestions: [
          { path: "Team/Notes/A.md", id: expect.any(String) },
          { path: "Team/Notes/B.md", id: expect.any(String) },
        ],
        changes: [],
      },
    ]);
    const res = await post("/suggestions/accept", { changeset: "cs-one" });
    expect(res.status).toBe(200);
    expect(await raw("Team/Notes/A.md")).toBe("Alpha (cs-one) text.\n");
    expect(await raw("Team/Notes/B.md")).toBe("Beta (cs-one) text.\n");
  });

  it("is rejected together", async () => {
    await editBoth("cs-two");
    const res = await post("/suggestions/reject", { changeset: "cs-two" });
    expect(res.status).toBe(200);
    expect(await raw("Team/Notes/A.md")).toBe("Alpha (cs-one) text.\n");
    expect(await raw("Team/Notes/B.md")).toBe("Beta (cs-one) text.\n");
  });

  it("refuses a review naming both a path and a changeset, and a REST delete without a read", async () => {
    const before = await everything();
    const both = await post("/suggestions/accept", { path: "Team", changeset: "cs-one" });
    expect(both.status).toBe(422);
    const unread = await api("/documents/Team/Hub.md/delete", tokens.claude, {
      method: "POST",
      body: JSON.stringify({ reason: "Empty hub" }),
    });
    expect(unread.status).toBe(428);
    expect(await everything()).toEqual(before);
  });

  it("an unknown changeset is a 404 that changes nothing", async () => {
    const before = await everything();
    const res = await post("/suggestions/accept", { changeset: "nope" });
    expect(res.status).toBe(404);
    expect(await everything()).toEqual(before);
  });
});
