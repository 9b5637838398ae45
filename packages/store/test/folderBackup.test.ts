// An import that replaces a folder keeps it in a backup first, and restoring that backup gives
// the folder back: the same notes, texts (pending suggestions included), ids and content docs,
// attachments' entries too, even when it runs through the store and reloads in between.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { contentsText, readEntries, setEntry, Workspace } from "@lens/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openStore } from "../src/dirStore.js";
import { BACKUP_MANIFEST, readFolderBackup, snapshotFolder } from "../src/vault/folderBackup.js";
import { applyVault, importVault, readVault, vaultChanges } from "../src/vault/import.js";
import { replaceFolder } from "../src/vault/replaceFolder.js";
import { tempDir } from "./support/tmp.js";

const SUGGESTION = '{--{"author":"Claude"}@@Builds on--}{++{"author":"Claude"}@@Extends++}';

async function writeVault(files: Record<string, string>): Promise<string> {
  const root = await tempDir("lens-vault-");
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(join(root, rel, ".."), { recursive: true });
    await writeFile(join(root, rel), text);
  }
  return root;
}

/** Entry path → [type, id] and markdown path → text: everything a restore must give back. */
function state(ws: Workspace, folder: string) {
  const f = ws.folderByName(folder)!;
  const entries = Object.fromEntries(
    [...readEntries(f.doc)].map(([p, m]) => [p, [m.type, m.id]] as const),
  );
  const texts = Object.fromEntries(
    [...ws.paths.folderEntries(f.docId)]
      .filter((l) => l.meta.type === "markdown")
      .map((l) => [l.path, ws.view(l.docId)?.raw]),
  );
  return { entries, texts };
}

async function researchWorkspace(): Promise<Workspace> {
  const ws = new Workspace();
  const vault = await writeVault({
    "Paper.md": "# Paper\n\nBuilds on [[Plans]].\n",
    "Notes/Draft.md": "draft\n",
  });
  await importVault(ws, vault, { folderName: "Research" });
  // A pending suggestion, and an attachment's entry no vault holds.
  const paper = ws.paths.get("Research/Paper.md")!;
  const text = contentsText(ws.getDoc(paper.docId)!);
  text.delete(10, "Builds on".length);
  text.insert(10, SUGGESTION);
  setEntry(ws.folderByName("Research")!.doc, "/figure.png", {
    id: "11111111-1111-4111-8111-111111111111",
    type: "image",
    version: 0,
    hash: "abc",
  });
  return ws;
}

describe("replacing a folder keeps a backup that restores it", () => {
  it("round trip: replace, then restore the backup, gives back notes, suggestions, ids and docs", async () => {
    const ws = await researchWorkspace();
    const before = state(ws, "Research");
    const paperDocId = ws.paths.get("Research/Paper.md")!.docId;
    const other = await writeVault({ "Fresh.md": "fresh\n", "Paper.md": "# Other paper\n" });
    const backupDir = join(await tempDir("lens-backups-"), "b1");
    const replaced = await replaceFolder(ws, await readVault(other), {
      folderName: "Research",
      backupDir,
    });
    expect(replaced.backup).toBe(backupDir);
    expect(replaced.report.added).toEqual(["/Fresh.md"]);
    expect(replaced.report.updated).toEqual(["/Paper.md"]);
    expect(replaced.report.removed).toEqual(["/Notes", "/Notes/Draft.md", "/figure.png"]);
    expect(ws.view(paperDocId)?.raw).toBe("# Other paper\n");

    // The backup is a readable vault: the raw text, suggestion included.
    expect(await readFile(join(backupDir, "vault", "Paper.md"), "utf8")).toContain(SUGGESTION);
    const backup = await readFolderBackup(backupDir);
    expect(backup.manifest.folder).toBe("Research");
    expect(backup.manifest.notes).toBe(2);

    const restored = await replaceFolder(ws, await readVault(backup.vault), {
      folderName: backup.manifest.folder,
      restoreEntries: backup.entries,
      backupDir: join(backupDir, "..", "b2"),
    });
    expect(state(ws, "Research")).toEqual(before);
    // The same content doc, edited back: a sync client holding it stays in step.
    expect(ws.paths.get("Research/Paper.md")!.docId).toBe(paperDocId);
    expect(restored.report.removed).toEqual(["/Fresh.md"]);
    // Restoring kept what it replaced, too.
    expect(restored.backup).toBeDefined();
    expect(await readFile(join(restored.backup!, "vault", "Fresh.md"), "utf8")).toBe("fresh\n");
  });

  it("an edit made while the backup is written is in the backup before the import goes ahead", async () => {
    const ws = await researchWorkspace();
    const draft = ws.paths.get("Research/Notes/Draft.md")!;
    const other = await readVault(await writeVault({ "Fresh.md": "fresh\n" }));
    const backupDir = join(await tempDir("lens-backups-"), "b");
    const replacing = replaceFolder(ws, other, { folderName: "Research", backupDir });
    // The first snapshot is taken; its files are being written.
    contentsText(ws.getDoc(draft.docId)!).insert(0, "late edit\n");
    const { backup } = await replacing;
    expect(await readFile(join(backup!, "vault", "Notes", "Draft.md"), "utf8")).toBe(
      "late edit\ndraft\n",
    );
  });

  it("a replace that changes nothing, or only adds, keeps no backup; a new folder needs none", async () => {
    const ws = new Workspace();
    const vault = await writeVault({ "a.md": "A\n" });
    const root = await tempDir("lens-backups-");
    const first = await replaceFolder(ws, await readVault(vault), {
      folderName: "V",
      backupDir: join(root, "one"),
    });
    expect(first.backup).toBeUndefined();
    const again = await replaceFolder(ws, await readVault(vault), {
      folderName: "V",
      backupDir: join(root, "two"),
    });
    expect(again.backup).toBeUndefined();
    expect(again.report.unchanged).toBe(1);
    await writeFile(join(vault, "b.md"), "B\n");
    const adds = await replaceFolder(ws, await readVault(vault), {
      folderName: "V",
      backupDir: join(root, "three"),
    });
    expect(adds.report.added).toEqual(["/b.md"]);
    expect(adds.backup).toBeUndefined();
    expect(await readdir(root)).toEqual([]);
  });

  it("persists: replace through the store, reload, restore from the backup on disk", async () => {
    const data = await tempDir();
    const ws = await researchWorkspace();
    const before = state(ws, "Research");
    const store = await openStore(data, { workspace: ws });
    await store.flush();
    const backupDir = join(data, ".lens", "backups", "b");
    const other = await readVault(await writeVault({ "Fresh.md": "fresh\n" }));
    await replaceFolder(ws, other, { folderName: "Research", backupDir });
    await store.close();
    expect(JSON.parse(await readFile(join(backupDir, BACKUP_MANIFEST), "utf8")).notes).toBe(2);

    const back = new Workspace();
    const reopened = await openStore(data, { workspace: back });
    expect(reopened.report.skipped).toEqual([]);
    const backup = await readFolderBackup(backupDir);
    await replaceFolder(back, await readVault(backup.vault), {
      folderName: "Research",
      restoreEntries: backup.entries,
      backupDir: join(data, ".lens", "backups", "c"),
    });
    expect(state(back, "Research")).toEqual(before);
    await reopened.close();
  });

  it("refuses a directory that is no backup", async () => {
    const dir = await tempDir();
    await expect(readFolderBackup(dir)).rejects.toThrow(/is not a Lens folder backup/);
    expect(snapshotFolder(new Workspace(), "Nope")).toBeUndefined();
  });
});

describe("vaultChanges", () => {
  // "x.md" is a note in one vault and a directory in another: an entry replaced by one of
  // another type.
  const vaultArb = fc
    .dictionary(
      fc.constantFrom("a.md", "b.md", "d/c.md", "d/e/f.md", "g.txt", "x.md", "x.md/y.md"),
      fc.constantFrom("one\n", "two\n", ""),
    )
    .filter((v) => !("x.md" in v && "x.md/y.md" in v));

  it("says exactly whether an import would add to the folder, and whether it would replace anything there (property)", async () => {
    const root = await tempDir("lens-vaults-");
    let n = 0;
    const write = async (files: Record<string, string>) => {
      const dir = join(root, String(n++));
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      for (const [rel, text] of Object.entries(files)) {
        await mkdir(join(dir, rel, ".."), { recursive: true });
        await writeFile(join(dir, rel), text);
      }
      return readVault(dir);
    };
    await fc.assert(
      fc.asyncProperty(vaultArb, vaultArb, async (first, second) => {
        const ws = new Workspace();
        applyVault(ws, await write(first), { folderName: "V" });
        const next = await write(second);
        const predicted = vaultChanges(ws, next, { folderName: "V" });
        const r = applyVault(ws, next, { folderName: "V" });
        expect(predicted).toEqual({
          adds: r.added.length > 0,
          replaces: r.updated.length + r.removed.length > 0,
        });
      }),
      { numRuns: 100 },
    );
  });
});
