// The text cache: a restart takes each unchanged note's text from DATA/.lens/texts.cache
// instead of reading its file; a changed, copied or removed file is read (or dropped) as if
// there were no cache; a cache that fails any check is ignored, said, and written again.
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contentsText, Workspace } from "@lens/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { encodeDocFile } from "../src/codec/docFile.js";
import { type DirStore, openStore } from "../src/dirStore.js";
import { dataFileOf, READ_AHEAD_MIN_FILES } from "../src/loadDir.js";
import {
  type CachedText,
  decodeTextCache,
  encodeTextCache,
  TEXT_CACHE_FILE,
  writeTextCache,
} from "../src/textCache.js";
import { fixtureCopy, tempDir } from "./support/tmp.js";

const docId = (n: number) =>
  `11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

function file(text: string, modifiedAt = 2): Uint8Array {
  const doc = new Y.Doc();
  contentsText(doc).insert(0, text);
  return encodeDocFile(doc, { createdAt: 1, modifiedAt });
}

// Every seventh starts with a byte order mark, which a restart must keep (a UTF-8 decoder drops
// it unless told not to).
const textOf = (n: number) =>
  `${n % 7 === 0 ? "\uFEFF" : ""}note ${n} — café 🚀 ${"x".repeat(n % 50)}`;

/** A data directory of `n` notes (a worker reads from READ_AHEAD_MIN_FILES on). */
async function notesDir(n: number): Promise<string> {
  const dir = await tempDir();
  for (let i = 0; i < n; i++) {
    await mkdir(join(dir, docId(i)));
    await writeFile(dataFileOf(dir, docId(i)), file(textOf(i), 1000 + i));
  }
  return dir;
}

async function open(dir: string, extra: { readOnly?: boolean; textCache?: boolean } = {}) {
  const ws = new Workspace();
  const store = await openStore(dir, {
    workspace: ws,
    textCache: true,
    textCacheMinNotes: 0,
    ...extra,
  });
  return { ws, store };
}

function texts(ws: Workspace): Map<string, string> {
  return new Map(ws.docIds().map((id) => [id, ws.view(id)?.raw ?? "(none)"]));
}

const cacheFile = (dir: string) => join(dir, TEXT_CACHE_FILE);

async function closed(store: DirStore): Promise<void> {
  await store.close();
}

describe("the text cache", () => {
  const N = READ_AHEAD_MIN_FILES + 40;

  it("gives a restart every unchanged note's text without reading its file, the same texts", async () => {
    const dir = await notesDir(N);
    const first = await open(dir);
    expect(first.store.report.cached).toBe(0);
    const want = texts(first.ws);
    await closed(first.store);
    const written = await stat(cacheFile(dir));
    expect(written.size).toBeGreaterThan(0);

    const second = await open(dir);
    expect(second.store.report.cached).toBe(N);
    expect(second.store.report.loaded).toBe(N);
    expect(texts(second.ws)).toEqual(want);
    expect(second.ws.dormantCount).toBe(N);
    expect(second.ws.mtime(docId(7))).toBe(1007);
    await closed(second.store);
    // Nothing changed: neither a note nor the cache is written again (a rewrite is a rename).
    expect(second.store.writeCount).toBe(0);
    const after = await stat(cacheFile(dir));
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
  });

  it("reads a changed file (even one of the same size and mtime) and drops a removed one", async () => {
    const dir = await notesDir(N);
    const sneaky = dataFileOf(dir, docId(3));
    const when = 1_700_000_000; // whole seconds: utimes sets them exactly
    await utimes(sneaky, when, when);
    await closed((await open(dir)).store);
    const cacheBefore = await stat(cacheFile(dir));
    // Rewritten in place, then its size and mtime put back: only its ctime tells.
    const before = await stat(sneaky);
    const swapped = textOf(3).replace("note", "NOTE");
    const bytes = file(swapped, 1003);
    expect(bytes.length).toBe(before.size);
    await writeFile(sneaky, bytes);
    await utimes(sneaky, when, when);
    expect((await stat(sneaky)).mtimeMs).toBe(before.mtimeMs);
    // Replaced by rename, as Lens and relay-server write.
    await writeFile(`${dataFileOf(dir, docId(9))}.tmp`, file("nine, new", 5000));
    const { rename } = await import("node:fs/promises");
    await rename(`${dataFileOf(dir, docId(9))}.tmp`, dataFileOf(dir, docId(9)));
    await rm(join(dir, docId(20)), { recursive: true });

    const { ws, store } = await open(dir);
    expect(store.report.cached).toBe(N - 3);
    expect(ws.view(docId(3))!.raw).toBe(swapped);
    expect(ws.view(docId(9))!.raw).toBe("nine, new");
    expect(ws.mtime(docId(9))).toBe(5000);
    expect(ws.docIds()).not.toContain(docId(20));
    expect(ws.view(docId(21))!.raw).toBe(textOf(21));
    await closed(store);
    expect((await stat(cacheFile(dir))).ino).not.toBe(cacheBefore.ino);

    const again = await open(dir);
    expect(again.store.report.cached).toBe(N - 1);
    expect(again.ws.view(docId(3))!.raw).toBe(swapped);
    await closed(again.store);
  });

  it("ignores a cache that fails a check, says why, loads every file and writes it again", async () => {
    const dir = await notesDir(40);
    const first = await open(dir);
    const want = texts(first.ws);
    await closed(first.store);
    const good = await readFile(cacheFile(dir));
    const damaged: Array<[string, Uint8Array, RegExp]> = [
      ["a flipped byte", flip(good, Math.floor(good.length / 2)), /checksum/],
      ["a cut", good.subarray(0, good.length - 20), /ends early/],
      ["no end mark", good.subarray(0, good.length - 8), /ends early/],
      ["another format", Buffer.from("not a cache at all"), /not a text cache/],
      ["rows of the wrong shape", await bytesOf(badRows()), /wrong types|8 fields/],
    ];
    for (const [what, bytes, why] of damaged) {
      await writeFile(cacheFile(dir), bytes);
      const { ws, store } = await open(dir);
      expect(store.report.cached, what).toBe(0);
      expect(store.report.notes.join("\n"), what).toMatch(why);
      expect(texts(ws), what).toEqual(want);
      await closed(store);
      expect((await readFile(cacheFile(dir))).equals(good), what).toBe(true);
    }
  });

  it("takes nothing from the cache for a doc not in the directory, nor for a folder doc", async () => {
    const dir = await fixtureCopy();
    const first = await open(dir);
    const folders = first.store.report.folders;
    const notes = first.ws.dormantCount;
    expect(folders).toBeGreaterThan(0);
    await closed(first.store);
    const stranger = docId(999);
    const { decodeTextCache: decode } = await import("../src/textCache.js");
    const entries = await decode(await readFile(cacheFile(dir)));
    const [, any] = [...entries][0]!;
    entries.set(stranger, { ...any, text: "a note no directory holds" });
    await writeTextCache(dir, entries);

    const { ws, store } = await open(dir);
    expect(store.report.cached).toBe(notes);
    expect(store.report.folders).toBe(folders);
    expect(ws.docIds()).not.toContain(stranger);
    await closed(store);
    // The stranger leaves the cache at the next write.
    expect((await decode(await readFile(cacheFile(dir)))).has(stranger)).toBe(false);
  });

  it("wakes a note taken from the cache from its file, and the edit is kept", async () => {
    const dir = await notesDir(30);
    await closed((await open(dir)).store);
    const { ws, store } = await open(dir);
    expect(store.report.cached).toBe(30);
    ws.contentText(docId(4))!.insert(0, "edited: ");
    await store.flush();
    await closed(store);
    const again = await open(dir);
    expect(again.store.report.cached).toBe(29);
    expect(again.ws.view(docId(4))!.raw).toBe(`edited: ${textOf(4)}`);
    await closed(again.store);
  });

  it("is read but never written by a read-only store, and not kept unless asked for", async () => {
    const dir = await notesDir(12);
    await closed((await open(dir, { readOnly: true })).store);
    await closed((await open(dir, { textCache: false })).store);
    // Asked for, but fewer notes than textCacheMinNotes (1000 unless said).
    const ws = new Workspace();
    await closed(await openStore(dir, { workspace: ws, textCache: true }));
    expect(await readdir(dir)).not.toContain(".lens");
    await closed((await open(dir)).store);
    const reader = await open(dir, { readOnly: true });
    expect(reader.store.report.cached).toBe(12);
    await closed(reader.store);
  });

  it("decodes what it encodes: any texts, stamps and flags", async () => {
    const row = fc.record({
      stamp: fc.record({
        size: fc.nat(),
        mtimeMs: fc.double({ min: 0, max: 4e12, noNaN: true }),
        ctimeMs: fc.double({ min: 0, max: 4e12, noNaN: true }),
        ino: fc.nat(),
      }),
      modifiedAt: fc.nat(),
      legacy: fc.boolean(),
      text: fc.string({ unit: "grapheme", maxLength: 300 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ minLength: 1 }), row), async (dict) => {
        const entries = new Map<string, CachedText>(Object.entries(dict));
        const back = await decodeTextCache(await bytesOf(entries));
        // Texts come back as their UTF-8 bytes, each in a buffer of its own (the workspace
        // keeps them), written again the same way.
        const asText = new Map(
          [...back].map(([k, c]) => [k, { ...c, text: asString(c.text) }] as const),
        );
        expect(asText).toEqual(entries);
        for (const c of back.values()) {
          expect(c.text).toBeInstanceOf(Uint8Array);
          expect((c.text as Uint8Array).byteLength).toBe((c.text as Uint8Array).buffer.byteLength);
        }
        expect(await bytesOf(back)).toEqual(await bytesOf(entries));
      }),
      { numRuns: 60 },
    );
  });

  it("leaves out a text with a lone surrogate (UTF-8 would not give it back)", async () => {
    const stamp = { size: 1, mtimeMs: 1, ctimeMs: 1, ino: 1 };
    const entries = new Map<string, CachedText>([
      ["whole", { stamp, modifiedAt: 1, legacy: false, text: "a 🚀 b" }],
      ["half", { stamp, modifiedAt: 1, legacy: false, text: "a \ud83d b" }],
    ]);
    const back = await decodeTextCache(await bytesOf(entries));
    expect([...back.keys()]).toEqual(["whole"]);
    expect(asString(back.get("whole")!.text)).toBe("a 🚀 b");
  });
});

function asString(text: string | Uint8Array): string {
  return typeof text === "string" ? text : Buffer.from(text).toString("utf8");
}

async function bytesOf(entries: Iterable<readonly [string, CachedText]>): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const p of encodeTextCache(entries)) pieces.push(p);
  return Buffer.concat(pieces);
}

function flip(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0xff;
  return copy;
}

/** A cache whose checksums hold but whose rows are not rows (a string for a flag). */
function badRows(): Map<string, CachedText> {
  const stamp = { size: 1, mtimeMs: 1, ctimeMs: 1, ino: 1 };
  return new Map([
    [docId(1), { stamp, modifiedAt: 1, legacy: "yes" as unknown as boolean, text: "t" }],
  ]);
}
