// Vault import / export: nested folders, spaces, NFC and NFD names, CRLF, empty and BOM files,
// non-markdown files; export byte for byte; re-import keeps ids, edits minimally, no duplicates.
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import {
  contentDocId,
  contentsText,
  legacyDocsMap,
  readEntries,
  startLinkUpkeep,
  Workspace,
} from "@lens/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { openStore } from "../src/dirStore.js";
import { exportVault } from "../src/vault/export.js";
import { importVault } from "../src/vault/import.js";
import { textSplice } from "../src/vault/textDiff.js";
import { tempDir } from "./support/tmp.js";

const NFD_NAME = "Ame\u0301lie.md"; // on disk in NFD
const NFC_NAME = "Amélie.md";

const VAULT: Record<string, string | Buffer> = {
  "Home.md": "# Home\n\nSee [[Ideas]] and [[Café]].\n",
  "Café.md": "Crème brûlée ☕\n",
  [NFD_NAME]: "named in NFD on disk\n",
  "Notes/Ideas.md": "line one\r\nline two\r\n\r\nline four 🎉\r\n",
  "Notes/Sub dir/deep note.md": "deep\n",
  "日本語/メモ.md": "こんにちは\n",
  "empty.md": "",
  "bom.md": "\uFEFFstarts with a BOM\n",
  "image.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
  "latin1.md": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
  ".obsidian/app.json": "{}",
};

async function writeVault(root: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    await mkdir(join(root, rel, ".."), { recursive: true });
    await writeFile(join(root, rel), content);
  }
  await mkdir(join(root, "Empty Dir"), { recursive: true });
}

async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(join(d, e.name));
      else out.push(relative(root, join(d, e.name)));
    }
  };
  await walk(root);
  return out.sort();
}

const markdownOf = (files: Record<string, string | Buffer>) =>
  Object.entries(files).filter(([p]) => p.endsWith(".md") && p !== "latin1.md");

describe("vault import", () => {
  it("creates a folder with markdown and folder entries, NFC paths, docs in step", async () => {
    const vault = await tempDir("lens-vault-");
    await writeVault(vault, VAULT);
    const ws = new Workspace();
    const progress: number[] = [];
    const r = await importVault(ws, vault, {
      folderName: "Vault",
      onProgress: (p) => progress.push(p.done),
    });
    expect(r.created).toBe(true);
    expect(progress.at(-1)).toBe(9);
    const folder = ws.folder(r.folderDocId)!;
    expect(folder.name).toBe("Vault");
    expect(folder.relayId).toBe(r.relayId);
    const paths = [...ws.paths.entries()].map((l) => `${l.meta.type} ${l.path}`).sort();
    expect(paths).toEqual(
      [
        "folder Vault/Empty Dir",
        "folder Vault/Notes",
        "folder Vault/Notes/Sub dir",
        "folder Vault/日本語",
        "markdown Vault/Home.md",
        "markdown Vault/Café.md",
        `markdown Vault/${NFC_NAME}`,
        "markdown Vault/Notes/Ideas.md",
        "markdown Vault/Notes/Sub dir/deep note.md",
        "markdown Vault/日本語/メモ.md",
        "markdown Vault/empty.md",
        "markdown Vault/bom.md",
      ].sort(),
    );
    expect(r.skipped.map((s) => s.path).sort()).toEqual(["/image.png", "/latin1.md"]);
    const entries = readEntries(folder.doc);
    const docs = legacyDocsMap(folder.doc);
    for (const [p, meta] of entries) {
      if (meta.type === "markdown") expect(docs.get(p)).toBe(meta.id);
      else expect(docs.has(p)).toBe(false);
    }
    const ideas = ws.paths.get("Vault/Notes/Ideas.md")!;
    expect(ws.contentText(ideas.docId)!.toString()).toBe(VAULT["Notes/Ideas.md"]);
    expect(ideas.docId).toBe(contentDocId(r.relayId, ideas.meta.id));
    const mtime = (await stat(join(vault, "Notes/Ideas.md"))).mtimeMs;
    expect(ws.mtime(ideas.docId)).toBe(Math.trunc(mtime));
  });

  it("exports every markdown file byte for byte under its user-facing path", async () => {
    const vault = await tempDir("lens-vault-");
    await writeVault(vault, VAULT);
    const ws = new Workspace();
    await importVault(ws, vault, { folderName: "Vault" });
    const out = await tempDir("lens-export-");
    const r = await exportVault(ws, out);
    expect(r.missing).toEqual([]);
    expect(r.written).toHaveLength(8);
    const written = await listFiles(out);
    const want = markdownOf(VAULT)
      .map(([p]) => `Vault/${p.normalize("NFC")}`)
      .sort();
    expect(written).toEqual(want);
    for (const [p, content] of markdownOf(VAULT)) {
      const bytes = await readFile(join(out, "Vault", p.normalize("NFC")));
      expect(bytes.equals(Buffer.from(content))).toBe(true);
    }
    expect((await stat(join(out, "Vault", "Empty Dir"))).isDirectory()).toBe(true);
  });

  it("skips and reports filemeta keys a hostile client wrote (NUL, .., backslash), exports the rest", async () => {
    const vault = await tempDir("lens-vault-");
    await writeVault(vault, { "Good.md": "good\n" });
    const ws = new Workspace();
    await importVault(ws, vault, { folderName: "Vault" });
    const folder = ws.folderByName("Vault")!;
    const bad = ["/nul\u0000.md", "/../../escape.md", "/a\\..\\b.md"];
    for (const [i, key] of bad.entries()) {
      folder.doc.getMap("filemeta_v0").set(key, {
        id: `00000000-0000-4000-8000-00000000000${i}`,
        type: "markdown",
        version: 0,
      });
    }
    const root = await tempDir("lens-export-");
    const out = join(root, "out");
    const r = await exportVault(ws, out);
    expect(r.written).toEqual(["Vault/Good.md"]);
    expect(r.skipped.map((s) => s.path).sort()).toEqual(
      bad.map((k) => `Vault${JSON.stringify(k)}`).sort(),
    );
    expect(await listFiles(root)).toEqual(["out/Vault/Good.md"]);
  });

  it("persists through the store: import, close, reload, export", async () => {
    const vault = await tempDir("lens-vault-");
    await writeVault(vault, VAULT);
    const data = await tempDir();
    const ws = new Workspace();
    const store = await openStore(data, { workspace: ws });
    await importVault(ws, vault, { folderName: "Vault" });
    await store.close();
    const back = new Workspace();
    const again = await openStore(data, { workspace: back });
    expect(again.report.missingContent).toEqual([]);
    expect(again.report.orphans).toEqual([]);
    const out = await tempDir("lens-export-");
    await exportVault(back, out);
    for (const [p, content] of markdownOf(VAULT)) {
      const bytes = await readFile(join(out, "Vault", p.normalize("NFC")));
      expect(bytes.equals(Buffer.from(content))).toBe(true);
    }
    await again.close();
  });

  it("re-import updates in place: same ids, minimal edits, additions, removals, no duplicates", async () => {
    const vault = await tempDir("lens-vault-");
    await writeVault(vault, VAULT);
    const ws = new Workspace();
    const first = await importVault(ws, vault, { folderName: "Vault" });
    const idsBefore = new Map([...ws.paths.entries()].map((l) => [l.path, l.meta.id]));

    await writeFile(join(vault, "Notes/Ideas.md"), "line one\r\nline 2!\r\n\r\nline four 🎉\r\n");
    await rm(join(vault, "Home.md"));
    await rm(join(vault, "Empty Dir"), { recursive: true });
    await writeFile(join(vault, "Notes/New.md"), "brand new\n");
    const ideas = ws.paths.get("Vault/Notes/Ideas.md")!;
    const deltas: unknown[] = [];
    ws.contentText(ideas.docId)!.observe((e) => deltas.push(e.delta));

    const second = await importVault(ws, vault, { folderName: "Vault" });
    expect(second.created).toBe(false);
    expect(second.folderDocId).toBe(first.folderDocId);
    expect(second.relayId).toBe(first.relayId);
    expect(second.updated).toEqual(["/Notes/Ideas.md"]);
    expect(second.added).toEqual(["/Notes/New.md"]);
    expect(second.removed).toEqual(["/Empty Dir", "/Home.md"]);
    expect(second.unchanged).toBe(6);
    expect(deltas).toEqual([[{ retain: 15 }, { delete: 3 }, { insert: "2!" }]]);
    expect(ws.contentText(ideas.docId)!.toString()).toBe(
      "line one\r\nline 2!\r\n\r\nline four 🎉\r\n",
    );
    for (const loc of ws.paths.entries()) {
      const before = idsBefore.get(loc.path);
      if (before) expect(loc.meta.id).toBe(before);
    }
    const folder = ws.folder(first.folderDocId)!;
    const entries = readEntries(folder.doc);
    expect(entries.size).toBe(new Set([...entries.values()].map((m) => m.id)).size);
    expect([...legacyDocsMap(folder.doc).keys()].sort()).toEqual(
      [...entries]
        .filter(([, m]) => m.type === "markdown")
        .map(([p]) => p)
        .sort(),
    );
    expect(ws.folders()).toHaveLength(1);
  });

  it("re-importing an unchanged vault changes nothing", async () => {
    const vault = await tempDir("lens-vault-");
    await writeVault(vault, VAULT);
    const ws = new Workspace();
    startLinkUpkeep(ws);
    await importVault(ws, vault, { folderName: "Vault" });
    let updates = 0;
    for (const id of ws.docIds()) ws.getDoc(id)!.on("update", () => updates++);
    const r = await importVault(ws, vault, { folderName: "Vault" });
    expect(updates).toBe(0);
    expect([r.added, r.updated, r.removed]).toEqual([[], [], []]);
  });

  it("fills in content docs a folder lists but does not have, keeping the entry ids", async () => {
    const vault = await tempDir("lens-vault-");
    await writeVault(vault, { "a.md": "A\n" });
    const ws = new Workspace();
    const r = await importVault(ws, vault, { folderName: "Vault" });
    const loc = ws.paths.get("Vault/a.md")!;
    ws.removeDoc(loc.docId);
    const again = await importVault(ws, vault, { folderName: "Vault" });
    expect(again.updated).toEqual(["/a.md"]);
    expect(ws.paths.get("Vault/a.md")!.meta.id).toBe(loc.meta.id);
    expect(ws.contentText(loc.docId)!.toString()).toBe("A\n");
    // A second folder joins the same relay.
    const other = await importVault(ws, vault, { folderName: "Other" });
    expect(other.relayId).toBe(r.relayId);
    await expect(
      importVault(ws, vault, {
        folderName: "Other",
        relayId: "22222222-2222-4222-8222-222222222222",
      }),
    ).rejects.toThrow(/already exists/);
  });
});

describe("minimal text diff", () => {
  it("splices only the changed middle and never splits a surrogate pair", () => {
    const chars = fc.constantFrom("a", "b", "\r\n", "é", "🎉", "😀", "\uD83D\uDE01");
    const str = fc.array(chars, { maxLength: 20 }).map((a) => a.join(""));
    fc.assert(
      fc.property(str, str, (a, b) => {
        const s = textSplice(a, b);
        if (a === b) {
          expect(s).toBeUndefined();
          return;
        }
        const doc = new Y.Doc();
        const t = contentsText(doc);
        t.insert(0, a);
        t.delete(s!.index, s!.remove);
        t.insert(s!.index, s!.insert);
        expect(t.toString()).toBe(b);
        const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;
        expect(isLow(a.charCodeAt(s!.index))).toBe(false);
        expect(isLow(a.charCodeAt(s!.index + s!.remove))).toBe(false);
      }),
    );
  });
});
