// Markdown vault → folder: creates or updates one folder doc and its content docs from a
// directory of `.md` files, keeping ids of paths that already exist.
import { randomUUID } from "node:crypto";
import { open } from "node:fs/promises";
import {
  contentDocId,
  contentsText,
  deleteEntry,
  type FileMeta,
  FOLDER_CONFIG,
  isWakeDeferred,
  readEntries,
  setEntry,
  WakeDeferredError,
  type Workspace,
} from "@lens/core";
import { forEachLimit } from "../concurrency.js";
import type { Progress } from "../loadDir.js";
import { newDoc } from "../newDoc.js";
import { applyTextDiff } from "./textDiff.js";
import { listVault, type SkippedFile, type VaultItem, type VaultListing } from "./walk.js";

/** Origin of every transaction an import makes. */
export const IMPORT_ORIGIN = Symbol("lens-vault-import");

export interface ImportOptions {
  /** Display name of the folder; an existing folder of that name is updated in place. */
  folderName: string;
  /** Relay id for a new folder; default: the workspace's relay id, else a new UUID. */
  relayId?: string;
  onProgress?: (progress: Progress) => void;
}

export interface ImportReport {
  folderDocId: string;
  relayId: string;
  folderName: string;
  /** True when the folder did not exist before. */
  created: boolean;
  /** In-folder paths (`/a/b.md`) of new entries (markdown and folders). */
  added: string[];
  /** Markdown paths whose text changed (or whose missing content doc was recreated). */
  updated: string[];
  unchanged: number;
  /** Entries whose path no longer exists in the vault. */
  removed: string[];
  /**
   * Files left out: not markdown, not UTF-8, symlinks, NFC clashes, and notes whose stored
   * document failed to load (quarantined, never written over: repair or remove it first).
   */
  skipped: SkippedFile[];
}

interface MarkdownFile extends VaultItem {
  text: string;
  mtime: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export async function importVault(
  ws: Workspace,
  vaultDir: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const folderName = options.folderName.normalize("NFC").trim();
  if (!folderName || folderName.includes("/")) {
    throw new Error(`folder name "${options.folderName}" must be non-empty and contain no "/"`);
  }
  const listing = await listVault(vaultDir);
  const skipped: SkippedFile[] = [...listing.skipped];
  for (const o of listing.others) {
    skipped.push({ path: o.path, reason: "not markdown (Lens stores no attachments)" });
  }
  const files = await readMarkdown(listing.markdown, skipped, options.onProgress);

  // One workspace batch: link upkeep parses and resolves the new notes once, at its end,
  // instead of once per note and again when the folder arrives.
  return ws.batch(() => addVault(ws, folderName, listing, files, skipped, options));
}

function addVault(
  ws: Workspace,
  folderName: string,
  listing: VaultListing,
  files: MarkdownFile[],
  skipped: SkippedFile[],
  options: ImportOptions,
): ImportReport {
  const existing = ws.folderByName(folderName);
  if (existing && options.relayId && options.relayId !== existing.relayId) {
    throw new Error(`folder "${folderName}" already exists in relay ${existing.relayId}`);
  }
  const relayId = existing?.relayId ?? options.relayId ?? ws.folders()[0]?.relayId ?? randomUUID();
  const folderDoc = existing?.doc ?? newDoc();
  // Entries by NFC path (a client may have stored another normalisation), with the stored key.
  const entries = new Map<string, { key: string; meta: FileMeta }>();
  for (const [key, meta] of readEntries(folderDoc))
    entries.set(key.normalize("NFC"), { key, meta });
  const report: ImportReport = {
    folderDocId: existing?.docId ?? `${relayId}-${randomUUID()}`,
    relayId,
    folderName,
    created: !existing,
    added: [],
    updated: [],
    unchanged: 0,
    removed: [],
    skipped,
  };
  const toSet: Array<[string, FileMeta]> = [];
  wakeChanged(ws, relayId, entries, files);

  for (const dir of listing.dirs) {
    if (entries.get(dir.path)?.meta.type === "folder") continue;
    toSet.push([
      entries.get(dir.path)?.key ?? dir.path,
      { id: randomUUID(), type: "folder", version: 0 },
    ]);
    report.added.push(dir.path);
  }
  for (const file of files) {
    const found = entries.get(file.path);
    const meta = found?.meta;
    if (meta?.type !== "markdown") {
      const id = randomUUID();
      toSet.push([found?.key ?? file.path, { id, type: "markdown", version: 0 }]);
      addContent(ws, contentDocId(relayId, id), file);
      report.added.push(file.path);
      continue;
    }
    const docId = contentDocId(relayId, meta.id);
    // A note whose stored doc failed to load (quarantined: never written over) cannot take
    // the vault's text: a doc made under its id would never be saved. It is left as it is.
    const unavailable = ws.unavailableReason(docId);
    if (unavailable !== undefined && !ws.hasContent(docId)) {
      report.skipped.push({
        path: file.path,
        reason: `not imported: its stored document is unavailable (${unavailable})`,
      });
      continue;
    }
    // Unchanged text leaves a dormant doc asleep.
    if (ws.view(docId)?.raw === file.text) {
      report.unchanged++;
      continue;
    }
    const doc = ws.hasContent(docId) ? ws.getDoc(docId) : undefined;
    if (!doc) {
      addContent(ws, docId, file);
      report.updated.push(file.path);
    } else if (applyTextDiff(contentsText(doc), file.text, IMPORT_ORIGIN)) {
      ws.setMtime(docId, file.mtime);
      report.updated.push(file.path);
    } else report.unchanged++;
  }

  const onDisk = new Set<string>([
    ...listing.dirs.map((d) => d.path),
    ...files.map((f) => f.path),
    ...listing.others.map((o) => o.path),
    ...skipped.map((s) => s.path),
  ]);
  const toDelete = [...entries]
    .filter(([nfc, e]) => !onDisk.has(nfc) && !isHidden(e.key))
    .map(([, e]) => e.key);
  folderDoc.transact(() => {
    if (!existing) folderDoc.getMap(FOLDER_CONFIG).set("name", folderName);
    for (const p of toDelete) deleteEntry(folderDoc, p);
    // setEntry replaces an entry of another type at the same path (and fixes `docs` with it).
    for (const [p, meta] of toSet) setEntry(folderDoc, p, meta);
  }, IMPORT_ORIGIN);
  report.removed = toDelete.sort();
  report.added.sort();
  report.updated.sort();
  report.skipped.sort((a, b) => (a.path < b.path ? -1 : 1));
  if (!existing) ws.addFolder(report.folderDocId, folderDoc);
  return report;
}

/**
 * Wakes every dormant note whose text the import changes, before anything changes: one whose
 * file cannot be read right now throws (WakeDeferredError) and the import changes nothing.
 */
function wakeChanged(
  ws: Workspace,
  relayId: string,
  entries: Map<string, { meta: FileMeta }>,
  files: MarkdownFile[],
): void {
  for (const file of files) {
    const meta = entries.get(file.path)?.meta;
    if (meta?.type !== "markdown") continue;
    const docId = contentDocId(relayId, meta.id);
    if (!ws.isDormant(docId) || ws.view(docId)?.raw === file.text) continue;
    try {
      ws.getDoc(docId);
    } catch (error) {
      if (!isWakeDeferred(error)) throw error;
      const why = `${file.path}: ${error.message}; nothing was imported, try again`;
      throw new WakeDeferredError(docId, why, { cause: error });
    }
  }
}

function addContent(ws: Workspace, docId: string, file: MarkdownFile): void {
  const doc = newDoc();
  contentsText(doc).insert(0, file.text);
  ws.addDoc(docId, doc, "content");
  ws.setMtime(docId, file.mtime);
}

async function readMarkdown(
  items: VaultItem[],
  skipped: SkippedFile[],
  onProgress?: (p: Progress) => void,
): Promise<MarkdownFile[]> {
  const slots: Array<MarkdownFile | undefined> = new Array(items.length);
  let done = 0;
  onProgress?.({ done, total: items.length });
  await forEachLimit(items, 32, async (item, i) => {
    const fh = await open(item.abs, "r");
    try {
      const [bytes, st] = await Promise.all([fh.readFile(), fh.stat()]);
      try {
        slots[i] = { ...item, text: utf8.decode(bytes), mtime: Math.trunc(st.mtimeMs) };
      } catch {
        skipped.push({ path: item.path, reason: "not valid UTF-8 text" });
      }
    } finally {
      await fh.close();
    }
    onProgress?.({ done: ++done, total: items.length });
  });
  return slots.filter((f): f is MarkdownFile => f !== undefined);
}

/** Entries under a hidden name (`.obsidian/…`) are never listed, so never removed. */
function isHidden(entryPath: string): boolean {
  return entryPath.split("/").some((seg) => seg.startsWith("."));
}
