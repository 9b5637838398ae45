// An import that keeps what it replaces: the folder's state is written as a backup (see
// folderBackup.ts), then the vault is applied in the same tick as the last check that the
// folder is still what the backup holds. Edits that land while the backup is being written
// (a live server) are written into it too before the import goes ahead.
import { rm } from "node:fs/promises";
import type { Workspace } from "@lens/core";
import {
  type FolderSnapshot,
  sameSnapshot,
  snapshotFolder,
  writeFolderBackup,
} from "./folderBackup.js";
import {
  applyVault,
  type ImportOptions,
  type ImportReport,
  importFolderName,
  type VaultContents,
  vaultChanges,
} from "./import.js";

/** Rounds of "write the backup, look again" before giving up on a folder that keeps changing. */
const MAX_ROUNDS = 5;

export interface ReplaceOptions extends ImportOptions {
  /** A directory for the backup (created; removed again when the import replaced nothing). */
  backupDir: string;
  /** Written into the backup's manifest (why, by whom). */
  backupDetail?: Record<string, unknown>;
}

export interface ReplaceResult {
  report: ImportReport;
  /** The backup directory, when the import rewrote or removed something of the folder. */
  backup?: string;
  /** What the backup holds: the folder as it was. */
  replaced?: FolderSnapshot;
}

/**
 * Imports `contents` into the folder, keeping its former state in a backup first when the
 * import would rewrite or remove anything there (additions alone need none).
 */
export async function replaceFolder(
  ws: Workspace,
  contents: VaultContents,
  options: ReplaceOptions,
): Promise<ReplaceResult> {
  const name = importFolderName(options.folderName);
  let written: FolderSnapshot | undefined;
  for (let round = 0; round <= MAX_ROUNDS; round++) {
    // An import that only adds, or changes nothing (a server started again with the same
    // --import), replaces nothing: it needs no backup and is applied at once, in this tick.
    if (!written && !vaultChanges(ws, contents, options).replaces)
      return { report: applyVault(ws, contents, options) };
    const now = snapshotFolder(ws, name);
    if (!now || (written && sameSnapshot(now, written))) {
      // Nothing between this check and the change: applyVault is synchronous.
      let report: ImportReport;
      try {
        report = applyVault(ws, contents, options);
      } catch (e) {
        if (written) await rm(options.backupDir, { recursive: true, force: true });
        throw e;
      }
      const replaced = report.updated.length + report.removed.length > 0;
      if (!now || !replaced) {
        if (written) await rm(options.backupDir, { recursive: true, force: true });
        return { report };
      }
      return { report, backup: options.backupDir, replaced: now };
    }
    const previous = written?.folderDocId === now.folderDocId ? written : undefined;
    // Another folder under that name since the last round: start the backup afresh.
    if (written && !previous) await rm(options.backupDir, { recursive: true, force: true });
    await writeFolderBackup(options.backupDir, now, options.backupDetail, previous);
    written = now;
  }
  await rm(options.backupDir, { recursive: true, force: true });
  throw new Error(
    `folder "${name}" kept changing while its backup was written; nothing was imported, try again`,
  );
}
