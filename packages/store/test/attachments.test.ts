// Attachments: a vault's non-markdown files imported as Relay blob entries, their bytes stored
// content-addressed in the data directory (`files/{docId}/{hash}`), exported byte for byte;
// re-import of unchanged files changes nothing; over the bound is refused, naming the file.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, stat, truncate, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { contentDocId, readEntries, setEntry, Workspace } from "@lens/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BLOB_DIR, blobFile } from "../src/attachments/blobDir.js";
import { dirBlobs } from "../src/attachments/blobStore.js";
import { attachmentKind } from "../src/attachments/kind.js";
import { MAX_ATTACHMENT_BYTES } from "../src/attachments/readAttachments.js";
import { openStore } from "../src/dirStore.js";
import { exportVault } from "../src/vault/export.js";
import { importVault } from "../src/vault/import.js";
import { tempDir } from "./support/tmp.js";

/** A valid 1×1 PNG (signature, IHDR, IDAT, IEND). */
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8ffff3f0005fe02fea7d6a4b50000000049454e44ae426082",
  "hex",
);

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

async function writeFiles(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), content);
  }
}

function entriesOf(ws: Workspace, name: string) {
  const folder = ws.folderByName(name)!;
  return { folder, entries: readEntries(folder.doc) };
}

describe("attachments", () => {
  it("are typed by extension, with their mimetype", () => {
    expect(attachmentKind("/a/B.PNG")).toEqual({ type: "image", mimetype: "image/png" });
    expect(attachmentKind("/x.pdf")).toEqual({ type: "pdf", mimetype: "application/pdf" });
    expect(attachmentKind("/b.canvas")).toEqual({ type: "canvas", mimetype: "application/json" });
    expect(attachmentKind("/s.mp3")).toEqual({ type: "audio", mimetype: "audio/mpeg" });
    expect(attachmentKind("/m.mp4")).toEqual({ type: "video", mimetype: "video/mp4" });
    expect(attachmentKind("/data.bin").type).toBe("file");
    expect(attachmentKind("/noext")).toEqual({
      type: "file",
      mimetype: "application/octet-stream",
    });
  });

  it("import as blob entries with their bytes in the data directory, export byte for byte, re-import changes nothing", async () => {
    const vault = await tempDir();
    const data = await tempDir();
    const random = randomBytes(100 * 1024);
    await writeFiles(vault, {
      "Note.md": "![[pic.png]]\n",
      "Images/pic.png": TINY_PNG,
      "blob.bin": random,
      "Board.canvas": '{"nodes":[],"edges":[]}',
      "empty.pdf": Buffer.alloc(0),
    });
    const ws = new Workspace();
    const report = await importVault(ws, vault, { folderName: "Team", blobs: dirBlobs(data) });
    expect(report.skipped).toEqual([]);
    expect(report.added).toEqual([
      "/Board.canvas",
      "/Images",
      "/Images/pic.png",
      "/Note.md",
      "/blob.bin",
      "/empty.pdf",
    ]);
    const { folder, entries } = entriesOf(ws, "Team");
    const pic = entries.get("/Images/pic.png")!;
    const mtime = Math.trunc((await stat(join(vault, "Images/pic.png"))).mtimeMs);
    expect(pic).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "image",
      version: 0,
      hash: sha256(TINY_PNG),
      mimetype: "image/png",
      synctime: mtime,
    });
    expect(entries.get("/Board.canvas")?.type).toBe("canvas");
    expect(entries.get("/empty.pdf")?.hash).toBe(sha256(Buffer.alloc(0)));
    const picDoc = contentDocId(folder.relayId, pic.id);
    expect(await readFile(join(data, BLOB_DIR, picDoc, pic.hash!))).toEqual(TINY_PNG);
    const bin = entries.get("/blob.bin")!;
    expect(await readFile(blobFile(data, contentDocId(folder.relayId, bin.id), bin.hash!))).toEqual(
      random,
    );

    // Re-import of the same vault: no Yjs update, same entries, blobs untouched.
    const blobTime = (await stat(join(data, BLOB_DIR, picDoc, pic.hash!))).mtimeMs;
    let updates = 0;
    folder.doc.on("update", () => updates++);
    const again = await importVault(ws, vault, { folderName: "Team", blobs: dirBlobs(data) });
    expect({ added: again.added, updated: again.updated, removed: again.removed }).toEqual({
      added: [],
      updated: [],
      removed: [],
    });
    expect(updates).toBe(0);
    expect((await stat(join(data, BLOB_DIR, picDoc, pic.hash!))).mtimeMs).toBe(blobTime);

    const out = await tempDir();
    const exported = await exportVault(ws, out, { blobs: dirBlobs(data) });
    expect(exported.missing).toEqual([]);
    expect(await readFile(join(out, "Team/Images/pic.png"))).toEqual(TINY_PNG);
    expect(await readFile(join(out, "Team/blob.bin"))).toEqual(random);
    expect(await readFile(join(out, "Team/empty.pdf"))).toEqual(Buffer.alloc(0));
    expect(await readFile(join(out, "Team/Board.canvas"), "utf8")).toBe('{"nodes":[],"edges":[]}');
    expect(Math.trunc((await stat(join(out, "Team/Images/pic.png"))).mtimeMs / 1000)).toBe(
      Math.trunc(mtime / 1000),
    );

    // A changed file keeps its entry's id and gets the new hash; the old blob stays.
    const next = randomBytes(2048);
    await writeFile(join(vault, "blob.bin"), next);
    const changed = await importVault(ws, vault, { folderName: "Team", blobs: dirBlobs(data) });
    expect(changed.updated).toEqual(["/blob.bin"]);
    const bin2 = entriesOf(ws, "Team").entries.get("/blob.bin")!;
    expect(bin2.id).toBe(bin.id);
    expect(bin2.hash).toBe(sha256(next));
    expect(
      await readFile(blobFile(data, contentDocId(folder.relayId, bin.id), bin2.hash!)),
    ).toEqual(next);
    expect(await readFile(blobFile(data, contentDocId(folder.relayId, bin.id), bin.hash!))).toEqual(
      random,
    );
  });

  it("refuses an attachment over 20 MiB, naming it and the bound, and imports the rest", async () => {
    const vault = await tempDir();
    const data = await tempDir();
    await writeFiles(vault, { "Note.md": "hi\n", "small.png": TINY_PNG, "big.bin": "" });
    await truncate(join(vault, "big.bin"), MAX_ATTACHMENT_BYTES + 1); // sparse: no 20 MiB written
    const ws = new Workspace();
    const report = await importVault(ws, vault, { folderName: "Team", blobs: dirBlobs(data) });
    expect(report.skipped).toEqual([
      {
        path: "/big.bin",
        reason: `attachment of ${MAX_ATTACHMENT_BYTES + 1} bytes is over the ${MAX_ATTACHMENT_BYTES} byte (20 MiB) bound for attachments; not imported`,
      },
    ]);
    expect([...entriesOf(ws, "Team").entries.keys()].sort()).toEqual(["/Note.md", "/small.png"]);
  });

  it("are skipped, saying why, without a data directory for their bytes", async () => {
    const vault = await tempDir();
    await writeFiles(vault, { "Note.md": "hi\n", "pic.png": TINY_PNG });
    const ws = new Workspace();
    const report = await importVault(ws, vault, { folderName: "Team" });
    expect(report.skipped).toEqual([
      { path: "/pic.png", reason: "not imported: no store for attachment bytes given" },
    ]);
  });

  it("leave the data directory loadable: files/ is no document, and the entries come back", async () => {
    const vault = await tempDir();
    const data = await tempDir();
    await writeFiles(vault, { "Note.md": "hi\n", "pic.png": TINY_PNG });
    const ws = new Workspace();
    const store = await openStore(data, { workspace: ws });
    await importVault(ws, vault, { folderName: "Team", blobs: dirBlobs(data) });
    await store.close();
    const ws2 = new Workspace();
    const again = await openStore(data, { workspace: ws2, readOnly: true });
    expect(again.report.skipped).toEqual([]);
    expect(again.report.ignored).toEqual([BLOB_DIR]);
    const out = await tempDir();
    await exportVault(ws2, out, { blobs: dirBlobs(data) });
    expect(await readFile(join(out, "Team/pic.png"))).toEqual(TINY_PNG);
    await again.close();
  });

  it("export lists an attachment whose bytes are not held as missing, writing nothing for it", async () => {
    const vault = await tempDir();
    const data = await tempDir();
    await writeFiles(vault, { "pic.png": TINY_PNG });
    const ws = new Workspace();
    await importVault(ws, vault, { folderName: "Team", blobs: dirBlobs(data) });
    const { folder } = entriesOf(ws, "Team");
    setEntry(folder.doc, "/uploaded.pdf", {
      id: "00000000-0000-4000-8000-0000000000ee",
      type: "pdf",
      version: 0,
      hash: "b".repeat(64),
      mimetype: "application/pdf",
      synctime: 1,
    });
    const out = await tempDir();
    const report = await exportVault(ws, out, { blobs: dirBlobs(data) });
    expect(report.written).toEqual(["Team/pic.png"]);
    expect(report.missing).toEqual(["Team/uploaded.pdf"]);
    await expect(stat(join(out, "Team/uploaded.pdf"))).rejects.toThrow();
    const none = await exportVault(ws, await tempDir());
    expect(none.skipped.map((s) => s.path)).toEqual(["Team/pic.png", "Team/uploaded.pdf"]);
  });

  it("round-trip any bytes: import then export is the identity", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 4096 }),
        fc.constantFrom("a.png", "b.pdf", "c.bin", "d", "Sub/e.mp3"),
        async (bytes, name) => {
          const vault = await tempDir();
          const data = await tempDir();
          await writeFiles(vault, { [name]: Buffer.from(bytes) });
          const ws = new Workspace();
          await importVault(ws, vault, { folderName: "F", blobs: dirBlobs(data) });
          const out = await tempDir();
          await exportVault(ws, out, { blobs: dirBlobs(data) });
          expect(await readFile(join(out, "F", name))).toEqual(Buffer.from(bytes));
        },
      ),
      { numRuns: 25 },
    );
  });
});
