// A dormant doc whose file cannot be read right now (the store's waker throws core's
// WakeDeferredError): a client opening it is turned away with a retryable answer — WebSocket
// close 1013, HTTP 503 — the doc stays dormant and intact, and the server keeps serving; once
// the cause is gone the next attempt opens it.
import { WakeDeferredError } from "@lens/core";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import {
  type Client,
  connectClient,
  docIdFor,
  holdDormant,
  openRawSocket,
  type Running,
  startServer,
  stopAll,
  waitFor,
} from "./helpers.js";

const CAUSE = "could not read x/data.ysweet right now (EMFILE: too many open files)";

describe("a dormant doc that cannot be read right now, over sync", () => {
  let server: Running;
  const clients: Client[] = [];
  afterEach(() => stopAll(clients, server));

  it("turns clients away as retryable, changes nothing, and opens once readable", async () => {
    server = await startServer();
    const ws = server.workspace;
    const id = docIdFor(1);
    const source = holdDormant(ws, id, "Hello");
    source.fail = (docId) => new WakeDeferredError(docId, CAUSE);
    const intact = () => {
      expect(ws.isDormant(id)).toBe(true);
      expect(ws.view(id)?.raw).toBe("Hello");
      expect(ws.unavailableReason(id)).toBeUndefined();
    };

    const socket = await openRawSocket(`ws://127.0.0.1:${server.port}/d/${id}/ws/${id}`);
    const [code, reason] = await new Promise<[number, string]>((resolve) =>
      socket.on("close", (c, r) => resolve([c, r.toString()])),
    );
    expect(code).toBe(1013);
    expect(reason).toBe("document cannot be read right now; try again");
    intact();

    const other = new Y.Doc();
    Y.applyUpdate(other, source.state);
    const sv = Y.encodeStateVector(other);
    other.getText("contents").insert(5, "!");
    for (const res of [
      await fetch(`${server.url}/d/${id}/as-update`),
      await fetch(`${server.url}/d/${id}/update`, {
        method: "POST",
        body: Y.encodeStateAsUpdate(other, sv) as Uint8Array<ArrayBuffer>,
      }),
    ]) {
      expect(res.status).toBe(503);
      const problem = (await res.json()) as { detail: string; retryable: boolean };
      expect(problem.detail).toBe(`Document ${id} cannot be read right now, try again: ${CAUSE}`);
      expect(problem.retryable).toBe(true);
    }
    intact();
    expect(source.wakes).toBe(3);

    source.fail = undefined;
    const client = await connectClient(server.url, id);
    clients.push(client);
    await waitFor(() => client.text.toString() === "Hello", "the woken text");
    expect(ws.isDormant(id)).toBe(false);
  });
});
