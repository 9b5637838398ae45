// Issue 28, items 2 and 3: revoking a token, or its expiry passing, reaches the WebSockets
// already open with it (or with a client token it minted): they are closed (1008) within a
// second, and every update a socket sends is checked against its credential first.
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Authenticator, addToken, revokeToken } from "@lens/access";
import * as encoding from "lib0/encoding";
import { afterEach, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import * as Y from "yjs";
import {
  addContent,
  docIdFor,
  fetchClientToken,
  openRawSocket,
  type Running,
  startServer,
  waitFor,
} from "./helpers.js";

let server: Running | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.stop();
  server = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), "lens-sync-revoke-"));
  dirs.push(d);
  return d;
}

/** Resolves with the close code and reason (or rejects after 5 s: the socket stayed open). */
function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket stayed open")), 5000);
    socket.once("close", (code, reason) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString() });
    });
  });
}

/** A y-protocols sync update message carrying `update`. */
function updateMessage(update: Uint8Array): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint(e, 2);
  encoding.writeVarUint8Array(e, update);
  return encoding.toUint8Array(e);
}

function insertion(text: string): Uint8Array {
  const d = new Y.Doc();
  d.getText("contents").insert(0, text);
  return Y.encodeStateAsUpdate(d);
}

describe("open sockets and the credential behind them", () => {
  it("closes every socket of a revoked token — its own and its client tokens' — with 1008", async () => {
    const dir = dataDir();
    const { token } = await addToken(dir, { name: "editor", role: "edit" });
    server = await startServer({ auth: new Authenticator({ dataDir: dir }) });
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const minted = await fetchClientToken(server.url, id, token);
    const direct = await openRawSocket(
      `ws://127.0.0.1:${server.port}/d/${id}/ws/${id}?token=${token}`,
    );
    const client = await openRawSocket(`${minted.url}/${id}?token=${minted.token}`);
    const ends = [closed(direct), closed(client)];
    await revokeToken(dir, "editor");
    for (const end of await Promise.all(ends)) {
      expect(end).toEqual({ code: 1008, reason: "token revoked" });
    }
    await waitFor(() => server!.sync.stats().connections === 0, "the server to drop both");
  });

  it("closes a socket when its token's expiry passes", async () => {
    const dir = dataDir();
    let now = Date.now();
    const { token } = await addToken(dir, {
      name: "short",
      role: "edit",
      expiresAt: now + 60_000,
      now,
    });
    server = await startServer({
      auth: new Authenticator({ dataDir: dir, now: () => now }),
      now: () => now,
    });
    const id = docIdFor(2);
    addContent(server.workspace, id, "x");
    const minted = await fetchClientToken(server.url, id, token);
    const socket = await openRawSocket(`${minted.url}/${id}?token=${minted.token}`);
    const end = closed(socket);
    now += 60_000;
    expect(await end).toEqual({ code: 1008, reason: "token expired" });
  });

  it("checks the credential on every update: a revoked token's update is not applied, its socket closed", async () => {
    const dir = dataDir();
    const { token } = await addToken(dir, { name: "editor", role: "edit" });
    // A watch too slow to fire during the test: the update's own check must refuse it.
    const auth = new Authenticator({ dataDir: dir, watchIntervalMs: 600_000 });
    server = await startServer({ auth });
    const id = docIdFor(3);
    addContent(server.workspace, id, "x");
    const minted = await fetchClientToken(server.url, id, token);
    const socket = await openRawSocket(`${minted.url}/${id}?token=${minted.token}`);
    const end = closed(socket);
    // The only token: revoking it opens this loopback server, yet the socket's credential is gone.
    await revokeToken(dir, "editor");
    socket.send(updateMessage(insertion("written after revocation ")));
    expect(await end).toEqual({ code: 1008, reason: "token revoked or expired" });
    expect(server.workspace.contentText(id)?.toString()).toBe("x");
    await waitFor(() => auth.watching === 0, "the closed socket to stop watching");
  });

  it("bounds validForSeconds at a day (y-sweet's default is an hour; 1e12 s was accepted)", async () => {
    const dir = dataDir();
    const { token } = await addToken(dir, { name: "editor", role: "edit" });
    server = await startServer({ auth: new Authenticator({ dataDir: dir }) });
    const id = docIdFor(4);
    await expect(
      fetchClientToken(server.url, id, token, { validForSeconds: 1e12 }),
    ).rejects.toThrow(/400/);
    await expect(
      fetchClientToken(server.url, id, token, { validForSeconds: 86_401 }),
    ).rejects.toThrow(/400/);
    const day = await fetchClientToken(server.url, id, token, { validForSeconds: 86_400 });
    expect(day.token).toMatch(/^lens1\./);
    await expect(startServer({ tokenTtlSeconds: 86_401 })).rejects.toThrow(/at most 86400/);
  });
});

describe("an HTTP update whose token stops working while its body comes in", () => {
  it("is refused (401) and changes nothing: the token is asked again before the apply", async () => {
    const dir = dataDir();
    const { token } = await addToken(dir, { name: "slow", role: "edit" });
    // Another token stays: revoking the last one would open a loopback server to everyone.
    await addToken(dir, { name: "other", role: "view" });
    server = await startServer({ auth: new Authenticator({ dataDir: dir }) });
    const id = docIdFor(1);
    const doc = addContent(server.workspace, id, "x");
    const update = insertion("written after revocation ");
    const half = Math.floor(update.length / 2);
    const req = request(`${server.url}/d/${id}/update`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/octet-stream",
        "content-length": String(update.length),
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (d: string) => {
          body += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
    });
    req.flushHeaders();
    req.write(update.slice(0, half));
    // Another request answered by the same server: the first one's headers came in before it,
    // so its handler has checked the token and is waiting for the rest of the body.
    await (await fetch(`${server.url}/d/${id}/as-update`)).arrayBuffer();
    await revokeToken(dir, "slow");
    await waitFor(async () => {
      const res = await fetch(`${server!.url}/d/${id}/as-update`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      return res.status === 401;
    }, "the revocation to take effect");
    req.end(update.slice(half));
    const res = await answer;
    expect(res.status).toBe(401);
    expect(res.body).toContain("the token stopped working while the update came in");
    expect(doc.getText("contents").toString()).toBe("x");
  });
});
