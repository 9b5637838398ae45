// The data half of the composition root: locks a data directory, makes the Workspace, starts
// its link upkeep (unless read-only), loads it through the store (with progress and a load
// report), seeds or imports vaults, and closes it after a flush.
import { existsSync, mkdirSync } from "node:fs";
import { basename, resolve } from "node:path";
import { startLinkUpkeep, Workspace } from "@lens/core";
import { type DirStore, formatLoadReport, importVault, openStore } from "@lens/store";
import { ConfigError, type DataConfig, type VaultImport } from "../cli/config.js";
import {
  chooseDataDir,
  type DataDirChoice,
  sampleVaultDir,
  sampleVaultFolders,
} from "../cli/dataDir.js";
import { type DirLock, lockDataDir } from "../cli/dirLock.js";
import { progressReporter } from "../cli/progress.js";
import type { Log } from "../log.js";

export interface OpenedData {
  workspace: Workspace;
  store: DirStore;
  choice: DataDirChoice;
  /** Flushes every document, stops persisting and releases the directory. */
  close(): Promise<void>;
}

export interface OpenDataOptions {
  cwd?: string;
  /** Seed and apply `config.imports` (serve and stdio); import/export pass false. */
  applyImports?: boolean;
  /**
   * Only read (export): the directory must exist; no lock is taken (so it can run beside a
   * server), no backlink upkeep runs and no file is written.
   */
  readOnly?: boolean;
  /** Create a missing directory without --init (import, which fills it). */
  create?: boolean;
  /** Where the default data directory is (tests); default `.lens-data` (see dataDir.ts). */
  defaultDir?: string;
}

export async function openData(
  config: DataConfig,
  log: Log,
  options: OpenDataOptions = {},
): Promise<OpenedData> {
  const choice = chooseDataDir(config, options.cwd, options.defaultDir);
  if (!existsSync(choice.dir)) createDataDir(choice, config, options, log);
  const readOnly = options.readOnly === true;
  const lock: DirLock = readOnly ? { release: () => {} } : await lockDataDir(choice.dir);
  try {
    const workspace = new Workspace({
      folderNames: config.folderNames,
      ...(config.author ? { author: config.author } : {}),
    });
    // Before loading, so backlinks_v0 follows every document as it arrives (SPEC §5).
    if (!readOnly) startLinkUpkeep(workspace);
    log.info({ dir: choice.dir, source: choice.source }, "loading data directory");
    const loading = progressReporter("loading documents", log);
    let store: DirStore;
    try {
      store = await openStore(choice.dir, {
        workspace,
        readOnly,
        onProgress: (p) => loading.update(p),
        onError: (err, docId) => log.error({ err, docId }, "writing a document failed; will retry"),
      });
    } finally {
      loading.stop();
    }
    logLoadReport(store, log);

    if (options.applyImports !== false) {
      const vaults: VaultImport[] = [];
      if (choice.seed) {
        const sample = sampleVaultDir();
        if (sample) {
          log.info({ dir: choice.dir }, "empty data directory: seeding it with the sample vault");
          for (const f of sampleVaultFolders(sample)) vaults.push({ dir: f.dir, name: f.name });
        } else {
          log.warn("the sample vault is missing from this installation: starting empty");
        }
      }
      vaults.push(...config.imports);
      await importVaults(workspace, vaults, log, options.cwd);
      if (vaults.length) await store.flush();
    }

    return {
      workspace,
      store,
      choice,
      async close() {
        try {
          await store.close();
          log.info({ written: store.writeCount }, "data directory closed");
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}

/**
 * A data directory that does not exist: refused for export; created for the default
 * directory, for import, with --init, or when vaults are imported into it at start; refused
 * otherwise, because a mistyped --data would serve an empty knowledge base without a word.
 */
function createDataDir(
  choice: DataDirChoice,
  config: DataConfig,
  options: OpenDataOptions,
  log: Log,
): void {
  if (options.readOnly) throw new ConfigError(`no data directory at ${choice.dir}`);
  const wanted =
    choice.source === "default" || options.create || config.init || config.imports.length > 0;
  if (!wanted) {
    throw new ConfigError(
      `the data directory ${choice.dir} (${choice.source}) does not exist. Check the path, or pass --init (LENS_INIT=1) to start an empty one there.`,
    );
  }
  mkdirSync(choice.dir, { recursive: true });
  log.info({ dir: choice.dir }, `created empty data directory ${choice.dir}`);
}

/**
 * Imports vault directories as folders, all in one workspace batch: link upkeep parses and
 * resolves the new notes once for all of them (not once per note, then again per folder), and
 * the store writes each new document once, after the last vault.
 */
export async function importVaults(
  workspace: Workspace,
  vaults: readonly VaultImport[],
  log: Log,
  cwd?: string,
): Promise<void> {
  if (vaults.length === 0) return;
  const endBatch = workspace.beginBatch();
  try {
    for (const v of vaults) await importInto(workspace, v, log, cwd);
  } finally {
    endBatch();
  }
}

/** Imports one vault directory as a folder (created, or updated in place), with progress. */
export async function importInto(
  workspace: Workspace,
  vault: VaultImport,
  log: Log,
  cwd: string = process.cwd(),
): Promise<void> {
  const dir = resolve(cwd, vault.dir);
  const folderName = vault.name ?? basename(dir);
  const bar = progressReporter(`importing ${folderName}`, log);
  try {
    const report = await importVault(workspace, dir, {
      folderName,
      onProgress: (p) => bar.update(p),
    });
    bar.stop();
    log.info(
      {
        folder: report.folderName,
        created: report.created,
        added: report.added.length,
        updated: report.updated.length,
        unchanged: report.unchanged,
        removed: report.removed.length,
        skipped: report.skipped.length,
      },
      `imported ${dir} as folder "${report.folderName}"`,
    );
    for (const s of report.skipped)
      log.warn({ path: s.path, reason: s.reason }, "import skipped a file");
  } catch (e) {
    bar.stop();
    throw e;
  }
}

function logLoadReport(store: DirStore, log: Log): void {
  const r = store.report;
  for (const [docId, reason] of store.quarantined) {
    log.error({ docId }, `quarantined ${docId}: ${reason}`);
  }
  log.info(
    {
      docs: r.loaded,
      total: r.total,
      folders: r.folders,
      skipped: r.skipped.length,
      legacy: r.legacy.length,
      missingContent: r.missingContent.length,
      orphans: r.orphans.length,
      ms: r.ms,
    },
    "data directory loaded",
  );
  if (r.skipped.length || r.missingContent.length || r.notes.length) {
    log.warn({ report: formatLoadReport(r) }, "load report");
  }
}
