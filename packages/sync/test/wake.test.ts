// Dormant docs over sync: answering for a doc (auth, doc/new, an upgrade refused before the
// handshake) never wakes it; a client's connection does. The refusals stay as they were:
// an unknown id, a doc marked unavailable, a doc outside the token's folders.

import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Authenticator, addToken } from "@lens/access";
import type { Workspace } from "@lens/core";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  type Client,
  connectClient,
  docIdFor,
  fetchClientToken,
  holdDormant,
  openRawSocket,
  type Running,
  startServer,
  stopAll,
  twoFolders,
  waitFor,
} from "./helpers.js";

/** Puts an awake content doc of `ws` back to sleep, as the store does for a saved doc. */
function putToSleep(ws: Workspace, docId: string) {
  const state = Y.encodeStateAsUpdate(ws.getDoc(docId)!);
  const counts = { wakes: 0 };
  const wake = () => {
    counts.wakes++;
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    return doc;
  };
  expect(ws.sleep(docId, wake)).toBe(true);
  return counts;
}

async function post(url: string, body: unknown, token?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
}

/** An upgrade request on a sync path with a broken handshake (no key): the status answered. */
function brokenUpgrade(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13" },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("upgrade", (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on("error", reject);
    req.end();
  });
}

/** Status of an upgrade refused before the handshake, or 101. */
async function upgradeStatus(url: string): Promise<number | string> {
  try {
    const socket = await openRawSocket(url);
    socket.terminate();
    return 101;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("dormant docs over sync, on an open server", () => {
  let server: Running;
  const clients: Client[] = [];
  afterEach(() => stopAll(clients, server));

  it("answers auth and doc/new without waking; a client's connection wakes the doc", async () => {
    server = await startServer();
    const id = docIdFor(1);
    const counts = holdDormant(server.workspace, id, "Hello");
    const full = await fetchClientToken(server.url, id);
    expect(full).toMatchObject({ docId: id, authorization: "full" });
    await expect(
      fetchClientToken(server.url, id, undefined, { authorization: "read-only" }),
    ).resolves.toMatchObject({ authorization: "read-only" });
    const made = await post(`${server.url}/doc/new`, { docId: id });
    expect(made.status).toBe(200);
    expect(await made.json()).toEqual({ docId: id });
    expect(server.workspace.isDormant(id)).toBe(true);
    expect(counts.wakes).toBe(0);

    const client = await connectClient(server.url, id);
    clients.push(client);
    expect(server.workspace.isDormant(id)).toBe(false);
    expect(counts.wakes).toBe(1);
    await waitFor(() => client.text.toString() === "Hello", "the woken text");
  });

  it("an upgrade whose handshake fails after the checks leaves the doc dormant", async () => {
    server = await startServer();
    const id = docIdFor(2);
    const counts = holdDormant(server.workspace, id, "Hello");
    expect(await brokenUpgrade(`${server.url}/d/${id}/ws/${id}`)).toBe(400);
    expect(server.workspace.isDormant(id)).toBe(true);
    expect(counts.wakes).toBe(0);
    // A well-formed one is served, and wakes it.
    const socket = await openRawSocket(`ws://127.0.0.1:${server.port}/d/${id}/ws/${id}`);
    await waitFor(() => !server.workspace.isDormant(id), "the connection to wake the doc");
    socket.terminate();
    expect(counts.wakes).toBe(1);
  });

  it("keeps refusing unknown and unavailable docs", async () => {
    server = await startServer({ createDocs: false });
    const unknown = docIdFor(3);
    expect((await post(`${server.url}/doc/${unknown}/auth`, {})).status).toBe(404);
    expect(await upgradeStatus(`ws://127.0.0.1:${server.port}/d/${unknown}/ws/${unknown}`)).toBe(
      "HTTP 404",
    );
    expect(server.workspace.hasDoc(unknown)).toBe(false);
    await server.stop();

    server = await startServer();
    const broken = docIdFor(4);
    server.workspace.markUnavailable(broken, "its file is kept aside");
    for (const res of [
      await post(`${server.url}/doc/${broken}/auth`, {}),
      await post(`${server.url}/doc/new`, { docId: broken }),
    ]) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/unavailable/);
    }
    // Read-only never creates: auth of an unknown doc is a 404.
    const res = await post(`${server.url}/doc/${docIdFor(5)}/auth`, { authorization: "read-only" });
    expect(res.status).toBe(404);
    expect(server.workspace.hasDoc(docIdFor(5))).toBe(false);
    expect(server.workspace.hasDoc(broken)).toBe(false);
  });

  it("a dormant doc whose file went away is found unavailable when a client opens it", async () => {
    server = await startServer();
    const id = docIdFor(6);
    const counts = holdDormant(server.workspace, id, "Hello");
    counts.fail = () => new Error("file gone");
    // Held as far as the workspace knows: auth answers without reading the file again.
    await fetchClientToken(server.url, id);
    expect(counts.wakes).toBe(0);
    const socket = await openRawSocket(`ws://127.0.0.1:${server.port}/d/${id}/ws/${id}`);
    const code = await new Promise<number>((resolve) => socket.on("close", (c) => resolve(c)));
    expect(code).toBe(1011);
    expect(counts.wakes).toBe(1);
    expect(server.workspace.hasDoc(id)).toBe(false);
    expect(server.workspace.unavailableReason(id)).toMatch(/file gone/);
    // From then on the 409 of any unavailable doc; it is never created afresh.
    expect((await post(`${server.url}/doc/${id}/auth`, {})).status).toBe(409);
    expect(server.workspace.hasDoc(id)).toBe(false);
  });
});

describe("dormant docs over sync, with folder-scoped tokens", () => {
  let server: Running;
  let dir: string;
  afterEach(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a doc outside the token's folders without waking it, wakes one inside on connect", async () => {
    dir = mkdtempSync(join(tmpdir(), "lens-sync-wake-"));
    const editor = (await addToken(dir, { name: "team-editor", role: "edit", folders: ["Team"] }))
      .token;
    const { ws, docOf } = twoFolders();
    const plan = docOf("Team/Plan.md");
    const secret = docOf("Private/Secret.md");
    const planWakes = putToSleep(ws, plan);
    const secretWakes = putToSleep(ws, secret);
    server = await startServer({ workspace: ws, auth: new Authenticator({ dataDir: dir }) });

    // Outside the folders: 404 on auth (full and read-only) and on the upgrade, never woken.
    expect((await post(`${server.url}/doc/${secret}/auth`, {}, editor)).status).toBe(404);
    expect(
      (await post(`${server.url}/doc/${secret}/auth`, { authorization: "read-only" }, editor))
        .status,
    ).toBe(404);
    const outside = `ws://127.0.0.1:${server.port}/d/${secret}/ws/${secret}?token=${editor}`;
    expect(await upgradeStatus(outside)).toBe("HTTP 404");
    expect(ws.isDormant(secret)).toBe(true);
    expect(secretWakes.wakes).toBe(0);

    // Inside: auth answers without waking; the client's connection wakes it.
    const minted = await fetchClientToken(server.url, plan, editor);
    expect(minted.token).toMatch(/^lens1\./);
    expect(ws.isDormant(plan)).toBe(true);
    expect(planWakes.wakes).toBe(0);
    const client = await connectClient(server.url, plan, { serverToken: editor });
    try {
      await waitFor(() => client.text.toString() === "team plan", "the text");
      expect(ws.isDormant(plan)).toBe(false);
      expect(planWakes.wakes).toBe(1);
    } finally {
      client.stop();
    }
    expect(ws.isDormant(secret)).toBe(true);
    expect(secretWakes.wakes).toBe(0);
  });
});
