// The wire protocol seen by a raw WebSocket: handshake order, y-sweet's sync-status echo,
// tolerance of malformed messages, path checks and shutdown.
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import { afterEach, describe, expect, it } from "vitest";
import type WebSocket from "ws";
import * as Y from "yjs";
import {
  encodeSyncStep1,
  encodeUpdate,
  MESSAGE_SYNC,
  MESSAGE_SYNC_STATUS,
} from "../src/protocol.js";
import {
  addContent,
  docIdFor,
  openRawSocket,
  type Running,
  startServer,
  waitFor,
} from "./helpers.js";

/** Collects the binary messages a socket receives. */
function inbox(socket: WebSocket): Uint8Array[] {
  const messages: Uint8Array[] = [];
  socket.on("message", (data) => messages.push(new Uint8Array(data as Buffer)));
  return messages;
}

function syncStatus(version: number): Uint8Array {
  const inner = encoding.createEncoder();
  encoding.writeVarUint(inner, version);
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC_STATUS);
  encoding.writeVarUint8Array(encoder, encoding.toUint8Array(inner));
  return encoding.toUint8Array(encoder);
}

describe("sync WebSocket protocol", () => {
  let server: Running;
  const sockets: WebSocket[] = [];
  const open = async (path: string) => {
    const socket = await openRawSocket(`ws://127.0.0.1:${server.port}${path}`);
    sockets.push(socket);
    return socket;
  };

  afterEach(async () => {
    for (const s of sockets.splice(0)) s.terminate();
    await server.stop();
  });

  it("opens with sync step 1 and answers step 1 with the doc's state", async () => {
    server = await startServer();
    const id = docIdFor(1);
    addContent(server.workspace, id, "hello");
    const socket = await open(`/d/${id}/ws/${id}`);
    const messages = inbox(socket);
    socket.send(encodeSyncStep1(new Y.Doc()));
    await waitFor(() => messages.length >= 1, "step 2");
    // The server's step 1 may arrive before the inbox was attached; find the step 2.
    const doc = new Y.Doc();
    for (const m of messages) {
      const d = decoding.createDecoder(m);
      if (decoding.readVarUint(d) !== MESSAGE_SYNC || decoding.readVarUint(d) !== 1) continue;
      Y.applyUpdate(doc, decoding.readVarUint8Array(d));
    }
    expect(doc.getText("contents").toString()).toBe("hello");
  });

  it("echoes y-sweet's sync-status message after applying earlier updates", async () => {
    server = await startServer();
    const id = docIdFor(1);
    const serverDoc = addContent(server.workspace, id, "");
    const socket = await open(`/d/${id}/ws/${id}`);
    const messages = inbox(socket);
    const local = new Y.Doc();
    local.getText("contents").insert(0, "typed");
    socket.send(encodeUpdate(Y.encodeStateAsUpdate(local)));
    socket.send(syncStatus(7));
    await waitFor(() => messages.some((m) => m[0] === MESSAGE_SYNC_STATUS), "the echo");
    expect(messages.find((m) => m[0] === MESSAGE_SYNC_STATUS)).toEqual(syncStatus(7));
    expect(serverDoc.getText("contents").toString()).toBe("typed");
  });

  it("survives malformed messages and keeps serving the connection", async () => {
    const warnings: string[] = [];
    server = await startServer({
      log: (level, message) => level === "warn" && warnings.push(message),
    });
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const socket = await open(`/d/${id}/ws/${id}`);
    const messages = inbox(socket);
    socket.send(new Uint8Array([MESSAGE_SYNC]));
    socket.send(new Uint8Array([MESSAGE_SYNC, 2, 5, 1, 2, 3, 4, 5]));
    socket.send("text frames are ignored");
    socket.send(syncStatus(1));
    await waitFor(() => messages.some((m) => m[0] === MESSAGE_SYNC_STATUS), "the echo");
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(server.workspace.contentText(id)!.toString()).toBe("x");
  });

  it("refuses mismatched ids, bad names and foreign paths", async () => {
    server = await startServer();
    await expect(open(`/d/${docIdFor(1)}/ws/${docIdFor(2)}`)).rejects.toThrow("HTTP 400");
    await expect(open("/d/bad.name/ws/bad.name")).rejects.toThrow("HTTP 400");
    await expect(open("/somewhere/else")).rejects.toThrow("HTTP 404");
  });

  it("accepts y-sweet's older /doc/ws/:id path", async () => {
    server = await startServer();
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    await open(`/doc/ws/${id}`);
    await waitFor(() => server.sync.stats().connections === 1);
  });

  it("closes client connections with 1001 on shutdown and refuses new ones", async () => {
    server = await startServer();
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const socket = await open(`/d/${id}/ws/${id}`);
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await server.sync.close();
    expect(await closed).toBe(1001);
    expect(server.sync.stats()).toEqual({ rooms: 0, connections: 0 });
  });

  it("drops connections that stop answering pings", async () => {
    // Periods long enough that a loaded machine (turbo runs every package's tests at once)
    // still delivers a healthy client's pongs in time.
    server = await startServer({ pingIntervalMs: 200 });
    const id = docIdFor(1);
    addContent(server.workspace, id, "x");
    const socket = await open(`/d/${id}/ws/${id}`);
    await waitFor(() => server.sync.stats().connections === 1);
    // A healthy client answers pings automatically and stays connected: counted in pings
    // received (each one a period in which the server checked the last pong), not in time.
    let pings = 0;
    socket.on("ping", () => pings++);
    await waitFor(() => pings >= 3, "three pings");
    expect(server.sync.stats().connections).toBe(1);
    // Silence the client's pong replies: it is dropped within two periods.
    (socket as unknown as { pong: () => void }).pong = () => {};
    await waitFor(() => server.sync.stats().connections === 0, "the silent client to go", 5000);
  });
});
