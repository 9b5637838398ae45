// The y-sweet HTTP endpoints, driven by the official @y-sweet/sdk and by plain fetch.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { MAX_DOC_ID_LENGTH, Workspace, type WorkspaceEvent } from "@lens/core";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { createSyncServer, isSyncOrigin } from "../src/index.js";
import {
  addContent,
  connectClient,
  docIdFor,
  fetchClientToken,
  type Running,
  startServer,
  waitFor,
} from "./helpers.js";
import { sdk } from "./sdk.js";

const TOKEN = "test-server-token";

describe("y-sweet HTTP endpoints", () => {
  let server: Running;

  afterEach(async () => {
    await server.stop();
  });

  it("answers POST /doc/:id/auth with a y-sweet client token", async () => {
    server = await startServer();
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const token = await fetchClientToken(server.url, id);
    expect(token).toEqual({
      url: `ws://127.0.0.1:${server.port}/d/${id}/ws`,
      baseUrl: `http://127.0.0.1:${server.port}/d/${id}`,
      docId: id,
      authorization: "full",
    });
  });

  it("builds token URLs from publicUrl when configured", async () => {
    server = await startServer({ publicUrl: "https://lens.example.com/sync/" });
    const token = await fetchClientToken(server.url, docIdFor(1));
    expect(token.url).toBe(`wss://lens.example.com/sync/d/${docIdFor(1)}/ws`);
    expect(token.baseUrl).toBe(`https://lens.example.com/sync/d/${docIdFor(1)}`);
  });

  it("creates and authorises docs through the SDK's DocumentManager", async () => {
    server = await startServer({ token: TOKEN });
    const manager = new sdk.DocumentManager(`ys://${TOKEN}@127.0.0.1:${server.port}`);
    const id = docIdFor(2);
    const token = await manager.getOrCreateDocAndToken(id);
    expect(token.docId).toBe(id);
    expect(token.token).toMatch(/^lens1\./);
    expect(server.workspace.hasContent(id)).toBe(true);
    const { docId } = await manager.createDoc();
    expect(docId).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(server.workspace.getDoc(docId)).toBeDefined();
  });

  it("round-trips GET /d/:id/as-update and POST /d/:id/update through DocConnection", async () => {
    server = await startServer({ token: TOKEN });
    const id = docIdFor(3);
    addContent(server.workspace, id, "Hello");
    const events: WorkspaceEvent[] = [];
    server.workspace.on((e) => events.push(e));
    const connection = new sdk.DocConnection(await fetchClientToken(server.url, id, TOKEN));

    const local = new Y.Doc();
    Y.applyUpdate(local, await connection.getAsUpdate());
    expect(local.getText("contents").toString()).toBe("Hello");

    const before = Y.encodeStateVector(local);
    local.getText("contents").insert(5, ", world");
    await connection.updateDoc(Y.encodeStateAsUpdate(local, before));
    expect(server.workspace.contentText(id)!.toString()).toBe("Hello, world");
    const content = events.find((e) => e.type === "content");
    expect(content?.type === "content" && isSyncOrigin(content.origin)).toBe(true);
  });

  it("broadcasts an HTTP update to connected WebSocket clients", async () => {
    server = await startServer();
    const id = docIdFor(3);
    const doc = addContent(server.workspace, id, "ab");
    const client = await connectClient(server.url, id);
    try {
      const other = new Y.Doc();
      Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
      const sv = Y.encodeStateVector(other);
      other.getText("contents").insert(2, "c");
      const res = await fetch(`${server.url}/d/${id}/update`, {
        method: "POST",
        body: Y.encodeStateAsUpdate(other, sv) as Uint8Array<ArrayBuffer>,
      });
      expect(res.status).toBe(200);
      await waitFor(() => client.text.toString() === "abc", "the HTTP update");
    } finally {
      client.stop();
    }
  });

  it("keeps the deprecated /doc/:id/as-update form", async () => {
    server = await startServer();
    const id = docIdFor(1);
    addContent(server.workspace, id, "legacy");
    const res = await fetch(`${server.url}/doc/${id}/as-update`);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, new Uint8Array(await res.arrayBuffer()));
    expect(doc.getText("contents").toString()).toBe("legacy");
  });

  it("answers 404 for as-update of an unknown doc without creating it", async () => {
    server = await startServer();
    const res = await fetch(`${server.url}/d/${docIdFor(9)}/as-update`);
    expect(res.status).toBe(404);
    expect(server.workspace.getDoc(docIdFor(9))).toBeUndefined();
  });

  it("refuses invalid doc names", async () => {
    server = await startServer();
    expect((await fetch(`${server.url}/d/bad.name/as-update`)).status).toBe(400);
    const res = await fetch(`${server.url}/doc/new`, {
      method: "POST",
      body: JSON.stringify({ docId: "no/slashes" }),
    });
    expect(res.status).toBe(400);
    const bad = await fetch(`${server.url}/doc/new`, {
      method: "POST",
      body: JSON.stringify({ docId: "has space" }),
    });
    expect(bad.status).toBe(400);
  });

  it("refuses a doc id the store cannot write (201 characters) at the door: no write is acknowledged and lost", async () => {
    server = await startServer();
    const longest = "x".repeat(MAX_DOC_ID_LENGTH);
    const tooLong = "x".repeat(MAX_DOC_ID_LENGTH + 1);
    // The store's limit (its test pins that it uses this one).
    expect(MAX_DOC_ID_LENGTH).toBe(200);
    const update = new Y.Doc();
    update.getText("contents").insert(0, "kept?");
    const post = (id: string) =>
      fetch(`${server.url}/d/${id}/update`, {
        method: "POST",
        body: Y.encodeStateAsUpdate(update) as Uint8Array<ArrayBuffer>,
      });
    expect((await post(tooLong)).status).toBe(400);
    expect((await fetch(`${server.url}/doc/${tooLong}/auth`, { method: "POST" })).status).toBe(400);
    expect(server.workspace.hasDoc(tooLong)).toBe(false);
    expect((await post(longest)).status).toBe(200);
    expect(server.workspace.contentText(longest)?.toString()).toBe("kept?");
  });

  it("refuses malformed, empty and oversized updates", async () => {
    server = await startServer({ maxUpdateBytes: 1024 });
    const id = docIdFor(1);
    const doc = addContent(server.workspace, id, "x");
    const post = (body: Uint8Array) =>
      fetch(`${server.url}/d/${id}/update`, {
        method: "POST",
        body: body as Uint8Array<ArrayBuffer>,
      });
    expect((await post(new Uint8Array([1, 2, 3, 250, 250]))).status).toBe(400);
    expect((await post(new Uint8Array())).status).toBe(400);
    const big = new Y.Doc();
    big.getText("contents").insert(0, "y".repeat(4096));
    expect((await post(Y.encodeStateAsUpdate(big))).status).toBe(413);
    expect(doc.getText("contents").toString()).toBe("x");
  });

  it("with createDocs off, answers 404 to auth of an unknown doc as y-sweet does", async () => {
    server = await startServer({ createDocs: false });
    const res = await fetch(`${server.url}/doc/${docIdFor(4)}/auth`, { method: "POST" });
    expect(res.status).toBe(404);
    const created = await fetch(`${server.url}/doc/new`, {
      method: "POST",
      body: JSON.stringify({ docId: docIdFor(4) }),
    });
    expect(await created.json()).toEqual({ docId: docIdFor(4) });
    expect((await fetch(`${server.url}/doc/${docIdFor(4)}/auth`, { method: "POST" })).status).toBe(
      200,
    );
  });
});

describe("mounted in a larger Hono app", () => {
  it("serves the sync routes and their errors next to the app's own routes on one port", async () => {
    const workspace = new Workspace();
    const sync = createSyncServer({ workspace, token: TOKEN, pingIntervalMs: 0 });
    const root = new Hono();
    root.get("/healthz", (c) => c.json({ ok: true }));
    root.route("/", sync.app);
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: root.fetch, hostname: "127.0.0.1", port: 0 }, () =>
        resolve(s as Server),
      );
    });
    sync.attach(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/doc/${docIdFor(1)}/auth`, { method: "POST" })).status).toBe(401);
      const client = await connectClient(url, docIdFor(1), { serverToken: TOKEN });
      client.text.insert(0, "one port");
      await waitFor(() => workspace.contentText(docIdFor(1))?.toString() === "one port");
      client.stop();
    } finally {
      await sync.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
  });
});
