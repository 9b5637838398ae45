// Roles and folders over sync, with the official y-sweet client: view and suggest sync
// read-only, edit writes, a scoped token reaches only its folders' docs (others answer 404), and
// client tokens minted by a named token stop working when it is revoked.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Authenticator, addToken, revokeToken } from "@lens/access";
import { deleteEntry, setEntry } from "@lens/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import {
  connectClient,
  fetchClientToken,
  type Running,
  startServer,
  twoFolders,
  waitFor,
} from "./helpers.js";

let server: Running;
let dir: string;
const tokens: Record<string, string> = {};
const { ws, docOf } = twoFolders();
const textOf = (path: string) => ws.contentText(docOf(path))?.toString();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lens-sync-roles-"));
  for (const [name, role, folders] of [
    ["viewer", "view", []],
    ["assistant", "suggest", ["Team"]],
    ["team-editor", "edit", ["Team"]],
  ] as const) {
    tokens[name] = (await addToken(dir, { name, role, folders: [...folders] })).token;
  }
  const failures: string[] = [];
  server = await startServer({
    workspace: ws,
    auth: new Authenticator({ dataDir: dir }),
    onAuthFailure: (reason) => failures.push(reason),
  });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("sync by role", () => {
  it("view syncs read-only: it receives the text, its writes never reach the server", async () => {
    const plan = docOf("Team/Plan.md");
    await expect(fetchClientToken(server.url, plan, tokens.viewer, {})).rejects.toThrow(/403/);
    const client = await connectClient(server.url, plan, {
      serverToken: tokens.viewer,
      authorization: "read-only",
    });
    try {
      await waitFor(() => client.text.toString() === "team plan", "the viewer to receive the text");
      // A second client, an editor, as witness: the viewer's awareness sent after its write
      // reaches the witness only once the server handled the write (one socket's messages are
      // handled in order), so no waiting and hoping.
      const witness = await connectClient(server.url, plan, { serverToken: tokens["team-editor"] });
      try {
        client.text.insert(0, "vandal ");
        client.provider.awareness.setLocalStateField("marker", "after the write");
        const viewerId = client.provider.awareness.clientID;
        await waitFor(
          () => witness.provider.awareness.getStates().get(viewerId)?.marker === "after the write",
          "the viewer's marker at the witness",
        );
        expect(textOf("Team/Plan.md")).toBe("team plan");
        expect(witness.text.toString()).toBe("team plan");
      } finally {
        witness.stop();
      }
    } finally {
      client.stop();
    }
  });

  it("suggest may not write through sync or mint full tokens; outside its folder is 404", async () => {
    const res = await fetch(`${server.url}/doc/${docOf("Team/Plan.md")}/auth`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.assistant}` },
      body: "{}",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      type: "https://lens.dev/problems/forbidden",
      status: 403,
      detail: expect.stringMatching(/needs the "edit" role; this token has "suggest"/),
    });
    await expect(
      fetchClientToken(server.url, docOf("Team/Plan.md"), tokens.assistant, {
        authorization: "read-only",
      }),
    ).resolves.toMatchObject({ authorization: "read-only" });
    await expect(
      fetchClientToken(server.url, docOf("Private/Secret.md"), tokens.assistant, {
        authorization: "read-only",
      }),
    ).rejects.toThrow(/404/);
    const post = await fetch(`${server.url}/d/${docOf("Team/Plan.md")}/update`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.assistant}` },
      body: new Uint8Array([0, 0]),
    });
    expect(post.status).toBe(403);
  });

  it("edit writes through sync in its folders only; its minted tokens die with it", async () => {
    const plan = docOf("Team/Plan.md");
    const secret = docOf("Private/Secret.md");
    await expect(fetchClientToken(server.url, secret, tokens["team-editor"])).rejects.toThrow(
      /404/,
    );
    const folderDoc = ws.folders().find((f) => f.name === "Private")!.docId;
    await expect(fetchClientToken(server.url, folderDoc, tokens["team-editor"])).rejects.toThrow(
      /404/,
    );
    const asUpdate = await fetch(`${server.url}/d/${secret}/as-update`, {
      headers: { authorization: `Bearer ${tokens["team-editor"]}` },
    });
    expect(asUpdate.status).toBe(404);
    // An entry in Team naming Private's note (what an editor could write into the folder doc)
    // does not bring that note into the Team token's reach.
    const team = ws.folders().find((f) => f.name === "Team")!;
    const secretId = secret.slice(secret.length - 36);
    setEntry(team.doc, "/Alias.md", { id: secretId, type: "markdown", version: 0 });
    expect(ws.resolve("Team/Alias.md").kind).toBe("document");
    await expect(fetchClientToken(server.url, secret, tokens["team-editor"])).rejects.toThrow(
      /404/,
    );
    deleteEntry(team.doc, "/Alias.md");

    const client = await connectClient(server.url, plan, { serverToken: tokens["team-editor"] });
    try {
      client.text.insert(0, "edited ");
      await waitFor(() => textOf("Team/Plan.md") === "edited team plan", "the edit to arrive");
    } finally {
      client.stop();
    }

    const minted = await fetchClientToken(server.url, plan, tokens["team-editor"]);
    const read = () =>
      fetch(`${server.url}/d/${plan}/as-update`, {
        headers: { authorization: `Bearer ${minted.token}` },
      });
    expect((await read()).status).toBe(200);
    await revokeToken(dir, "team-editor");
    expect((await read()).status).toBe(401);
    const socket = new WebSocket(`${minted.url}/${plan}?token=${minted.token}`);
    socket.on("error", () => {});
    const status = await new Promise<number>((resolve) => {
      socket.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      socket.on("open", () => resolve(101));
    });
    socket.terminate();
    expect(status).toBe(401);
  });
});
