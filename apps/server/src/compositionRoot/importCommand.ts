// `lens import` and `lens restore` composed: run in this process when the data directory is
// free; handed to the `lens serve` that holds it otherwise (through its control socket), which
// runs the same import in its own workspace, so the notes appear live to its clients.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigError, type DataConfig } from "../cli/config.js";
import { type ProgressReporter, progressReporter } from "../cli/progress.js";
import { requestImport } from "../control/controlClient.js";
import { DataDirInUseError, type OwnerInfo } from "../control/protocol.js";
import type { Log } from "../log.js";
import { logImports, openData } from "./data.js";
import {
  backupsDir,
  FolderExistsError,
  type FolderImportOutcome,
  type FolderVault,
  importFolders,
  isBackupName,
  restoreFolder,
} from "./folderImport.js";

/** An import of vaults (absolute directories) or a restore of a backup (a path or a name). */
export type ImportJob = { vaults: FolderVault[]; replace: boolean } | { restore: string };

export interface ImportRun {
  dataDir: string;
  outcomes: FolderImportOutcome[];
  /** The server that ran it, when one held the directory. */
  via?: OwnerInfo;
}

export async function runImport(
  config: DataConfig,
  log: Log,
  job: ImportJob,
  /** Told at once when the import is handed to a running server. */
  onLive: (owner: OwnerInfo, dataDir: string) => void = () => {},
): Promise<ImportRun> {
  let data: Awaited<ReturnType<typeof openData>>;
  try {
    data = await openData({ ...config, imports: [] }, log, {
      applyImports: false,
      create: !("restore" in job),
      owner: "import",
    });
  } catch (e) {
    if (e instanceof DataDirInUseError && e.owner.serves.includes("import")) {
      onLive(e.owner, e.dir);
      return { dataDir: e.dir, outcomes: await importThrough(e.dir, job, log), via: e.owner };
    }
    throw e;
  }
  try {
    const ctx = {
      workspace: data.workspace,
      dataDir: data.choice.dir,
      blobs: data.blobs,
      audit: data.audit,
      flush: () => data.persist(),
      who: "cli",
      progress: (label: string) => progressReporter(label, log),
    };
    const outcomes =
      "restore" in job ? [await restoreFolder(ctx, job.restore)] : await importFolders(ctx, job);
    logImports(outcomes, log);
    return { dataDir: data.choice.dir, outcomes };
  } finally {
    await data.close();
  }
}

/** The import run by the server holding `dataDir`, with its progress shown here. */
async function importThrough(
  dataDir: string,
  job: ImportJob,
  log: Log,
): Promise<FolderImportOutcome[]> {
  const body =
    "restore" in job
      ? // A backup's name as it is; anything else is a path from here.
        {
          restore:
            isBackupName(job.restore) && existsSync(join(backupsDir(dataDir), job.restore))
              ? job.restore
              : resolve(job.restore),
        }
      : job;
  const bars = new Map<string, ProgressReporter>();
  const last = await requestImport(dataDir, body, (line) => {
    if (!("progress" in line)) return;
    const { label, done, total } = line.progress;
    const bar = bars.get(label) ?? progressReporter(label, log);
    bars.set(label, bar);
    bar.update({ done, total });
  });
  for (const bar of bars.values()) bar.stop();
  if ("result" in last) return last.result;
  if ("error" in last) {
    const { code, message, folder, notes } = last.error;
    if (code === "folder_exists" && folder !== undefined && notes !== undefined) {
      throw new FolderExistsError(folder, notes);
    }
    throw code === "config" ? new ConfigError(message) : new Error(message);
  }
  throw new Error("the server answered the import with nothing");
}
