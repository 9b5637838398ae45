// Vaults into folders under the rules of `lens import` and `lens restore`, wherever the import
// runs (the CLI holding the data directory, or a running server, asked through its control
// socket): a folder that exists is refused unless `replace` is given; a folder replaced is
// kept first in a backup under DATA/.lens/backups/ that `lens restore` puts back; each import
// that changed something is in the audit log.
import { existsSync, mkdirSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { AuditAction, AuditLog } from "@lens/access";
import type { Workspace } from "@lens/core";
import {
  applyVault,
  type BlobStore,
  type ImportReport,
  readFolderBackup,
  readVault,
  replaceFolder,
  type SkippedFile,
  storeBlobs,
  type VaultContents,
} from "@lens/store";
import { ConfigError } from "../cli/config.js";
import type { Progress } from "../cli/progress.js";

/** Why an import without a blob store leaves attachments out. */
export const NO_BLOB_STORE = "not imported: no store for attachment bytes here";

/** Where backups of replaced folders go. */
export function backupsDir(dataDir: string): string {
  return join(dataDir, ".lens", "backups");
}

export interface FolderImportContext {
  workspace: Workspace;
  dataDir: string;
  /**
   * Where attachment bytes are stored (`files/…` of the data directory or of the cluster's
   * bucket); unset: imports skip attachments, saying so.
   */
  blobs?: BlobStore;
  audit: AuditLog;
  /** Makes every change durable (the store's flush). */
  flush(): Promise<void>;
  /** Who asked, for the audit log. */
  who: string;
  /** Progress of reading a vault, by label ("importing Research"). */
  progress?: (label: string) => { update(p: Progress): void; stop(): void };
}

/** One vault for one folder: an absolute directory and the folder's name. */
export interface FolderVault {
  dir: string;
  name: string;
}

export interface FolderImportRequest {
  vaults: FolderVault[];
  /** Replace folders that exist (else they are refused). */
  replace: boolean;
}

/** What one import did: what `lens import` prints and the audit log keeps. */
export interface FolderImportOutcome {
  action: Extract<AuditAction, "folder.import" | "folder.replace" | "folder.restore">;
  /** The vault directory (a backup's `vault/` for a restore). */
  vault: string;
  folder: string;
  created: boolean;
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  skipped: SkippedFile[];
  /** The backup keeping what was replaced, when something was. */
  backup?: string;
  /** The backup restored (restore only). */
  restoredFrom?: string;
}

/** A folder that exists, imported into without `replace`: refused before anything is written. */
export class FolderExistsError extends ConfigError {
  override name = "FolderExistsError";
  constructor(
    readonly folder: string,
    readonly notes: number,
  ) {
    super(
      `folder "${folder}" already exists with ${notes} note${notes === 1 ? "" : "s"}; pass --replace to replace it (its current notes are kept in a backup you can restore)`,
    );
  }
}

/** How many notes (markdown entries) the folder `name` holds, or undefined if there is none. */
export function folderNotes(workspace: Workspace, name: string): number | undefined {
  const folder = workspace.folderByName(name.normalize("NFC").trim());
  if (!folder) return undefined;
  let notes = 0;
  for (const loc of workspace.paths.folderEntries(folder.docId)) {
    if (loc.meta.type === "markdown") notes++;
  }
  return notes;
}

/**
 * Checks a request before anything is read or written: names usable and distinct, and, without
 * `replace`, no folder that exists (FolderExistsError).
 */
export function checkImport(workspace: Workspace, request: FolderImportRequest): void {
  const seen = new Set<string>();
  for (const v of request.vaults) {
    const name = v.name.normalize("NFC").trim();
    if (!name || name.includes("/")) {
      throw new ConfigError(`folder name "${v.name}" must be non-empty and contain no "/"`);
    }
    if (seen.has(name)) throw new ConfigError(`folder "${name}" is named twice`);
    seen.add(name);
    if (!isAbsolute(v.dir)) throw new ConfigError(`the vault ${v.dir} must be an absolute path`);
    const notes = folderNotes(workspace, name);
    if (notes !== undefined && !request.replace) throw new FolderExistsError(name, notes);
  }
}

/**
 * Imports vaults as folders, all in one workspace batch (link upkeep resolves the new notes
 * once), then makes them durable and audits them. A folder that exists is replaced only with
 * `request.replace`, after its backup is written.
 */
export async function importFolders(
  ctx: FolderImportContext,
  request: FolderImportRequest,
): Promise<FolderImportOutcome[]> {
  checkImport(ctx.workspace, request);
  const read: Array<{ vault: FolderVault; contents: VaultContents }> = [];
  for (const vault of request.vaults)
    read.push({ vault, contents: await readVaultDir(ctx, vault) });
  const outcomes: FolderImportOutcome[] = [];
  const endBatch = ctx.workspace.beginBatch();
  try {
    for (const { vault, contents } of read) {
      const notes = folderNotes(ctx.workspace, vault.name);
      const existed = notes !== undefined;
      // Made meanwhile (a sync client, while the vaults were read): refused all the same.
      if (existed && !request.replace) throw new FolderExistsError(vault.name, notes);
      const done = existed
        ? await replaceFolder(ctx.workspace, contents, {
            folderName: vault.name,
            backupDir: newBackupDir(ctx.dataDir, vault.name),
            backupDetail: { replacedBy: vault.dir, by: ctx.who },
          })
        : { report: applyVault(ctx.workspace, contents, { folderName: vault.name }) };
      if (ctx.blobs) await storeBlobs(ctx.workspace, done.report, ctx.blobs);
      const action = existed ? "folder.replace" : "folder.import";
      outcomes.push(outcome(action, vault.dir, done.report, done.backup));
    }
  } finally {
    endBatch();
    // What was imported before a failure is made durable and audited all the same.
    await ctx.flush();
    await audit(ctx, outcomes);
  }
  return outcomes;
}

/**
 * Puts a backup back: its folder becomes what the backup holds (notes under their own ids and
 * content docs), and what it replaces is kept in a new backup, so a restore can be undone.
 * `backup` is a backup directory, or the name of one under DATA/.lens/backups.
 */
export async function restoreFolder(
  ctx: FolderImportContext,
  backup: string,
): Promise<FolderImportOutcome> {
  const dir = resolveBackup(ctx.dataDir, backup);
  const kept = await readFolderBackup(dir).catch((e: Error) => {
    throw new ConfigError(e.message);
  });
  const name = kept.manifest.folder;
  const contents = await readVaultDir(ctx, { dir: kept.vault, name });
  const existing = ctx.workspace.folderByName(name);
  const endBatch = ctx.workspace.beginBatch();
  let done: Awaited<ReturnType<typeof replaceFolder>>;
  try {
    done = await replaceFolder(ctx.workspace, contents, {
      folderName: name,
      restoreEntries: kept.entries,
      // A folder gone since keeps its relay: its notes come back under their own doc ids.
      ...(existing ? {} : { relayId: kept.manifest.relayId }),
      backupDir: newBackupDir(ctx.dataDir, name),
      backupDetail: { replacedBy: dir, by: ctx.who },
    });
    if (ctx.blobs) await storeBlobs(ctx.workspace, done.report, ctx.blobs);
  } finally {
    endBatch();
  }
  await ctx.flush();
  const result: FolderImportOutcome = {
    ...outcome("folder.restore", kept.vault, done.report, done.backup),
    restoredFrom: dir,
  };
  await audit(ctx, [result]);
  return result;
}

/** True for what may be a backup's name (no path separator, no leading dot), not a path. */
export function isBackupName(backup: string): boolean {
  return !/[/\\]/.test(backup) && !backup.startsWith(".");
}

/** A backup named by path, or by its name under DATA/.lens/backups (first). */
export function resolveBackup(dataDir: string, backup: string): string {
  const named = join(backupsDir(dataDir), backup);
  if (isBackupName(backup) && existsSync(named)) return named;
  const asPath = resolve(backup);
  if (existsSync(asPath)) return asPath;
  throw new ConfigError(
    `no backup ${backup} (neither a directory nor a name in ${backupsDir(dataDir)})`,
  );
}

/** The line `lens import` and `lens restore` print for one outcome. */
export function outcomeLine(o: FolderImportOutcome, dataDir: string): string {
  // Files left out (an attachment over the bound, …) are counted here; the log names each.
  const skipped = o.skipped.length ? `, skipped ${o.skipped.length} (see the warnings)` : "";
  const counts = `added ${o.added}, updated ${o.updated}, removed ${o.removed}${skipped}`;
  const head =
    o.action === "folder.restore"
      ? `Restored "${o.folder}" from ${o.restoredFrom} into ${dataDir}: ${counts}`
      : `Imported ${o.vault} as "${o.folder}" into ${dataDir}: ${counts}`;
  if (!o.backup) return head;
  const name = o.backup.slice(backupsDir(dataDir).length + 1);
  return `${head}; the notes it replaced are kept in ${o.backup} (\`lens restore --data ${dataDir} ${name}\` puts them back)`;
}

async function readVaultDir(ctx: FolderImportContext, vault: FolderVault): Promise<VaultContents> {
  const bar = ctx.progress?.(`importing ${vault.name}`);
  try {
    return await readVault(vault.dir, {
      onProgress: (p) => bar?.update(p),
      ...(ctx.blobs ? {} : { skipAttachments: NO_BLOB_STORE }),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new ConfigError(`no vault directory at ${vault.dir}`);
    }
    throw e;
  } finally {
    bar?.stop();
  }
}

function outcome(
  action: FolderImportOutcome["action"],
  vault: string,
  report: ImportReport,
  backup: string | undefined,
): FolderImportOutcome {
  return {
    action,
    vault,
    folder: report.folderName,
    created: report.created,
    added: report.added.length,
    updated: report.updated.length,
    removed: report.removed.length,
    unchanged: report.unchanged,
    skipped: report.skipped,
    ...(backup ? { backup } : {}),
  };
}

/** One entry per import that changed something (a no-op import leaves no trace). */
async function audit(ctx: FolderImportContext, outcomes: FolderImportOutcome[]): Promise<void> {
  const changed = outcomes.filter((o) => o.added + o.updated + o.removed > 0 || o.created);
  if (changed.length === 0) return;
  await ctx.audit.record(
    ...changed.map((o) => ({
      who: ctx.who,
      action: o.action,
      path: o.folder,
      outcome: "ok",
      detail: {
        vault: o.vault,
        added: o.added,
        updated: o.updated,
        removed: o.removed,
        ...(o.backup ? { backup: o.backup } : {}),
        ...(o.restoredFrom ? { restoredFrom: o.restoredFrom } : {}),
      },
    })),
  );
}

/** A new directory name under DATA/.lens/backups: `<UTC time>-<folder>`, numbered if taken. */
function newBackupDir(dataDir: string, folder: string): string {
  const root = backupsDir(dataDir);
  mkdirSync(root, { recursive: true, mode: 0o700 });
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
  const slug = folder.replace(/[^\p{L}\p{N}._-]+/gu, "_").slice(0, 64) || "folder";
  let name = `${stamp}-${slug}`;
  for (let n = 2; existsSync(join(root, name)); n++) name = `${stamp}-${slug}-${n}`;
  return join(root, name);
}
