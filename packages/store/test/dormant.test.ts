// Loaded notes are held as their text (dormant) until an edit or a sync client needs the
// Y.Doc: the store then reads the doc's file again and tracks it. A file that went away or
// broke meanwhile is quarantined, never written over.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contentsText, Workspace } from "@lens/core";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { decodeDocFile } from "../src/codec/docFile.js";
import { openStore } from "../src/dirStore.js";
import { exportVault } from "../src/vault/export.js";
import { importVault } from "../src/vault/import.js";
import { tempDir } from "./support/tmp.js";

const ID = "11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-000000000001";
const ID2 = "11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-000000000002";

const sleepMs = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readText(dir: string, docId: string): Promise<string> {
  const { doc } = decodeDocFile(await readFile(join(dir, docId, "data.ysweet")));
  return contentsText(doc).toString();
}

/** A data directory holding two notes with a history (several updates, one deletion). */
async function twoNotes(): Promise<{ dir: string; updates: Map<string, Uint8Array> }> {
  const dir = await tempDir();
  const ws = new Workspace();
  const store = await openStore(dir, { workspace: ws });
  const updates = new Map<string, Uint8Array>();
  for (const [id, words] of [
    [ID, ["first ", "note ", "text"]],
    [ID2, ["second ", "note"]],
  ] as const) {
    const doc = new Y.Doc();
    ws.addDoc(id, doc, "content");
    const text = contentsText(doc);
    for (const w of words) text.insert(text.length, w);
    text.delete(0, 1);
    text.insert(0, "F");
    updates.set(id, Y.encodeStateAsUpdate(doc));
  }
  await store.close();
  return { dir, updates };
}

describe("dormant docs", () => {
  it("are loaded as text alone and written never, until changed", async () => {
    const { dir } = await twoNotes();
    const before = await readFile(join(dir, ID, "data.ysweet"));
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
    expect(ws.dormantCount).toBe(2);
    expect(ws.view(ID)!.raw).toBe("First note text");
    expect(ws.view(ID2)!.raw).toBe("Fecond note");
    await store.flush();
    expect(store.writeCount).toBe(0);
    await store.close();
    expect((await readFile(join(dir, ID, "data.ysweet"))).equals(before)).toBe(true);
  });

  it("wake with the file's whole history, and an edit is then persisted", async () => {
    const { dir, updates } = await twoNotes();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
    const doc = ws.getDoc(ID)!;
    expect(ws.isDormant(ID)).toBe(false);
    expect(ws.isDormant(ID2)).toBe(true);
    // The same CRDT state as written: a client holding the old history merges without
    // duplicating anything.
    expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVectorFromUpdate(updates.get(ID)!));
    const client = new Y.Doc();
    Y.applyUpdate(client, updates.get(ID)!);
    Y.applyUpdate(client, Y.encodeStateAsUpdate(doc));
    expect(contentsText(client).toString()).toBe("First note text");
    contentsText(doc).insert(0, ">> ");
    await store.flush(ID);
    expect(store.writeCount).toBe(1);
    expect(await readText(dir, ID)).toBe(">> First note text");
    await store.close();
  });

  it("whose file went away leave the workspace marked unavailable; nothing is written", async () => {
    const { dir } = await twoNotes();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
    await rm(join(dir, ID, "data.ysweet"));
    expect(ws.contentText(ID)).toBeUndefined();
    expect(ws.hasContent(ID)).toBe(false);
    expect(ws.unavailableReason(ID)).toMatch(/its file is gone/);
    expect(store.quarantined.get(ID)).toMatch(/never written over/);
    await store.flush();
    await store.close();
    expect(store.writeCount).toBe(0);
    await expect(readFile(join(dir, ID, "data.ysweet"))).rejects.toThrow(/ENOENT/);
    expect(await readText(dir, ID2)).toBe("Fecond note");
  });

  it("whose file broke are quarantined, the broken file kept byte for byte", async () => {
    const { dir } = await twoNotes();
    const errors: string[] = [];
    const ws = new Workspace();
    const store = await openStore(dir, {
      workspace: ws,
      flushDelayMs: 0,
      onError: (e) => errors.push(e.message),
    });
    const broken = Buffer.from("not a y-sweet file");
    await writeFile(join(dir, ID, "data.ysweet"), broken);
    expect(ws.getDoc(ID)).toBeUndefined();
    expect(ws.unavailableReason(ID)).toMatch(/corrupt/);
    ws.addDoc(ID, new Y.Doc(), "content");
    contentsText(ws.getDoc(ID)!).insert(0, "would overwrite");
    await store.flush();
    await store.close();
    expect(errors.join("\n")).toMatch(/quarantined/);
    expect((await readFile(join(dir, ID, "data.ysweet"))).equals(broken)).toBe(true);
  });

  it("replaced without waking keep their file's envelope fields", async () => {
    const { dir } = await twoNotes();
    const before = decodeDocFile(await readFile(join(dir, ID, "data.ysweet"))).info;
    expect(before.createdAt).toBeGreaterThan(0);
    const ws = new Workspace({ now: () => before.createdAt! + 60_000 });
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
    const doc = new Y.Doc();
    contentsText(doc).insert(0, "replaced");
    ws.addDoc(ID, doc, "content");
    await store.close();
    const after = decodeDocFile(await readFile(join(dir, ID, "data.ysweet")));
    expect(contentsText(after.doc).toString()).toBe("replaced");
    expect(after.info.createdAt).toBe(before.createdAt);
  });

  it("go back to sleep once saved, idle and not in use; never with unsaved changes", async () => {
    const { dir } = await twoNotes();
    let clock = 1_000_000;
    const ws = new Workspace({ now: () => clock });
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 60_000 });
    const inUse = new Set<string>();
    const sleep = () => store.sleepIdle({ idleMs: 1000, inUse: (id) => inUse.has(id) });
    contentsText(ws.getDoc(ID)!).insert(0, ">> ");
    ws.getDoc(ID2);
    clock += 5000;
    // ID has a change not yet written; ID2 is open in a client.
    inUse.add(ID2);
    expect(sleep()).toBe(0);
    expect(ws.isDormant(ID)).toBe(false);
    await store.flush();
    expect(sleep()).toBe(1);
    expect(ws.isDormant(ID)).toBe(true);
    expect(ws.isDormant(ID2)).toBe(false);
    inUse.clear();
    // Woken again: from its file, with the change; idle time counts from the wake.
    expect(contentsText(ws.getDoc(ID)!).toString()).toBe(">> First note text");
    expect(sleep()).toBe(1);
    expect(ws.isDormant(ID2)).toBe(true);
    expect(ws.isDormant(ID)).toBe(false);
    clock += 5000;
    expect(sleep()).toBe(1);
    const writes = store.writeCount;
    await store.close();
    expect(store.writeCount).toBe(writes);
    expect(await readText(dir, ID)).toBe(">> First note text");
  });

  it("sleep on a timer until stopped", async () => {
    const { dir } = await twoNotes();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
    ws.getDoc(ID);
    const stop = store.startSleeping({ idleMs: 20, inUse: () => false });
    for (let i = 0; i < 100 && !ws.isDormant(ID); i++) await sleepMs(10);
    expect(ws.isDormant(ID)).toBe(true);
    stop();
    ws.getDoc(ID);
    await sleepMs(100);
    expect(ws.isDormant(ID)).toBe(false);
    await store.close();
  });

  it("are rewritten by markDirty, which wakes them (a legacy file turned into CBOR)", async () => {
    const { dir } = await twoNotes();
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
    expect(store.markDirty(ID2)).toBe(true);
    expect(ws.isDormant(ID2)).toBe(false);
    expect(ws.isDormant(ID)).toBe(true);
    await store.close();
    expect(store.writeCount).toBe(1);
    expect(await readText(dir, ID2)).toBe("Fecond note");
  });

  it("stay asleep through an export and a re-import of the same vault", async () => {
    const vault = await tempDir("lens-vault-");
    await mkdir(join(vault, "Sub"));
    await writeFile(join(vault, "A.md"), "alpha\n");
    await writeFile(join(vault, "Sub", "B.md"), "béta — two\n");
    const dir = await tempDir();
    const first = new Workspace();
    const store = await openStore(dir, { workspace: first });
    await importVault(first, vault, { folderName: "Vault" });
    await store.close();

    const ws = new Workspace();
    const again = await openStore(dir, { workspace: ws, flushDelayMs: 0 });
    expect(ws.dormantCount).toBe(2);
    const out = await tempDir("lens-export-");
    expect((await exportVault(ws, out)).written).toEqual(["Vault/A.md", "Vault/Sub/B.md"]);
    expect(await readFile(join(out, "Vault", "Sub", "B.md"), "utf8")).toBe("béta — two\n");
    const same = await importVault(ws, vault, { folderName: "Vault" });
    expect(same.unchanged).toBe(2);
    expect(ws.dormantCount).toBe(2);
    await writeFile(join(vault, "A.md"), "alpha, changed\n");
    const changed = await importVault(ws, vault, { folderName: "Vault" });
    expect(changed.updated).toEqual(["/A.md"]);
    expect(ws.dormantCount).toBe(1);
    await again.close();
    expect(again.writeCount).toBe(1);
    const a = ws.paths.get("Vault/A.md")!;
    expect(await readText(dir, a.docId)).toBe("alpha, changed\n");
  });
});
