// Loading a large data directory: the files read ahead by a worker thread are the files read in
// place, in order, unreadable ones reported the same; a store opened on such a directory loads
// every doc, reports the bad ones and writes nothing.
import { statSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contentsText, Workspace } from "@lens/core";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { encodeDocFile } from "../src/codec/docFile.js";
import { openStore } from "../src/dirStore.js";
import {
  dataFileOf,
  type RawFile,
  READ_AHEAD_MIN_FILES,
  readFiles,
  readRaw,
  stampIs,
  statFiles,
} from "../src/loadDir.js";
import { tempDir } from "./support/tmp.js";

/** Doc id number `n` (Relay form; sorts in `n` order). */
const docId = (n: number) =>
  `11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

function file(text: string): Uint8Array {
  const doc = new Y.Doc();
  contentsText(doc).insert(0, text);
  return encodeDocFile(doc, { createdAt: 1, modifiedAt: 2 });
}

const outcome = (r: RawFile) =>
  "bytes" in r ? { bytes: Buffer.from(r.bytes).toString("base64") } : { code: r.error.code };

describe("readFiles (read ahead by a worker from READ_AHEAD_MIN_FILES files on)", () => {
  it("gives each file's bytes, or why it failed, in order, as a read in place does", async () => {
    const dir = await tempDir();
    const n = READ_AHEAD_MIN_FILES + 300;
    const files: string[] = [];
    for (let i = 0; i < n; i++) {
      const f = join(dir, `f${i}`);
      files.push(f);
      if (i % 97 === 5) continue; // missing
      if (i % 101 === 7) {
        await mkdir(f); // a directory: unreadable as a file
        continue;
      }
      // Sizes from empty to over a batch (1 MB) of one file.
      const size = i === 400 ? 1_500_000 : (i * 37) % 9000;
      await writeFile(f, Buffer.alloc(size, i % 251));
    }
    const got: RawFile[] = [];
    const seen = { worker: 0, here: 0 };
    for await (const r of readFiles(files, { seen })) got.push(r);
    // The first files are read here while the worker starts; the rest come from it.
    expect(seen.worker).toBeGreaterThan(n / 2);
    expect(seen.worker + seen.here).toBe(n);
    expect(got.map(outcome)).toEqual(files.map((f) => outcome(readRaw(f))));
    expect(got.filter((r) => "error" in r && r.error.code === "ENOENT").length).toBeGreaterThan(0);
    expect(got.filter((r) => "error" in r && r.error.code === "EISDIR").length).toBeGreaterThan(0);
  });

  it("stops its worker when the reader stops early", async () => {
    const dir = await tempDir();
    const files = Array.from({ length: READ_AHEAD_MIN_FILES + 10 }, (_, i) => join(dir, `f${i}`));
    await Promise.all(files.map((f) => writeFile(f, "x")));
    let read = 0;
    for await (const _ of readFiles(files)) if (++read === 300) break;
    expect(read).toBe(300);
  });
});

describe("statFiles (a worker from READ_AHEAD_MIN_FILES files on)", () => {
  it("gives each file's stamp as statSync sees it, NaN for one that is gone", async () => {
    const dir = await tempDir();
    for (const n of [10, READ_AHEAD_MIN_FILES + 30]) {
      const files = Array.from({ length: n }, (_, i) => join(dir, `s${n}-${i}`));
      for (const [i, f] of files.entries()) if (i % 7 !== 3) await writeFile(f, "x".repeat(i));
      const stamps = await statFiles(files);
      expect(stamps.length).toBe(n * 4);
      for (const [i, f] of files.entries()) {
        const st = statSync(f, { throwIfNoEntry: false });
        const got = Array.from(stamps.subarray(i * 4, i * 4 + 4));
        if (!st) expect(got.every(Number.isNaN)).toBe(true);
        else {
          expect(got).toEqual([st.size, st.mtimeMs, st.ctimeMs, st.ino]);
          expect(stampIs(stamps, i, st)).toBe(true);
          expect(stampIs(stamps, i, { ...st, size: st.size + 1 })).toBe(false);
        }
      }
    }
  });
});

describe("a store on a large data directory", () => {
  it("loads every doc, reports the corrupt and the foreign, writes nothing", async () => {
    const dir = await tempDir();
    const n = READ_AHEAD_MIN_FILES + 88;
    for (let i = 0; i < n; i++) {
      await mkdir(join(dir, docId(i)));
      if (i === 350) await writeFile(dataFileOf(dir, docId(i)), "not a doc file");
      else if (i !== 420) await writeFile(dataFileOf(dir, docId(i)), file(`note ${i}`));
    }
    await writeFile(join(dir, "README.txt"), "not a doc");
    const before = await readdir(dir, { recursive: true });
    const ws = new Workspace();
    const seen: number[] = [];
    const store = await openStore(dir, {
      workspace: ws,
      flushDelayMs: 0,
      onProgress: (p) => seen.push(p.done),
    });
    expect(store.report.loaded).toBe(n - 2);
    expect(store.report.skipped.map((s) => s.docId)).toEqual([docId(350)]);
    expect(store.report.ignored.sort()).toEqual(["README.txt", docId(420)].sort());
    expect(seen.at(-1)).toBe(n);
    for (const i of [0, 255, 256, 257, 511, 599]) {
      if (i < n && i !== 350 && i !== 420)
        expect(ws.contentText(docId(i))?.toString()).toBe(`note ${i}`);
    }
    expect(ws.getDoc(docId(7))?.guid).toBe(docId(7));
    // Closing flushes whatever the store meant to write: nothing, for a load.
    await store.close();
    expect(store.writeCount).toBe(0);
    expect(await readdir(dir, { recursive: true })).toEqual(before);
  });
});
