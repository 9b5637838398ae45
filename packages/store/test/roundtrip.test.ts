// Save → load round trips through a data directory: generated workspaces come back identical,
// legacy bincode files load, corrupt files are reported and skipped, pending updates apply.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contentsText, Workspace } from "@lens/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { encodeBincodeMap } from "../src/codec/bincode.js";
import { encodeEnvelope } from "../src/codec/envelope.js";
import { DEFAULT_OID, oidKey, stateKey, updateKey, writeDocEntries } from "../src/codec/kvstore.js";
import { openStore } from "../src/dirStore.js";
import { tempDir } from "./support/tmp.js";
import { buildWorkspace, workspaceArb } from "./support/workspaceGen.js";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const ID_A = "11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-000000000001";
const ID_B = "11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-000000000002";
const ID_C = "11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-000000000003";

function snapshot(ws: Workspace): Map<string, string> {
  return new Map(
    ws
      .docIds()
      .sort()
      .map((id) => [id, hex(Y.encodeStateAsUpdate(ws.getDoc(id)!))]),
  );
}

async function writeDoc(dir: string, docId: string, bytes: Uint8Array) {
  await mkdir(join(dir, docId), { recursive: true });
  await writeFile(join(dir, docId, "data.ysweet"), bytes);
}

function textDoc(s: string): Y.Doc {
  const d = new Y.Doc();
  contentsText(d).insert(0, s);
  return d;
}

describe("round trip", () => {
  it("a generated workspace saved and loaded back is identical", async () => {
    await fc.assert(
      fc.asyncProperty(workspaceArb, async (spec) => {
        const dir = await tempDir();
        const ws = buildWorkspace(spec);
        const store = await openStore(dir, { workspace: ws });
        await store.close();
        const back = new Workspace();
        const again = await openStore(dir, { workspace: back });
        expect(again.report.skipped).toEqual([]);
        expect(snapshot(back)).toEqual(snapshot(ws));
        expect([...back.paths.entries()].map((l) => l.path).sort()).toEqual(
          [...ws.paths.entries()].map((l) => l.path).sort(),
        );
        for (const id of ws.contentDocIds()) {
          expect(back.contentText(id)!.toString()).toBe(ws.contentText(id)!.toString());
        }
        await again.close();
      }),
      { numRuns: 25 },
    );
  });

  it("loads a legacy bincode file, and rewrites it as CBOR on its next change", async () => {
    const dir = await tempDir();
    const doc = textDoc("from an old y-sweet\r\n");
    const data = writeDocEntries(Y.encodeStateAsUpdate(doc), Y.encodeStateVector(doc));
    await writeDoc(dir, ID_A, encodeBincodeMap(data));
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws });
    expect(store.report.legacy).toEqual([ID_A]);
    expect(ws.contentText(ID_A)!.toString()).toBe("from an old y-sweet\r\n");
    expect(ws.mtime(ID_A)).toBeGreaterThan(0);
    ws.contentText(ID_A)!.insert(0, "x");
    await store.flush(ID_A);
    const bytes = await readFile(join(dir, ID_A, "data.ysweet"));
    expect(bytes[0]).toBe(0xa5);
    await store.close();
  });

  it("reports a truncated and a corrupt file and still loads the others", async () => {
    const dir = await tempDir();
    const good = encodeEnvelope({
      createdAt: 1,
      modifiedAt: 2,
      metadata: null,
      data: writeDocEntries(
        Y.encodeStateAsUpdate(textDoc("fine")),
        Y.encodeStateVector(textDoc("fine")),
      ),
    });
    await writeDoc(dir, ID_A, good);
    await writeDoc(dir, ID_B, good.subarray(0, good.length - 7));
    await writeDoc(dir, ID_C, Buffer.from("garbage garbage garbage"));
    // An envelope whose Yjs update is garbage.
    const badUpdate = encodeEnvelope({
      createdAt: 1,
      modifiedAt: 2,
      metadata: null,
      data: [
        [oidKey(), DEFAULT_OID],
        [stateKey(DEFAULT_OID), Uint8Array.of(5, 200, 1, 7)],
      ],
    });
    const ID_D = ID_C.replace(/3$/, "4");
    await writeDoc(dir, ID_D, badUpdate);
    await mkdir(join(dir, "not-a-doc-dir"));
    await writeFile(join(dir, "README.txt"), "x");
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws });
    expect(ws.contentText(ID_A)!.toString()).toBe("fine");
    expect(store.report.loaded).toBe(1);
    expect(store.report.skipped.map((s) => s.docId).sort()).toEqual([ID_B, ID_C, ID_D]);
    for (const s of store.report.skipped) expect(s.reason).toMatch(/^corrupt: /);
    expect(store.report.ignored.sort()).toEqual(["README.txt", "not-a-doc-dir"]);
    expect(ws.getDoc(ID_B)).toBeUndefined();
    // A skipped file is left alone (never overwritten by an empty doc).
    await store.close();
    expect((await readFile(join(dir, ID_B, "data.ysweet"))).length).toBe(good.length - 7);
  });

  it("applies pending-update keys in sequence order", async () => {
    const dir = await tempDir();
    const src = new Y.Doc();
    const text = contentsText(src);
    text.insert(0, "start:");
    const state = Y.encodeStateAsUpdate(src);
    const updates: Uint8Array[] = [];
    src.on("update", (u: Uint8Array) => updates.push(u));
    for (let i = 0; i < 12; i++) {
      text.insert(text.length, `${i},`);
      if (i % 3 === 0) text.delete(0, 1);
    }
    const data: Array<[Uint8Array, Uint8Array]> = [
      [oidKey(), DEFAULT_OID],
      [stateKey(DEFAULT_OID), state],
    ];
    for (const i of [...updates.keys()].reverse()) {
      data.push([updateKey(DEFAULT_OID, i), updates[i]!]);
    }
    await writeDoc(
      dir,
      ID_A,
      encodeEnvelope({ createdAt: 1, modifiedAt: 2, metadata: null, data }),
    );
    const ws = new Workspace();
    const store = await openStore(dir, { workspace: ws });
    expect(ws.contentText(ID_A)!.toString()).toBe(text.toString());
    expect(hex(Y.encodeStateVector(ws.getDoc(ID_A)!))).toBe(hex(Y.encodeStateVector(src)));
    await store.close();
  });
});
