// Markdown vault → folder: creates or updates one folder doc and its content docs from a
// directory of `.md` files, keeping ids of paths that already exist. Two steps: `readVault`
// reads the directory (async), `applyVault` changes the workspace (sync, one batch), so a
// caller can do something between them that must hold until the change (keep a backup).
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
import type { BlobStore } from "../attachments/blobStore.js";
import { type AttachmentFile, readAttachments } from "../attachments/readAttachments.js";
import type { BlobToStore } from "../attachments/storeBlobs.js";
import { storeBlobs } from "../attachments/storeBlobs.js";
import { forEachLimit } from "../concurrency.js";
import type { Progress } from "../loadDir.js";
import { newDoc } from "../newDoc.js";
import { IMPORT_ORIGIN } from "./origin.js";
import { applyTextDiff } from "./textDiff.js";
import { listVault, type SkippedFile, type VaultItem, type VaultListing } from "./walk.js";

export { IMPORT_ORIGIN };

export interface ImportOptions {
  /** Display name of the folder; an existing folder of that name is updated in place. */
  folderName: string;
  /** Relay id for a new folder; default: the workspace's relay id, else a new UUID. */
  relayId?: string;
  onProgress?: (progress: Progress) => void;
  /**
   * The folder's entries as a backup recorded them (restoring it): a path the folder lacks gets
   * back its recorded id (when no entry kept uses it), so a note the replaced import removed is
   * joined again to its own content doc; and recorded entries the vault has no file for
   * (attachments, notes whose content was missing) are kept, or put back, instead of removed.
   */
  restoreEntries?: ReadonlyMap<string, FileMeta>;
  /**
   * Where attachment bytes are stored (`dirBlobs(dataDir)`: `files/…` of a data directory);
   * without it `importVault` skips non-markdown files, saying so.
   */
  blobs?: BlobStore;
}

export interface ReadVaultOptions extends Pick<ImportOptions, "onProgress"> {
  /** Why non-markdown files are left out (e.g. no store for their bytes); absent: read them. */
  skipAttachments?: string;
}

/** A vault directory as read from disk, ready for `applyVault`. */
export interface VaultContents {
  listing: VaultListing;
  files: MarkdownFile[];
  /** Non-markdown files, hashed (none when the read skipped them). */
  attachments: AttachmentFile[];
  /** Files left out while reading (see `ImportReport.skipped`). */
  skipped: readonly SkippedFile[];
}

export interface ImportReport {
  folderDocId: string;
  relayId: string;
  folderName: string;
  /** True when the folder did not exist before. */
  created: boolean;
  /** In-folder paths (`/a/b.md`) of new entries (markdown, attachments and folders). */
  added: string[];
  /**
   * Markdown paths whose text changed (or whose missing content doc was recreated), and
   * attachments whose bytes changed.
   */
  updated: string[];
  unchanged: number;
  /** Entries whose path no longer exists in the vault, or that one of another type replaced. */
  removed: string[];
  /**
   * Files left out: attachments over the bound (or all, without a store for their bytes), not
   * UTF-8, symlinks, NFC clashes, notes whose stored document failed to load (quarantined,
   * never written over: repair or remove it first), attachments whose bytes were not stored.
   */
  skipped: SkippedFile[];
  /** The attachments of the vault, whose bytes must be stored (`storeBlobs`). */
  blobs: BlobToStore[];
}

export interface MarkdownFile extends VaultItem {
  text: string;
  mtime: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Reads a vault into a folder: `readVault`, then `applyVault`. */
export async function importVault(
  ws: Workspace,
  vaultDir: string,
  options: ImportOptions,
): Promise<ImportReport> {
  importFolderName(options.folderName);
  const { blobs } = options;
  const skipAttachments =
    blobs === undefined ? "not imported: no store for attachment bytes given" : undefined;
  const contents = await readVault(vaultDir, {
    ...options,
    ...(skipAttachments ? { skipAttachments } : {}),
  });
  const report = applyVault(ws, contents, options);
  if (blobs !== undefined) await storeBlobs(ws, report, blobs);
  return report;
}

/** The NFC folder name an import makes, or throws when it cannot be one. */
export function importFolderName(name: string): string {
  const folderName = name.normalize("NFC").trim();
  if (!folderName || folderName.includes("/")) {
    throw new Error(`folder name "${name}" must be non-empty and contain no "/"`);
  }
  return folderName;
}

/**
 * Lists and reads a vault directory: markdown files (UTF-8), with progress, and the other files
 * as attachments (hashed; unless `skipAttachments` says why not).
 */
export async function readVault(
  vaultDir: string,
  options: ReadVaultOptions = {},
): Promise<VaultContents> {
  const listing = await listVault(vaultDir);
  const skipped: SkippedFile[] = [...listing.skipped];
  const why = options.skipAttachments;
  if (why !== undefined)
    for (const o of listing.others) skipped.push({ path: o.path, reason: why });
  const attachments = why === undefined ? await readAttachments(listing.others, skipped) : [];
  const files = await readMarkdown(listing.markdown, skipped, options.onProgress);
  return { listing, files, attachments, skipped };
}

/**
 * Makes the folder `options.folderName` hold the vault read: creates it, or updates it in
 * place (same ids for the same paths; notes whose path the vault lacks are removed from it).
 * Synchronous, in one workspace batch: link upkeep parses and resolves the new notes once, at
 * its end, instead of once per note and again when the folder arrives.
 */
export function applyVault(
  ws: Workspace,
  contents: VaultContents,
  options: ImportOptions,
): ImportReport {
  const folderName = importFolderName(options.folderName);
  const { listing, files } = contents;
  return ws.batch(() =>
    addVault(ws, folderName, listing, files, contents.attachments, [...contents.skipped], options),
  );
}

/** What an import would do to a folder (see `vaultChanges`). */
export interface VaultChanges {
  /** It would add entries (the report's `added`). */
  adds: boolean;
  /** It would rewrite or remove something there now (the report's `updated` or `removed`). */
  replaces: boolean;
}

/**
 * What `applyVault` would do to the folder, found without changing anything: an import that
 * replaces nothing needs no backup. Exact, but for recorded entries (`restoreEntries`), which
 * count as additions even when one cannot take its id back.
 */
export function vaultChanges(
  ws: Workspace,
  contents: VaultContents,
  options: Pick<ImportOptions, "folderName" | "restoreEntries">,
): VaultChanges {
  const existing = ws.folderByName(importFolderName(options.folderName));
  if (!existing) return { adds: true, replaces: false };
  const out: VaultChanges = { adds: false, replaces: false };
  const entries = new Map<string, { key: string; meta: FileMeta }>();
  for (const [key, meta] of readEntries(existing.doc))
    entries.set(key.normalize("NFC"), { key, meta });
  const { listing, files } = contents;
  const dirs = new Set(listing.dirs.map((d) => d.path));
  for (const dir of dirs) {
    const type = entries.get(dir)?.meta.type;
    if (type === "folder") continue;
    out.adds = true;
    if (type !== undefined) out.replaces = true;
  }
  for (const file of files) {
    const meta = entries.get(file.path)?.meta;
    if (meta?.type !== "markdown") {
      out.adds = true;
      if (meta) out.replaces = true;
      continue;
    }
    const docId = contentDocId(existing.relayId, meta.id);
    if (!ws.hasContent(docId)) {
      if (ws.unavailableReason(docId) === undefined) out.replaces = true;
    } else if (ws.view(docId)?.raw !== file.text) out.replaces = true;
  }
  for (const a of contents.attachments) {
    const meta = entries.get(a.path)?.meta;
    if (meta?.type === a.type && meta.hash === a.hash) continue;
    out.adds ||= meta === undefined || !isAttachment(meta);
    out.replaces ||= meta !== undefined;
  }
  const recorded = [...(options.restoreEntries?.keys() ?? [])].map((p) => p.normalize("NFC"));
  if (recorded.some((p) => !entries.has(p) && !dirs.has(p))) out.adds = true;
  const onDisk = new Set<string>([
    ...dirs,
    ...files.map((f) => f.path),
    ...listing.others.map((o) => o.path),
    ...contents.skipped.map((s) => s.path),
    ...recorded,
  ]);
  for (const [nfc, e] of entries) if (!onDisk.has(nfc) && !isHidden(e.key)) out.replaces = true;
  return out;
}

function addVault(
  ws: Workspace,
  folderName: string,
  listing: VaultListing,
  files: MarkdownFile[],
  attachments: AttachmentFile[],
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
    blobs: [],
  };
  const toSet: Array<[string, FileMeta]> = [];
  const recorded = new Map<string, FileMeta>();
  for (const [p, m] of options.restoreEntries ?? []) recorded.set(p.normalize("NFC"), m);
  const onDisk = new Set<string>([
    ...listing.dirs.map((d) => d.path),
    ...files.map((f) => f.path),
    ...listing.others.map((o) => o.path),
    ...skipped.map((s) => s.path),
    ...recorded.keys(),
  ]);
  const reuse = recordedIds(ws, relayId, report.folderDocId, entries, onDisk, recorded);
  // The id of each new markdown entry, chosen before anything changes (see wakeChanged).
  const newIds = new Map<string, string>();
  for (const file of files) {
    if (entries.get(file.path)?.meta.type === "markdown") continue;
    newIds.set(file.path, reuse(file.path, "markdown") ?? randomUUID());
  }
  wakeChanged(ws, files, (file) => {
    const meta = entries.get(file.path)?.meta;
    const id = meta?.type === "markdown" ? meta.id : newIds.get(file.path);
    return id === undefined ? undefined : contentDocId(relayId, id);
  });

  // Entries of another type at a path the vault fills: replaced, so counted as removed too.
  const retyped: string[] = [];
  for (const dir of listing.dirs) {
    if (entries.get(dir.path)?.meta.type === "folder") continue;
    if (entries.has(dir.path)) retyped.push(entries.get(dir.path)!.key);
    toSet.push([
      entries.get(dir.path)?.key ?? dir.path,
      { id: reuse(dir.path, "folder") ?? randomUUID(), type: "folder", version: 0 },
    ]);
    report.added.push(dir.path);
  }
  for (const file of files) {
    const found = entries.get(file.path);
    const meta = found?.meta;
    if (meta?.type !== "markdown") {
      const id = newIds.get(file.path)!;
      if (found) retyped.push(found.key);
      toSet.push([found?.key ?? file.path, { id, type: "markdown", version: 0 }]);
      // A restored note's own content doc, still held (a removed entry leaves its doc), takes
      // the backup's text as an edit: sync clients that hold it stay in step.
      const docId = contentDocId(relayId, id);
      if (ws.hasContent(docId)) setText(ws, docId, file);
      else addContent(ws, docId, file);
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
    if (!ws.hasContent(docId)) {
      addContent(ws, docId, file);
      report.updated.push(file.path);
    } else if (setText(ws, docId, file)) report.updated.push(file.path);
    else report.unchanged++;
  }
  for (const a of attachments) {
    const found = entries.get(a.path);
    const meta = found?.meta;
    const kept = meta !== undefined && isAttachment(meta);
    if (found && !kept) retyped.push(found.key);
    const id = kept ? meta.id : (reuse(a.path, a.type) ?? randomUUID());
    const blob: BlobToStore = {
      path: a.path,
      docId: contentDocId(relayId, id),
      hash: a.hash,
      abs: a.abs,
    };
    report.blobs.push(blob);
    if (kept && meta.type === a.type && meta.hash === a.hash) {
      report.unchanged++;
      continue;
    }
    // As Relay writes a blob's entry; a changed file keeps its id, with the new hash.
    const next: FileMeta = {
      id,
      type: a.type,
      version: kept ? meta.version : 0,
      hash: a.hash,
      mimetype: a.mimetype,
      synctime: a.mtime,
    };
    blob.key = found?.key ?? a.path;
    if (meta) blob.before = meta;
    toSet.push([blob.key, next]);
    (kept ? report.updated : report.added).push(a.path);
  }
  // Recorded entries the vault has no file for (attachments; notes without content) come back.
  const vaultDirs = new Set(listing.dirs.map((d) => d.path));
  const attached = new Set(attachments.map((a) => a.path));
  for (const [p, meta] of recorded) {
    if (entries.has(p) || newIds.has(p) || vaultDirs.has(p) || attached.has(p)) continue;
    const id = meta.type === "markdown" || meta.type === "folder" ? reuse(p, meta.type) : meta.id;
    if (id === undefined) continue;
    toSet.push([p, { ...meta, id }]);
    report.added.push(p);
  }

  const toDelete = [...entries]
    .filter(([nfc, e]) => !onDisk.has(nfc) && !isHidden(e.key))
    .map(([, e]) => e.key);
  folderDoc.transact(() => {
    if (!existing) folderDoc.getMap(FOLDER_CONFIG).set("name", folderName);
    for (const p of toDelete) deleteEntry(folderDoc, p);
    // setEntry replaces an entry of another type at the same path (and fixes `docs` with it).
    for (const [p, meta] of toSet) setEntry(folderDoc, p, meta);
  }, IMPORT_ORIGIN);
  report.removed = [...toDelete, ...retyped].sort();
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
  files: MarkdownFile[],
  docIdOf: (file: MarkdownFile) => string | undefined,
): void {
  for (const file of files) {
    const docId = docIdOf(file);
    if (docId === undefined) continue;
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

/**
 * Gives a held content doc the file's text as a minimal edit; false when it had it already
 * (unchanged text leaves a dormant doc asleep).
 */
function setText(ws: Workspace, docId: string, file: MarkdownFile): boolean {
  if (ws.view(docId)?.raw === file.text) return false;
  const doc = ws.getDoc(docId);
  if (!doc || !applyTextDiff(contentsText(doc), file.text, IMPORT_ORIGIN)) return false;
  ws.setMtime(docId, file.mtime);
  return true;
}

/**
 * The recorded id a restored path may take back (once): of the same type, held by no entry
 * the folder keeps, listed by no other folder, and not a quarantined doc's.
 */
function recordedIds(
  ws: Workspace,
  relayId: string,
  folderDocId: string,
  entries: Map<string, { key: string; meta: FileMeta }>,
  onDisk: Set<string>,
  recorded: Map<string, FileMeta>,
): (path: string, type: FileMeta["type"]) => string | undefined {
  const taken = new Set<string>();
  for (const [nfc, e] of entries) if (onDisk.has(nfc) || isHidden(e.key)) taken.add(e.meta.id);
  return (path, type) => {
    const r = recorded.get(path);
    if (r?.type !== type || taken.has(r.id)) return undefined;
    if (type === "markdown") {
      const docId = contentDocId(relayId, r.id);
      if (ws.unavailableReason(docId) !== undefined && !ws.hasContent(docId)) return undefined;
      for (const f of ws.paths.foldersListing(docId)) if (f !== folderDocId) return undefined;
    }
    taken.add(r.id);
    return r.id;
  };
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

/** True for an entry holding bytes (image, pdf, …), not a note or a folder. */
function isAttachment(meta: FileMeta): boolean {
  return meta.type !== "markdown" && meta.type !== "folder";
}

/** Entries under a hidden name (`.obsidian/…`) are never listed, so never removed. */
function isHidden(entryPath: string): boolean {
  return entryPath.split("/").some((seg) => seg.startsWith("."));
}
