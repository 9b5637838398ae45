// Issue 28, item 8: backlinks_v0 of a folder doc lists the notes linking to each of its notes,
// from every folder. A token scoped to that folder reading it over sync (as-update, sync step 2,
// the updates after) must not learn the ids of notes in folders it does not reach; readers that
// reach every folder see everything.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Authenticator, addToken } from "@lens/access";
import { workspaceFromTexts } from "@lens/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { connectClient, fetchClientToken, type Running, startServer, waitFor } from "./helpers.js";

let server: Running;
let dir: string;
const tokens: Record<string, string> = {};
const ws = workspaceFromTexts([
  { name: "Public", files: { "Hello.md": "hello", "Other.md": "see [[Hello]]" } },
  { name: "Secret", files: { "Q1.md": "about [[Public/Hello]]" } },
]);
const uuidOf = (path: string) => {
  const r = ws.resolve(path);
  if (r.kind !== "document") throw new Error(path);
  return r.loc.meta.id;
};
const publicDoc = () => ws.folders().find((f) => f.name === "Public")!;
const backlinksOf = (d: Y.Doc, path: string) =>
  (d.getMap("backlinks_v0").get(uuidOf(path)) as string[] | undefined) ?? [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lens-sync-backlinks-"));
  for (const [name, role, folders] of [
    ["public-reader", "view", ["Public"]],
    ["reader", "view", []],
  ] as const) {
    tokens[name] = (await addToken(dir, { name, role, folders: [...folders] })).token;
  }
  server = await startServer({ workspace: ws, auth: new Authenticator({ dataDir: dir }) });
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function asUpdate(token: string): Promise<Uint8Array> {
  const id = publicDoc().docId;
  const client = await fetchClientToken(server.url, id, token, { authorization: "read-only" });
  const res = await fetch(`${client.baseUrl}/as-update`, {
    headers: { authorization: `Bearer ${client.token}` },
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe("backlinks_v0 over sync for a folder-scoped reader", () => {
  it("as-update lists only the sources the reader reaches; the id of Secret's note is nowhere in it", async () => {
    expect(backlinksOf(publicDoc().doc, "Public/Hello.md").sort()).toEqual(
      [uuidOf("Public/Other.md"), uuidOf("Secret/Q1.md")].sort(),
    );
    const scoped = await asUpdate(tokens["public-reader"]!);
    expect(Buffer.from(scoped).includes(uuidOf("Secret/Q1.md"))).toBe(false);
    const seen = new Y.Doc();
    Y.applyUpdate(seen, scoped);
    expect(backlinksOf(seen, "Public/Hello.md")).toEqual([uuidOf("Public/Other.md")]);
    // The same history: the state vectors agree, so later updates apply as they should.
    expect(Y.encodeStateVector(seen)).toEqual(Y.encodeStateVector(publicDoc().doc));
    // A reader of every folder sees every source.
    const all = new Y.Doc();
    Y.applyUpdate(all, await asUpdate(tokens.reader!));
    expect(backlinksOf(all, "Public/Hello.md").sort()).toEqual(
      backlinksOf(publicDoc().doc, "Public/Hello.md").sort(),
    );
  });

  it("over WebSocket, sync step 2 and every later update are narrowed the same way", async () => {
    const client = await connectClient(server.url, publicDoc().docId, {
      serverToken: tokens["public-reader"],
      authorization: "read-only",
    });
    try {
      await waitFor(
        () => backlinksOf(client.doc, "Public/Hello.md").length > 0,
        "the folder doc to sync",
      );
      expect(backlinksOf(client.doc, "Public/Hello.md")).toEqual([uuidOf("Public/Other.md")]);
      // A new link from Secret to Public's Other, then one from Public's Hello to it.
      const q1 = ws.contentText(`${publicDoc().relayId}-${uuidOf("Secret/Q1.md")}`)!;
      q1.insert(q1.length, " and [[Public/Other]]");
      const hello = ws.contentText(`${publicDoc().relayId}-${uuidOf("Public/Hello.md")}`)!;
      hello.insert(hello.length, " [[Other]]");
      await waitFor(
        () => backlinksOf(client.doc, "Public/Other.md").includes(uuidOf("Public/Hello.md")),
        "the in-reach backlink to arrive",
      );
      expect(backlinksOf(publicDoc().doc, "Public/Other.md")).toContain(uuidOf("Secret/Q1.md"));
      expect(backlinksOf(client.doc, "Public/Other.md")).toEqual([uuidOf("Public/Hello.md")]);
    } finally {
      client.stop();
    }
  });
});
