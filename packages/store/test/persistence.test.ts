// Writing back: batched with a bounded delay, flush() means durable, new / replaced / removed
// docs, modified_at from the workspace clock, write failures reported and retried.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contentsText, Workspace } from "@lens/core";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { decodeDocFile } from "../src/codec/docFile.js";
import { openStore } from "../src/dirStore.js";
import { ManualTimer } from "./support/manualTimer.js";
import { tempDir } from "./support/tmp.js";

const ID = "11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-000000000001";
const ID2 = "11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-000000000002";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readText(dir: string, docId: string): Promise<string> {
  const { doc } = decodeDocFile(await readFile(join(dir, docId, "data.ysweet")));
  return contentsText(doc).toString();
}

function textDoc(s: string): Y.Doc {
  const d = new Y.Doc();
  contentsText(d).insert(0, s);
  return d;
}

describe("persistence", () => {
  it("batches a burst of changes into one write within the delay bound", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const timer = new ManualTimer();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 80, timer });
    ws.addDoc(ID, textDoc(""), "content");
    const text = ws.contentText(ID)!;
    for (let i = 0; i < 100; i++) text.insert(text.length, `${i} `);
    // One write scheduled for the whole burst, at the delay bound; none made yet.
    expect(timer.scheduled).toEqual([80]);
    expect(store.writeCount).toBe(0);
    expect(timer.fire()).toBe(1);
    await store.flush();
    expect(store.writeCount).toBe(1);
    expect(await readText(dir, ID)).toBe(text.toString());
    expect(store.dirtyCount).toBe(0);
    await store.close();
  });

  it("keeps writing under continuous traffic (the delay bounds staleness, no starvation)", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 50 });
    ws.addDoc(ID, textDoc(""), "content");
    const text = ws.contentText(ID)!;
    const stop = Date.now() + 400;
    while (Date.now() < stop) {
      text.insert(text.length, "x");
      await sleep(10);
    }
    expect(store.writeCount).toBeGreaterThanOrEqual(3);
    await store.close();
    expect(await readText(dir, ID)).toBe(text.toString());
  });

  it("watches docs without an `update` listener, so Yjs encodes no update per transaction for it (issue 28)", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws });
    const doc = textDoc("");
    ws.addDoc(ID, doc, "content");
    const listeners = (doc as unknown as { _observers: Map<string, Set<unknown>> })._observers;
    expect(listeners.get("update")?.size ?? 0).toBe(0);
    // A transaction that changes nothing leaves the doc saved; a change makes it dirty.
    await store.flush();
    doc.transact(() => {});
    expect(store.dirtyCount).toBe(0);
    contentsText(doc).insert(0, "x");
    expect(store.dirtyCount).toBe(1);
    await store.close();
    expect(await readText(dir, ID)).toBe("x");
  });

  it("flush(docId) resolves only once that doc's change is on disk", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 60_000 });
    ws.addDoc(ID, textDoc("a"), "content");
    ws.addDoc(ID2, textDoc("b"), "content");
    ws.contentText(ID)!.insert(1, "1");
    await store.flush(ID);
    expect(await readText(dir, ID)).toBe("a1");
    expect(store.dirtyCount).toBe(1); // ID2 still waits for its batch
    await store.flush();
    expect(await readText(dir, ID2)).toBe("b");
    await store.flush("no-such-doc");
    await store.close();
  });

  it("concurrent flushes and edits during a write all end up on disk", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 5 });
    ws.addDoc(ID, textDoc(""), "content");
    const text = ws.contentText(ID)!;
    const flushes: Promise<void>[] = [];
    for (let i = 0; i < 30; i++) {
      text.insert(text.length, String(i % 10));
      flushes.push(store.flush(ID));
      if (i % 7 === 0) await sleep(1);
    }
    await Promise.all(flushes);
    expect(await readText(dir, ID)).toBe(text.toString());
    await store.close();
  });

  it("persists docs added, replaced and removed after open; close flushes", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const timer = new ManualTimer();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 60_000, timer });
    ws.addDoc(ID, textDoc("first"), "content");
    ws.addDoc(ID, textDoc("second"), "content"); // replaces
    ws.addDoc(ID2, textDoc("gone"), "content");
    ws.removeDoc(ID2); // its unsaved state is still written
    await store.close();
    expect(await readText(dir, ID)).toBe("second");
    expect(await readText(dir, ID2)).toBe("gone");
    const written = store.writeCount;
    ws.contentText(ID)!.insert(0, "after close ");
    // A closed store schedules nothing and writes nothing.
    expect(timer.scheduled).toEqual([]);
    expect(store.writeCount).toBe(written);
    expect(await readText(dir, ID)).toBe("second");
  });

  it("writes a doc replaced before its changes were saved once, with the new state", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 60_000 });
    ws.addDoc(ID, textDoc("first"), "content");
    ws.addDoc(ID, textDoc("second"), "content"); // replaces: "first" is never to be written
    expect(store.dirtyCount).toBe(1);
    await store.flush();
    expect(store.writeCount).toBe(1);
    expect(await readText(dir, ID)).toBe("second");
    // Replaced again after a save: the new state only, once.
    ws.contentText(ID)!.insert(0, "more ");
    ws.addDoc(ID, textDoc("third"), "content");
    await store.close();
    expect(store.writeCount).toBe(2);
    expect(await readText(dir, ID)).toBe("third");
  });

  it("writes modified_at = last content change and keeps created_at", async () => {
    const dir = await tempDir();
    let clock = 1_000;
    const ws = new Workspace({ now: () => clock });
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 60_000 });
    ws.addDoc(ID, textDoc(""), "content");
    clock = 2_000;
    ws.contentText(ID)!.insert(0, "x");
    clock = 3_000;
    await store.flush(ID);
    let info = decodeDocFile(await readFile(join(dir, ID, "data.ysweet"))).info;
    expect([info.createdAt, info.modifiedAt]).toEqual([3_000, 2_000]);
    clock = 4_000;
    ws.contentText(ID)!.insert(0, "y");
    clock = 5_000;
    await store.close();
    info = decodeDocFile(await readFile(join(dir, ID, "data.ysweet"))).info;
    expect([info.createdAt, info.modifiedAt]).toEqual([3_000, 4_000]);
    const back = new Workspace();
    const again = await openStore(dir, { workspace: back });
    expect(back.mtime(ID)).toBe(4_000);
    await again.close();
  });

  it("reports a failed write, rejects flush, keeps the doc dirty and retries", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const errors: string[] = [];
    const store = await openStore(dir, {
      workspace: ws,
      flushDelayMs: 10,
      onError: (e, docId) => errors.push(`${docId}: ${e.message}`),
    });
    await writeFile(join(dir, ID), "a file where the doc directory should be");
    ws.addDoc(ID, textDoc("x"), "content");
    await expect(store.flush(ID)).rejects.toThrow();
    // The scheduled retry reports too; wait for it however slow the machine is.
    for (let waited = 0; errors.length === 0 && waited < 10_000; waited += 20) await sleep(20);
    expect(errors.length).toBeGreaterThan(0);
    expect(store.dirtyCount).toBe(1);
    const { rm } = await import("node:fs/promises");
    await rm(join(dir, ID));
    await store.flush(ID);
    expect(await readText(dir, ID)).toBe("x");
    await store.close();
  });

  it("refuses doc ids that are not safe directory names", async () => {
    const dir = await tempDir();
    const ws = new Workspace();
    const errors: string[] = [];
    const store = await openStore(dir, { workspace: ws, onError: (e) => errors.push(e.message) });
    ws.addDoc("../escape", textDoc("x"), "content");
    expect(errors[0]).toMatch(/not a safe directory name/);
    await store.close();
  });
});
