// What sync refuses before it changes anything: updates that are not v1 Yjs updates, absurd
// clocks, folder keys Lens would never serve, documents past their size, more documents than
// the limit, and upgrades the server's guard refuses. Real HTTP and real WebSockets.
import { FILEMETA, Workspace } from "@lens/core";
import * as encoding from "lib0/encoding";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import * as Y from "yjs";
import { addContent, docIdFor, type Running, startServer } from "./helpers.js";

const post = (url: string, body: Uint8Array) =>
  fetch(url, {
    method: "POST",
    body: body as Uint8Array<ArrayBuffer>,
    headers: { "content-type": "application/octet-stream" },
  });

/** A v1 update holding only a delete set: client 12345, from `clock`, 5 long. */
function deleteSetUpdate(clock: number): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0); // no structs
  encoding.writeVarUint(e, 1); // one client in the delete set
  encoding.writeVarUint(e, 12345);
  encoding.writeVarUint(e, 1);
  encoding.writeVarUint(e, clock);
  encoding.writeVarUint(e, 5);
  return encoding.toUint8Array(e);
}

/** A folder doc update that adds `key` to filemeta_v0. */
function filemetaUpdate(key: string): Uint8Array {
  const doc = new Y.Doc();
  doc
    .getMap(FILEMETA)
    .set(key, { id: "00000000-0000-4000-8000-0000000000aa", type: "markdown", version: 0 });
  return Y.encodeStateAsUpdate(doc);
}

describe("sync refuses what it must not apply", () => {
  let server: Running;
  afterEach(() => server.stop());

  it("400 for a v2 update sent as v1, an absurd clock, garbage; the doc is unchanged", async () => {
    server = await startServer();
    const id = docIdFor(1);
    const doc = addContent(server.workspace, id, "hello");
    const before = Y.encodeStateAsUpdate(doc);
    const other = new Y.Doc();
    other.getText("contents").insert(0, "v2 content");
    for (const body of [
      Y.encodeStateAsUpdateV2(other),
      deleteSetUpdate(2 ** 50),
      new Uint8Array([255, 255, 255, 255, 255, 255, 255, 255, 1]),
    ]) {
      const res = await post(`${server.url}/d/${id}/update`, body);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(((await res.json()) as { detail: string }).detail).toMatch(/^Update refused: /);
    }
    expect(Y.encodeStateAsUpdate(doc)).toEqual(before);
    expect(doc.store.pendingDs).toBeNull();
    // A real update still goes through.
    const ok = new Y.Doc();
    Y.applyUpdate(ok, before);
    ok.getText("contents").insert(5, " world");
    expect((await post(`${server.url}/d/${id}/update`, Y.encodeStateAsUpdate(ok))).status).toBe(
      200,
    );
    expect(doc.getText("contents").toString()).toBe("hello world");
  });

  it("400 for filemeta_v0 keys with .., NUL or a backslash; good keys are served", async () => {
    server = await startServer();
    const folderId = docIdFor(2);
    for (const key of ["/../escape.md", "/nul\u0000.md", "/a\\..\\b.md", "relative.md"]) {
      const res = await post(`${server.url}/d/${folderId}/update`, filemetaUpdate(key));
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toMatch(
        /is not a folder path Lens accepts/,
      );
    }
    expect(server.workspace.getDoc(folderId)?.getMap(FILEMETA).size ?? 0).toBe(0);
    expect(
      (await post(`${server.url}/d/${folderId}/update`, filemetaUpdate("/Good.md"))).status,
    ).toBe(200);
    expect([...server.workspace.paths.entries()].map((e) => e.entryPath)).toEqual(["/Good.md"]);
  });

  it("400 for an update too costly to apply: 30 000 folder keys, odd values (issue 28); nothing changed", async () => {
    server = await startServer();
    const folderId = docIdFor(5);
    const entry = (i: number) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      type: "markdown",
      version: 0,
    });
    const wide = new Y.Doc();
    wide.transact(() => {
      for (let i = 0; i < 30_000; i++) wide.getMap(FILEMETA).set(`/wide/${i}.md`, entry(i));
    });
    const fields = new Y.Doc();
    fields.getMap(FILEMETA).set("/odd.md", {
      ...entry(1),
      ...Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])),
    });
    for (const doc of [wide, fields]) {
      const res = await post(`${server.url}/d/${folderId}/update`, Y.encodeStateAsUpdate(doc));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toMatch(
        /^Update refused: it carries more than 10000 values/,
      );
    }
    expect(server.workspace.hasDoc(folderId)).toBe(false);
    // A folder of 1 000 entries in one update is within the bound.
    const thousand = new Y.Doc();
    thousand.transact(() => {
      for (let i = 0; i < 1000; i++) thousand.getMap(FILEMETA).set(`/n/${i}.md`, entry(i));
    });
    expect(
      (await post(`${server.url}/d/${folderId}/update`, Y.encodeStateAsUpdate(thousand))).status,
    ).toBe(200);
    expect([...server.workspace.paths.entries()].length).toBe(1000);
  });

  it("413 for an update that would take a document past its size limit", async () => {
    server = await startServer({ maxDocBytes: 4096 });
    const id = docIdFor(3);
    const doc = addContent(server.workspace, id, "small");
    const big = new Y.Doc();
    Y.applyUpdate(big, Y.encodeStateAsUpdate(doc));
    big.getText("contents").insert(0, "x".repeat(5000));
    const res = await post(`${server.url}/d/${id}/update`, Y.encodeStateAsUpdate(big));
    expect(res.status).toBe(413);
    expect(doc.getText("contents").toString()).toBe("small");
  });

  it("507 once the workspace holds the most documents sync may create", async () => {
    const workspace = new Workspace();
    server = await startServer({ workspace, maxDocs: 2 });
    expect((await fetch(`${server.url}/doc/new`, { method: "POST", body: "{}" })).status).toBe(200);
    expect((await fetch(`${server.url}/doc/new`, { method: "POST", body: "{}" })).status).toBe(200);
    const third = await fetch(`${server.url}/doc/new`, { method: "POST", body: "{}" });
    expect(third.status).toBe(507);
    expect(workspace.docCount).toBe(2);
    const auth = await fetch(`${server.url}/doc/${docIdFor(9)}/auth`, {
      method: "POST",
      body: "{}",
    });
    expect(auth.status).toBe(507);
  });

  it("refuses a WebSocket upgrade its guard refuses, with 403, before anything else", async () => {
    server = await startServer({
      guard: ({ origin }) => (origin === "http://evil.example" ? "foreign origin" : undefined),
    });
    const id = docIdFor(4);
    addContent(server.workspace, id, "x");
    const url = `ws://127.0.0.1:${server.port}/d/${id}/ws/${id}`;
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers });
        ws.on("open", () => {
          ws.close();
          resolve(101);
        });
        ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        ws.on("error", () => {});
      });
    expect(await status({ Origin: "http://evil.example" })).toBe(403);
    expect(await status({ Origin: "app://obsidian.md" })).toBe(101);
  });
});
