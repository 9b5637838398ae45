// Issue 28, item 5: a large update through sync is applied in one turn of the event loop and
// its follow-up work (parsing and resolving its links, writing backlinks_v0) in the next, so
// a 20 000-link note does not hold the server for both at once. Real HTTP.
import { workspaceFromTexts } from "@lens/core";
import { afterEach, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { type Running, startServer, waitFor } from "./helpers.js";

let server: Running | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const ws = () =>
  workspaceFromTexts([{ name: "Team", files: { "Hub.md": "the hub", "Notes.md": "notes" } }]);

function located(w: ReturnType<typeof ws>, path: string) {
  const r = w.resolve(path);
  if (r.kind !== "document") throw new Error(path);
  return r.loc;
}

/** An update appending `text` to the doc `docId` holds now. */
function appendUpdate(w: ReturnType<typeof ws>, docId: string, text: string): Uint8Array {
  const held = w.getDoc(docId)!;
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(held));
  const before = Y.encodeStateVector(copy);
  const t = copy.getText("contents");
  t.insert(t.length, text);
  return Y.encodeStateAsUpdate(copy, before);
}

/** Posts an update for `path`, noting whether the workspace was in a batch as it applied. */
async function postAndWatch(s: Running, path: string, text: string) {
  const w = s.workspace as ReturnType<typeof ws>;
  const { docId } = located(w, path);
  const seen: boolean[] = [];
  const stop = w.on((e) => {
    if (e.type === "content" && e.docId === docId) seen.push(w.batching);
  });
  const res = await fetch(`${s.url}/d/${docId}/update`, {
    method: "POST",
    body: appendUpdate(w, docId, text) as Uint8Array<ArrayBuffer>,
  });
  stop();
  return { status: res.status, batchedWhileApplied: seen };
}

const backlinksOfHub = (w: ReturnType<typeof ws>) => {
  const folder = w.folders()[0]!;
  const hub = located(w, "Team/Hub.md");
  return (folder.doc.getMap("backlinks_v0").get(hub.meta.id) as string[] | undefined) ?? [];
};

describe("the follow-up work of a sync update", () => {
  it("waits for the next turn for a large update, and backlinks are right once it has run", async () => {
    server = await startServer({ workspace: ws() });
    const w = server.workspace as ReturnType<typeof ws>;
    const links = "- see [[Hub]]\n".repeat(20_000); // 280 KB
    const { status, batchedWhileApplied } = await postAndWatch(server, "Team/Notes.md", links);
    expect(status).toBe(200);
    expect(batchedWhileApplied).toEqual([true]);
    const notes = located(w, "Team/Notes.md").meta.id;
    await waitFor(() => backlinksOfHub(w).includes(notes));
    expect(w.batching).toBe(false);
  });

  it("runs at once for a small update (a keystroke is not put off)", async () => {
    server = await startServer({ workspace: ws() });
    const w = server.workspace as ReturnType<typeof ws>;
    const { status, batchedWhileApplied } = await postAndWatch(server, "Team/Notes.md", "[[Hub]]");
    expect(status).toBe(200);
    expect(batchedWhileApplied).toEqual([false]);
    expect(backlinksOfHub(w)).toContain(located(w, "Team/Notes.md").meta.id);
  });
});
