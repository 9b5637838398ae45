// Access control with a configured token: server token on /doc/*, per-doc client tokens on
// the document endpoints and the WebSocket, expiry, read-only tokens, and no token in logs.
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  addContent,
  connectClient,
  docIdFor,
  fetchClientToken,
  openRawSocket,
  type Running,
  startServer,
  waitFor,
} from "./helpers.js";

const TOKEN = "s3cret-server-token";

describe("authentication with a configured token", () => {
  let server: Running;
  const logs: string[] = [];
  const start = (extra: Parameters<typeof startServer>[0] = {}) =>
    startServer({
      token: TOKEN,
      log: (level, message, fields) => logs.push(JSON.stringify({ level, message, fields })),
      ...extra,
    });

  afterEach(async () => {
    await server.stop();
    // Neither the server token nor a client token ever reaches the log.
    for (const line of logs.splice(0)) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain("lens1.");
    }
  });

  it("refuses /doc/:id/auth and /doc/new without the server token", async () => {
    server = await start();
    const id = docIdFor(1);
    expect((await fetch(`${server.url}/doc/${id}/auth`, { method: "POST" })).status).toBe(401);
    const wrong = { authorization: "Bearer nope" };
    expect(
      (await fetch(`${server.url}/doc/${id}/auth`, { method: "POST", headers: wrong })).status,
    ).toBe(401);
    expect((await fetch(`${server.url}/doc/new`, { method: "POST" })).status).toBe(401);
    expect(server.workspace.getDoc(id)).toBeUndefined();
    const token = await fetchClientToken(server.url, id, TOKEN);
    expect(token.token).toMatch(/^lens1\./);
  });

  it("needs the doc's client token (or the server token) on the document endpoints", async () => {
    server = await start();
    const a = docIdFor(1);
    const b = docIdFor(2);
    addContent(server.workspace, a, "A");
    addContent(server.workspace, b, "B");
    const tokenA = (await fetchClientToken(server.url, a, TOKEN)).token!;
    const get = (id: string, token?: string) =>
      fetch(`${server.url}/d/${id}/as-update`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await get(a)).status).toBe(401);
    expect((await get(a, tokenA)).status).toBe(200);
    expect((await get(b, tokenA)).status).toBe(401);
    expect((await get(b, TOKEN)).status).toBe(200);
    expect((await get(a, `${tokenA.slice(0, -2)}xx`)).status).toBe(401);
  });

  it("refuses a WebSocket without a valid client token for that doc", async () => {
    server = await start();
    const a = docIdFor(1);
    const b = docIdFor(2);
    addContent(server.workspace, a, "A");
    addContent(server.workspace, b, "B");
    const tokenA = (await fetchClientToken(server.url, a, TOKEN)).token!;
    const wsUrl = (id: string, token?: string) =>
      `ws://127.0.0.1:${server.port}/d/${id}/ws/${id}${token ? `?token=${token}` : ""}`;
    await expect(openRawSocket(wsUrl(a))).rejects.toThrow("HTTP 401");
    await expect(openRawSocket(wsUrl(b, tokenA))).rejects.toThrow("HTTP 401");
    const ok = await openRawSocket(wsUrl(a, tokenA));
    ok.close();
  });

  it("syncs an official client that authenticates through an auth endpoint", async () => {
    server = await start();
    const id = docIdFor(1);
    addContent(server.workspace, id, "secret note");
    const client = await connectClient(server.url, id, { serverToken: TOKEN });
    try {
      expect(client.text.toString()).toBe("secret note");
      client.text.insert(0, "my ");
      await waitFor(() => server.workspace.contentText(id)!.toString() === "my secret note");
    } finally {
      client.stop();
    }
  });

  it("refuses an expired client token", async () => {
    let now = 1_000_000;
    server = await start({ now: () => now });
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const res = await fetch(`${server.url}/doc/${id}/auth`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ validForSeconds: 60 }),
    });
    const { token } = (await res.json()) as { token: string };
    const url = `ws://127.0.0.1:${server.port}/d/${id}/ws/${id}?token=${token}`;
    now += 59_000;
    (await openRawSocket(url)).close();
    now += 2_000;
    await expect(openRawSocket(url)).rejects.toThrow("HTTP 401");
  });

  it("lets a read-only client read but not write", async () => {
    server = await start();
    const id = docIdFor(1);
    addContent(server.workspace, id, "base");
    const reader = await connectClient(server.url, id, {
      serverToken: TOKEN,
      authorization: "read-only",
    });
    try {
      expect(reader.text.toString()).toBe("base");
      reader.text.insert(0, "nope ");
      // The sync-status echo comes after the server handled (and dropped) that update.
      await waitFor(() => !reader.provider.hasLocalChanges, "the ack");
      expect(server.workspace.contentText(id)!.toString()).toBe("base");
      server.workspace.contentText(id)!.insert(4, "!");
      await waitFor(() => reader.text.toString().endsWith("base!"), "the AI edit");
      expect(server.workspace.contentText(id)!.toString()).toBe("base!");

      const token = reader.provider.clientToken!.token!;
      const update = Y.encodeStateAsUpdate(reader.doc);
      const res = await fetch(`${server.url}/d/${id}/update`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
        body: update as Uint8Array<ArrayBuffer>,
      });
      expect(res.status).toBe(403);
    } finally {
      reader.stop();
    }
  });
});
