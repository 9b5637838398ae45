// Where a doc lives in a data directory: `<dir>/<docId>/data.ysweet`.
import { join } from "node:path";
import { MAX_DOC_ID_LENGTH } from "@lens/core";

export const DATA_FILE = "data.ysweet";

/**
 * True when a doc id can be used as a directory name without escaping the data directory, and
 * is within core's one doc id limit (the one sync checks at its door).
 */
export function isStorableDocId(docId: string): boolean {
  return docId.length <= MAX_DOC_ID_LENGTH && /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(docId);
}

/** The directory of a doc; throws for ids that are not safe directory names. */
export function docDir(dataDir: string, docId: string): string {
  if (!isStorableDocId(docId)) throw new Error(`doc id "${docId}" is not a safe directory name`);
  return join(dataDir, docId);
}

export function docFile(dataDir: string, docId: string): string {
  return join(docDir(dataDir, docId), DATA_FILE);
}
