// Typed accessors over a Relay folder doc: filemeta_v0, docs (legacy), backlinks_v0, folder_config.
import * as Y from "yjs";
import { parseDocId } from "./ids.js";

export const ENTRY_TYPES = [
  "markdown",
  "folder",
  "image",
  "file",
  "canvas",
  "pdf",
  "audio",
  "video",
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** One value of `filemeta_v0`. Blobs also carry hash / mimetype / synctime. */
export interface FileMeta {
  id: string;
  type: EntryType;
  version: number;
  hash?: string;
  mimetype?: string;
  synctime?: number;
}

export const FILEMETA = "filemeta_v0";
export const LEGACY_DOCS = "docs";
export const BACKLINKS = "backlinks_v0";
export const FOLDER_CONFIG = "folder_config";

export function filemetaMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(FILEMETA);
}
export function legacyDocsMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(LEGACY_DOCS);
}
export function backlinksMap(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap(BACKLINKS);
}

/** Reads a filemeta value given as a plain object or as a nested Y.Map; undefined if unusable. */
export function toFileMeta(value: unknown): FileMeta | undefined {
  const obj: Record<string, unknown> | undefined =
    value instanceof Y.Map
      ? (value.toJSON() as Record<string, unknown>)
      : value !== null && typeof value === "object"
        ? (value as Record<string, unknown>)
        : undefined;
  if (!obj || typeof obj.id !== "string") return undefined;
  const type = (ENTRY_TYPES as readonly string[]).includes(obj.type as string)
    ? (obj.type as EntryType)
    : "file";
  const meta: FileMeta = {
    id: obj.id,
    type,
    version: typeof obj.version === "number" ? obj.version : 0,
  };
  if (typeof obj.hash === "string") meta.hash = obj.hash;
  if (typeof obj.mimetype === "string") meta.mimetype = obj.mimetype;
  if (typeof obj.synctime === "number") meta.synctime = obj.synctime;
  return meta;
}

/** Longest in-folder path Lens serves, in UTF-16 code units. */
export const MAX_ENTRY_PATH = 1024;

/**
 * True for an in-folder path Lens serves (`/Notes/Ideas.md`): a leading slash, no empty, `.` or
 * `..` segment, no NUL or backslash, at most MAX_ENTRY_PATH long. Any client can write a
 * `filemeta_v0` key; one that fails this is never indexed, served or exported.
 */
export function isEntryPath(path: string): boolean {
  if (path.length < 2 || path.length > MAX_ENTRY_PATH || path[0] !== "/") return false;
  if (path.includes("\0") || path.includes("\\")) return false;
  for (const seg of path.slice(1).split("/")) {
    if (seg === "" || seg === "." || seg === "..") return false;
  }
  return true;
}

/** Every usable filemeta entry: in-folder path (leading slash) → meta. */
export function readEntries(doc: Y.Doc): Map<string, FileMeta> {
  const out = new Map<string, FileMeta>();
  for (const [path, value] of filemetaMap(doc)) {
    const meta = isEntryPath(path) ? toFileMeta(value) : undefined;
    if (meta) out.set(path, meta);
  }
  return out;
}

export function getEntry(doc: Y.Doc, path: string): FileMeta | undefined {
  return toFileMeta(filemetaMap(doc).get(path));
}

/**
 * Writes one entry to `filemeta_v0` and keeps the legacy `docs` map in step (markdown only),
 * in the caller's transaction or a new one.
 */
export function setEntry(doc: Y.Doc, path: string, meta: FileMeta, origin?: unknown): void {
  doc.transact(() => {
    filemetaMap(doc).set(path, { ...meta });
    const docs = legacyDocsMap(doc);
    if (meta.type === "markdown") docs.set(path, meta.id);
    else if (docs.has(path)) docs.delete(path);
  }, origin);
}

/** Removes one entry from `filemeta_v0` and `docs` together. */
export function deleteEntry(doc: Y.Doc, path: string, origin?: unknown): void {
  doc.transact(() => {
    filemetaMap(doc).delete(path);
    legacyDocsMap(doc).delete(path);
  }, origin);
}

/** Moves an entry to a new in-folder path, keeping its id, in one transaction. */
export function renameEntry(doc: Y.Doc, from: string, to: string, origin?: unknown): void {
  const meta = getEntry(doc, from);
  if (!meta) throw new Error(`no entry at ${from}`);
  doc.transact(() => {
    deleteEntry(doc, from);
    setEntry(doc, to, meta);
  }, origin);
}

/** The display name stored in `folder_config.name`, if any. */
export function configuredName(doc: Y.Doc): string | undefined {
  const name = doc.getMap(FOLDER_CONFIG).get("name");
  return typeof name === "string" && name.trim() !== "" ? name : undefined;
}

/** `backlinks_v0` as target uuid → source uuids. */
export function readBacklinks(doc: Y.Doc): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [target, value] of backlinksMap(doc)) {
    const arr = value instanceof Y.Array ? value.toArray() : value;
    if (Array.isArray(arr))
      out.set(
        target,
        arr.filter((s): s is string => typeof s === "string"),
      );
  }
  return out;
}

/**
 * Whether `doc`, held under `docId`, is a folder doc: the one rule the workspace, the store
 * (loading) and sync (a content doc given entries) use, so a doc never changes kind between a
 * live server and its restart. A folder doc has a Relay doc id (`relay-uuid`) and its
 * `filemeta_v0` holds items — entries now, or entries since deleted (a folder emptied is still
 * a folder) — or its `folder_config` names it. Only `doc.share` is asked: `getMap` on a
 * content doc would add empty root types to it.
 */
export function isFolderDoc(docId: string, doc: Y.Doc): boolean {
  if (!parseDocId(docId)) return false;
  if (holdsItems(doc.share.get(FILEMETA))) return true;
  return doc.share.has(FOLDER_CONFIG) && configuredName(doc) !== undefined;
}

/** True when a root type has an item, deleted ones included (a map key, a list item). */
function holdsItems(
  type: { _start: Y.Item | null; _map: Map<string, Y.Item> } | undefined,
): boolean {
  return type !== undefined && (type._start !== null || type._map.size > 0);
}
