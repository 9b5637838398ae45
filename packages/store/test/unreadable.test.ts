// A dormant note whose file cannot be read at the moment it is woken (here: its data.ysweet
// made a directory, so the read fails with EISDIR, as it would with EMFILE or EIO) is not
// quarantined: it stays dormant with its text, whatever needed its Y.Doc fails with a
// retryable error naming the cause and changes nothing, and once the file reads again the next
// attempt wakes it and the change lands and is saved. A file unreadable when the store opens is
// skipped, and quarantined like a corrupt one: never written over, whatever arrives later.
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type CallContext,
  callTool,
  contentsText,
  isWakeDeferred,
  readEntries,
  SessionStore,
  WakeDeferredError,
  Workspace,
} from "@lens/core";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { decodeDocFile } from "../src/codec/docFile.js";
import { type DirStore, openStore } from "../src/dirStore.js";
import { importVault } from "../src/vault/import.js";
import { tempDir } from "./support/tmp.js";

const EISDIR =
  /^could not read .+data\.ysweet right now \(EISDIR: illegal operation on a directory, read\)$/;

interface Setup {
  dir: string;
  vault: string;
  ws: Workspace;
  store: DirStore;
  errors: string[];
  docOf: (path: string) => string;
  fileOf: (path: string) => string;
}

/** A data directory holding folder "Team" (Plan.md, Other.md), opened again: notes dormant. */
async function dormantVault(): Promise<Setup> {
  const vault = await tempDir("lens-vault-");
  await writeFile(join(vault, "Plan.md"), "one two\n");
  await writeFile(join(vault, "Other.md"), "other\n");
  const dir = await tempDir();
  const first = new Workspace();
  const writer = await openStore(dir, { workspace: first });
  await importVault(first, vault, { folderName: "Team" });
  await writer.close();
  const { ws, store, errors } = await openAgain(dir);
  expect(ws.dormantCount).toBe(2);
  const docOf = (path: string) => ws.paths.get(path)!.docId;
  const fileOf = (path: string) => join(dir, docOf(path), "data.ysweet");
  return { dir, vault, ws, store, errors, docOf, fileOf };
}

/** The data directory opened into a new workspace, the store's write errors collected. */
async function openAgain(
  dir: string,
): Promise<{ ws: Workspace; store: DirStore; errors: string[] }> {
  const ws = new Workspace();
  const errors: string[] = [];
  const store = await openStore(dir, {
    workspace: ws,
    flushDelayMs: 0,
    onError: (e) => errors.push(e.message),
  });
  return { ws, store, errors };
}

/** Makes `file` unreadable for real: a directory in its place. Returns what puts it back. */
async function unreadable(file: string): Promise<() => Promise<void>> {
  const bytes = await readFile(file);
  await rm(file);
  await mkdir(file);
  return async () => {
    // Still the directory made here, empty: nothing was written in its place.
    expect((await stat(file)).isDirectory()).toBe(true);
    expect(await readdir(file)).toEqual([]);
    await rm(file, { recursive: true });
    await writeFile(file, bytes);
  };
}

/** The note's text as its file holds it. */
async function textOnDisk(file: string): Promise<string> {
  return contentsText(decodeDocFile(await readFile(file)).doc).toString();
}

/** Nothing was dropped, marked, quarantined or written for `docId`. */
async function intact(s: Setup, path: string, text: string): Promise<void> {
  const docId = s.docOf(path);
  expect(s.ws.isDormant(docId)).toBe(true);
  expect(s.ws.view(docId)?.raw).toBe(text);
  expect(s.ws.unavailableReason(docId)).toBeUndefined();
  expect(s.store.quarantined.size).toBe(0);
  await s.store.flush();
  expect(s.store.writeCount).toBe(0);
  expect(s.store.dirtyCount).toBe(0);
  expect(s.errors).toEqual([]);
}

describe("a dormant note whose file cannot be read right now", () => {
  it("stays dormant: getDoc throws a retryable error naming the cause; the retry wakes", async () => {
    const s = await dormantVault();
    const docId = s.docOf("Team/Plan.md");
    const restore = await unreadable(s.fileOf("Team/Plan.md"));
    let thrown: unknown;
    try {
      s.ws.getDoc(docId);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WakeDeferredError);
    expect(isWakeDeferred(thrown)).toBe(true);
    expect(thrown).toMatchObject({ docId, retryable: true });
    expect((thrown as Error).message).toMatch(EISDIR);
    // Named from the data directory: a client never learns the server's own paths.
    expect((thrown as Error).message).toContain(`${docId}/data.ysweet`);
    expect((thrown as Error).message).not.toContain(s.dir);
    expect(() => s.ws.contentText(docId)).toThrow(WakeDeferredError);
    await intact(s, "Team/Plan.md", "one two\n");

    await restore();
    const text = s.ws.contentText(docId)!;
    expect(text.toString()).toBe("one two\n");
    text.insert(0, "zero ");
    await s.store.close();
    expect(await textOnDisk(s.fileOf("Team/Plan.md"))).toBe("zero one two\n");
  });

  it("refuses an edit as busy, changing nothing; the retry's edit lands and is saved", async () => {
    const s = await dormantVault();
    const ctx: CallContext = { workspace: s.ws, sessions: new SessionStore(), sessionId: "s" };
    expect(callTool(ctx, "read", { file_path: "Team/Plan.md" }).isError).toBeFalsy();
    const restore = await unreadable(s.fileOf("Team/Plan.md"));
    const edit = { file_path: "Team/Plan.md", old_string: "two", new_string: "three" };
    const refused = callTool(ctx, "edit", edit);
    expect(refused).toMatchObject({ isError: true, code: "busy" });
    const [lead, cause, tail] = refused.text.split(/: (.*)\. (?=Nothing)/);
    expect(lead).toBe("Team/Plan.md cannot be changed right now");
    expect(cause).toMatch(EISDIR);
    expect(tail).toBe("Nothing was changed; try again.");
    expect(refused.error?.details).toMatchObject({ retryable: true });
    // Still read and searched from its text.
    expect(callTool(ctx, "grep", { pattern: "two" }).text).toBe("Team/Plan.md");
    await intact(s, "Team/Plan.md", "one two\n");

    await restore();
    expect(callTool(ctx, "edit", edit).isError).toBeFalsy();
    await s.store.close();
    expect(await textOnDisk(s.fileOf("Team/Plan.md"))).toBe("one {--two--}{++three++}\n");
  });

  it("makes markDirty throw the retryable error with nothing queued; then it rewrites", async () => {
    const s = await dormantVault();
    const docId = s.docOf("Team/Plan.md");
    const restore = await unreadable(s.fileOf("Team/Plan.md"));
    expect(() => s.store.markDirty(docId)).toThrow(WakeDeferredError);
    await intact(s, "Team/Plan.md", "one two\n");
    await restore();
    expect(s.store.markDirty(docId)).toBe(true);
    await s.store.close();
    expect(s.store.writeCount).toBe(1);
    expect(await textOnDisk(s.fileOf("Team/Plan.md"))).toBe("one two\n");
  });

  it("fails an import that would change it before anything changes; the retry imports", async () => {
    const s = await dormantVault();
    await writeFile(join(s.vault, "Plan.md"), "one two, changed\n");
    await writeFile(join(s.vault, "Other.md"), "other, changed\n");
    await writeFile(join(s.vault, "New.md"), "new\n");
    const folder = s.ws.folderByName("Team")!;
    const entries = () => [...readEntries(folder.doc).keys()].sort();
    const before = entries();
    const restore = await unreadable(s.fileOf("Team/Plan.md"));
    const failed = importVault(s.ws, s.vault, { folderName: "Team" });
    await expect(failed).rejects.toThrow(WakeDeferredError);
    await expect(failed).rejects.toThrow(
      /^\/Plan\.md: could not read .*EISDIR.*nothing was imported, try again$/,
    );
    expect(entries()).toEqual(before);
    expect(s.ws.view(s.docOf("Team/Other.md"))?.raw).toBe("other\n");
    await intact(s, "Team/Plan.md", "one two\n");

    await restore();
    const report = await importVault(s.ws, s.vault, { folderName: "Team" });
    expect(report.added).toEqual(["/New.md"]);
    expect(report.updated).toEqual(["/Other.md", "/Plan.md"]);
    await s.store.close();
    expect(await textOnDisk(s.fileOf("Team/Plan.md"))).toBe("one two, changed\n");
  });
});

describe("a dormant note whose file is gone when woken", () => {
  it("is quarantined and dropped as before, the reason saying the file is gone", async () => {
    const s = await dormantVault();
    const docId = s.docOf("Team/Plan.md");
    await rm(s.fileOf("Team/Plan.md"));
    expect(s.ws.getDoc(docId)).toBeUndefined();
    expect(s.ws.hasContent(docId)).toBe(false);
    expect(s.ws.unavailableReason(docId)).toMatch(/its file is gone \(ENOENT: no such file/);
    expect(s.ws.unavailableReason(docId)).toContain(`'${docId}/data.ysweet'`);
    expect(s.ws.unavailableReason(docId)).not.toContain(s.dir);
    expect(s.store.quarantined.get(docId)).toMatch(/^its file is gone .*never written over$/);
    await s.store.close();
    expect(s.store.writeCount).toBe(0);
  });
});

describe("a note whose file cannot be read when the store opens", () => {
  it("is skipped as unreadable and quarantined: a doc of its id later is never written", async () => {
    const s = await dormantVault();
    await s.store.close();
    const docId = s.docOf("Team/Plan.md");
    const restore = await unreadable(s.fileOf("Team/Plan.md"));
    const { ws, store, errors } = await openAgain(s.dir);
    expect(store.report.skipped).toEqual([
      expect.objectContaining({ docId, reason: expect.stringMatching(/^unreadable: EISDIR/) }),
    ]);
    expect(store.quarantined.get(docId)).toMatch(/never written over/);
    expect(ws.unavailableReason(docId)).toMatch(/EISDIR/);
    expect(ws.unavailableReason(docId)).toContain(`repair or remove ${docId}/data.ysweet`);
    expect(ws.unavailableReason(docId)).not.toContain(s.dir);
    expect(ws.hasContent(docId)).toBe(false);
    const doc = new Y.Doc();
    contentsText(doc).insert(0, "would overwrite");
    ws.addDoc(docId, doc, "content");
    await store.close();
    expect(store.writeCount).toBe(0);
    expect(errors.join("\n")).toMatch(/quarantined/);
    await restore();
  });
});

describe("importing over a note whose stored file is quarantined", () => {
  it("skips that note, saying why, changes nothing of it, and imports the others", async () => {
    const s = await dormantVault();
    await s.store.close();
    const planId = s.docOf("Team/Plan.md");
    const corrupt = Buffer.from("not a y-sweet file at all");
    await writeFile(s.fileOf("Team/Plan.md"), corrupt);
    const { ws, store, errors } = await openAgain(s.dir);
    expect(store.quarantined.has(planId)).toBe(true);
    await writeFile(join(s.vault, "Plan.md"), "edited in the vault\n");
    await writeFile(join(s.vault, "Other.md"), "other, edited\n");
    const report = await importVault(ws, s.vault, { folderName: "Team" });
    expect(report.updated).toEqual(["/Other.md"]);
    expect(report.skipped).toEqual([
      {
        path: "/Plan.md",
        reason: expect.stringMatching(
          new RegExp(
            `^not imported: its stored document .*repair or remove ${planId}/data\\.ysweet`,
          ),
        ),
      },
    ]);
    // The entry stays, pointing at the quarantined doc; no doc was made under its id.
    expect(ws.paths.get("Team/Plan.md")?.docId).toBe(planId);
    expect(ws.hasContent(planId)).toBe(false);
    await store.close();
    expect(errors).toEqual([]);
    expect(await readFile(s.fileOf("Team/Plan.md"))).toEqual(corrupt);
    expect(await textOnDisk(join(s.dir, ws.paths.get("Team/Other.md")!.docId, "data.ysweet"))).toBe(
      "other, edited\n",
    );
  });
});
