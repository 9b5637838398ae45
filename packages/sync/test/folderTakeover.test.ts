// Issue 28, item 1: a folder-scoped token may not make a doc into a folder, nor name one. The
// attack: an `edit` token scoped to Public mints a client token for a new, low-sorting doc id,
// then sends one update giving it folder_config.name = "Secret" and a filemeta_v0 entry — a
// folder that took the name Secret, so Secret-scoped tokens saw (and wrote into) the attacker's
// folder. Refused now (403 over HTTP, dropped over WebSocket), and nothing changes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Authenticator, addToken } from "@lens/access";
import { filemetaMap, workspaceFromTexts } from "@lens/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { connectClient, fetchClientToken, type Running, startServer, waitFor } from "./helpers.js";

const RELAY = "00000000-0000-4000-8000-000000000001";
/** A doc id that sorts before every folder's. */
const LOW = `${RELAY}-00000000-0000-4000-8000-000000000001`;

let server: Running;
let dir: string;
const tokens: Record<string, string> = {};
const ws = workspaceFromTexts([
  { name: "Public", files: { "Hello.md": "hello" } },
  { name: "Secret", files: { "Q1.md": "q1" } },
]);
const folderNamed = (name: string) => ws.folders().find((f) => f.name === name)!;
const secretId = folderNamed("Secret").docId;
const publicId = folderNamed("Public").docId;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lens-sync-takeover-"));
  for (const [name, role, folders] of [
    ["public-editor", "edit", ["Public"]],
    ["editor", "edit", []],
    ["admin", "admin", []],
  ] as const) {
    tokens[name] = (await addToken(dir, { name, role, folders: [...folders] })).token;
  }
  server = await startServer({ workspace: ws, auth: new Authenticator({ dataDir: dir }) });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** An update naming a folder `name` with one filemeta_v0 entry. */
function folderUpdate(name: string): Uint8Array {
  const d = new Y.Doc();
  d.transact(() => {
    d.getMap("folder_config").set("name", name);
    filemetaMap(d).set("/Q4 plan.md", {
      id: "00000000-0000-4000-8000-0000000000aa",
      type: "markdown",
      version: 0,
    });
  });
  return Y.encodeStateAsUpdate(d);
}

/** What a client holding `docId`'s current state sends after running `change` on it. */
async function editOf(docId: string, token: string, change: (d: Y.Doc) => void) {
  const res = await fetch(`${server.url}/d/${docId}/as-update`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const d = new Y.Doc();
  Y.applyUpdate(d, new Uint8Array(await res.arrayBuffer()));
  const before = Y.encodeStateVector(d);
  change(d);
  return Y.encodeStateAsUpdate(d, before);
}

async function post(docId: string, token: string, body: Uint8Array) {
  const res = await fetch(`${server.url}/d/${docId}/update`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: body as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, body: await res.text() };
}

describe("folder takeover through sync", () => {
  it("a Public-scoped editor cannot make a new low-sorting doc into a folder named Secret", async () => {
    const client = await fetchClientToken(server.url, LOW, tokens["public-editor"]);
    const refused = await post(LOW, client.token!, folderUpdate("Secret"));
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).detail).toMatch(/folder_config .* takes an admin token/);
    expect(ws.folder(LOW)).toBeUndefined();
    expect(folderNamed("Secret").docId).toBe(secretId);
    // Without folder_config either: a folder doc is not the scoped token's to make.
    const entryOnly = await editOf(LOW, client.token!, (d) =>
      filemetaMap(d).set("/x.md", {
        id: "00000000-0000-4000-8000-0000000000ab",
        type: "markdown",
        version: 0,
      }),
    );
    expect((await post(LOW, client.token!, entryOnly)).status).toBe(403);
    // Sent straight to a doc that does not exist yet: refused before the doc is created.
    const fresh = `${RELAY}-00000000-0000-4000-8000-000000000f02`;
    expect((await post(fresh, tokens["public-editor"]!, folderUpdate("Secret"))).status).toBe(403);
    expect(server.workspace.hasDoc(fresh)).toBe(false);
  });

  it("over WebSocket the update is dropped: the doc stays a content doc, the folder keeps its name", async () => {
    const client = await connectClient(server.url, LOW, { serverToken: tokens["public-editor"] });
    try {
      Y.applyUpdate(client.doc, folderUpdate("Secret"));
      // A later edit arriving proves the refused one was handled before it.
      client.text.insert(0, "after");
      await waitFor(
        () => server.workspace.contentText(LOW)?.toString() === "after",
        "the later edit to arrive",
      );
      expect(ws.folder(LOW)).toBeUndefined();
      expect(folderNamed("Secret").docId).toBe(secretId);
    } finally {
      client.stop();
    }
  });

  it("a scoped editor may list notes in its folder doc, but not rename it nor unname it", async () => {
    const t = tokens["public-editor"]!;
    const entry = await editOf(publicId, t, (d) =>
      filemetaMap(d).set("/New.md", {
        id: "00000000-0000-4000-8000-0000000000ac",
        type: "markdown",
        version: 0,
      }),
    );
    expect((await post(publicId, t, entry)).status).toBe(200);
    expect(ws.resolve("Public/New.md").kind).toBe("document");
    // Overwriting the name: an item whose parent is only known from the one it replaces.
    const rename = await editOf(publicId, t, (d) =>
      d.getMap("folder_config").set("name", "Secret"),
    );
    expect((await post(publicId, t, rename)).status).toBe(403);
    const unname = await editOf(publicId, t, (d) => d.getMap("folder_config").delete("name"));
    expect((await post(publicId, t, unname)).status).toBe(403);
    expect(folderNamed("Public").docId).toBe(publicId);
  });

  it("an unscoped editor or an admin may rename a folder and make one; a new folder never takes a held name", async () => {
    const rename = await editOf(publicId, tokens.editor!, (d) =>
      d.getMap("folder_config").set("name", "Open"),
    );
    expect((await post(publicId, tokens.editor!, rename)).status).toBe(200);
    expect(folderNamed("Open").docId).toBe(publicId);
    const made = `${RELAY}-00000000-0000-4000-8000-000000000000`;
    expect((await post(made, tokens.admin!, folderUpdate("Secret"))).status).toBe(200);
    expect(ws.folder(made)?.name).toMatch(/^Secret \(/);
    expect(folderNamed("Secret").docId).toBe(secretId);
    // folder_config alone on a content doc is not a folder's: refused even for an admin.
    const plain = `${RELAY}-00000000-0000-4000-8000-000000000f04`;
    const named = new Y.Doc();
    named.getMap("folder_config").set("name", "Loose");
    expect((await post(plain, tokens.admin!, Y.encodeStateAsUpdate(named))).status).toBe(403);
  });
});
