// The data half of the composition root: locks a data directory (or says at once who holds it),
// opens its control socket, makes the Workspace, starts its link upkeep (unless read-only),
// loads it through the store (with progress and a load report), seeds or imports vaults, and
// closes it after a flush.
import { existsSync, mkdirSync } from "node:fs";
import { basename, resolve } from "node:path";
import { AuditLog } from "@lens/access";
import type { ClusterNode } from "@lens/cluster";
import { OwnedBacklinks, startLinkUpkeep, type UpkeepOptions, Workspace } from "@lens/core";
import {
  type BlobStore,
  blobSize,
  type DirStore,
  dirBlobs,
  formatLoadReport,
  openStore,
} from "@lens/store";
import type * as Y from "yjs";
import { ConfigError, type DataConfig, type VaultImport } from "../cli/config.js";
import {
  chooseDataDir,
  type DataDirChoice,
  sampleVaultDir,
  sampleVaultFolders,
} from "../cli/dataDir.js";
import { type DirLock, lockDataDir } from "../cli/dirLock.js";
import { progressReporter } from "../cli/progress.js";
import { probeOwner } from "../control/controlClient.js";
import { type ControlServer, startControlServer } from "../control/controlServer.js";
import { DataDirInUseError, type OwnerCommand } from "../control/protocol.js";
import { controlSocketPath } from "../control/socketPath.js";
import type { Log } from "../log.js";
import { LENS_VERSION } from "../version.js";
import { localAudit, localTokens, shareThrough } from "./clusterLocal.js";
import { type FolderImportOutcome, importFolders } from "./folderImport.js";

export interface OpenedData {
  workspace: Workspace;
  /** The data directory's document store; unset in a cluster (documents are in Redis + S3). */
  store?: DirStore;
  /** This process in its cluster (--cluster / --store). */
  cluster?: ClusterNode;
  /** Attachment bytes: `files/…` of the data directory, or of the cluster's bucket. */
  blobs: BlobStore;
  /** Resolves once every change so far is durable (on disk, or in the cluster's update log). */
  persist(): Promise<void>;
  /**
   * Puts idle woken notes back to sleep from now on (a data directory's store); returns the
   * stop. A cluster keeps its notes awake (docs/cluster.md).
   */
  startSleeping(options: { idleMs: number; inUse: (docId: string) => boolean }): () => void;
  choice: DataDirChoice;
  /** The directory's audit log (`.lens/audit.jsonl`). */
  audit: AuditLog;
  /** The directory's control socket, while this process holds it (not read-only). */
  control?: ControlServer;
  /**
   * Resolves once link upkeep's first pass is written (it runs in slices after the load;
   * resolves at once when read-only, where no upkeep runs).
   */
  linksReady: Promise<void>;
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
  /** The command holding the directory, as its control socket tells others; default serve. */
  owner?: OwnerCommand;
}

export async function openData(
  config: DataConfig,
  log: Log,
  options: OpenDataOptions = {},
): Promise<OpenedData> {
  const choice = chooseDataDir(config, options.cwd, options.defaultDir);
  const readOnly = options.readOnly === true;
  // Exporting a cluster reads the cluster alone: no data directory is needed.
  const local = !(readOnly && config.cluster);
  if (local && !existsSync(choice.dir)) createDataDir(choice, config, options, log);
  const lock: DirLock = readOnly
    ? { release: () => {} }
    : await lockDataDir(choice.dir, { onHeld: () => refuseIfAnswered(choice.dir, log) });
  let control: ControlServer | undefined;
  try {
    // A cluster process's directory holds only its credentials and audit: `lens import` and
    // `lens stdio` act on the cluster itself, not through this process.
    if (!readOnly && !config.cluster) {
      const owner = { lens: LENS_VERSION, command: options.owner ?? "serve", pid: process.pid };
      control = await startControlServer(
        controlSocketPath(choice.dir),
        { ...owner, dir: choice.dir },
        log,
      );
    }
    const audit = new AuditLog(choice.dir);
    const workspace = new Workspace({
      folderNames: config.folderNames,
      ...(config.author ? { author: config.author } : {}),
      // Attachment bytes are in the data directory (files/…); a cluster stores none yet.
      ...(config.cluster
        ? {}
        : { attachmentSize: (docId: string, hash: string) => blobSize(choice.dir, docId, hash) }),
    });
    // In a cluster only a folder's owner writes its backlinks_v0 (docs/cluster.md).
    const upkeep = config.cluster ? ownedUpkeep(workspace) : undefined;
    const docs = config.cluster
      ? await openCluster(
          config,
          workspace,
          readOnly,
          log,
          local ? { dir: choice.dir, audit } : undefined,
          upkeep?.owned,
        )
      : await openDirStore(choice.dir, workspace, readOnly, log);
    // Link upkeep (SPEC §5) starts once the documents are loaded; its first pass over them runs
    // in slices while the server serves (backlinks meanwhile are what backlinks_v0 lists).
    let linksWritten = () => {};
    const linksReady = new Promise<void>((resolve) => {
      linksWritten = resolve;
    });
    const links = readOnly
      ? undefined
      : startLinkUpkeep(workspace, {
          ...(upkeep ? { store: upkeep.store } : {}),
          ...pacedFirstPass(log, () => linksWritten()),
        });
    if (!links) linksWritten();

    if (options.applyImports !== false) {
      const vaults: VaultImport[] = [];
      if (choice.seed && !config.cluster) {
        const sample = sampleVaultDir();
        if (sample) {
          log.info({ dir: choice.dir }, "empty data directory: seeding it with the sample vault");
          for (const f of sampleVaultFolders(sample)) vaults.push({ dir: f.dir, name: f.name });
        } else {
          log.warn("the sample vault is missing from this installation: starting empty");
        }
      }
      vaults.push(...config.imports);
      // Created or updated, as asked at every start; a folder changed is kept in a backup.
      const cwd = options.cwd ?? process.cwd();
      const outcomes = await importFolders(
        {
          workspace,
          dataDir: choice.dir,
          blobs: docs.blobs,
          audit,
          flush: () => docs.persist(),
          who: "cli",
          progress: (label) => progressReporter(label, log),
        },
        {
          vaults: vaults.map((v) => {
            const dir = resolve(cwd, v.dir);
            return { dir, name: v.name ?? basename(dir) };
          }),
          replace: true,
        },
      );
      logImports(outcomes, log);
    }

    return {
      workspace,
      ...docs,
      linksReady,
      choice,
      audit,
      ...(control ? { control } : {}),
      async close() {
        try {
          await control?.close();
          // What the first pass has left to write is saved with the rest.
          links?.finishFirstPass();
          await docs.close();
          await audit.settled();
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    await control?.close().catch(() => {});
    lock.release();
    throw e;
  }
}

type Docs = Pick<OpenedData, "store" | "cluster" | "persist" | "startSleeping" | "blobs"> & {
  close(): Promise<void>;
};

/** The data directory's documents, loaded with progress and a load report. */
async function openDirStore(
  dir: string,
  workspace: Workspace,
  readOnly: boolean,
  log: Log,
): Promise<Docs> {
  log.info({ dir }, "loading data directory");
  const loading = progressReporter("loading documents", log);
  let store: DirStore;
  try {
    store = await openStore(dir, {
      workspace,
      readOnly,
      // Restarts take unchanged notes' texts from DATA/.lens/texts.cache (@lens/store README).
      textCache: true,
      onProgress: (p) => loading.update(p),
      onError: (err, docId) => log.error({ err, docId }, "writing a document failed; will retry"),
      onCacheError: (err) =>
        log.warn({ err }, "writing the text cache failed; the next start reads every file"),
    });
  } finally {
    loading.stop();
  }
  logLoadReport(store, log);
  return {
    store,
    blobs: dirBlobs(dir),
    persist: () => store.flush(),
    startSleeping: (o) => store.startSleeping(o),
    async close() {
      await store.close();
      log.info({ written: store.writeCount }, "data directory closed");
    },
  };
}

/** The cluster's documents: the bucket, then the update log (docs/cluster.md). */
async function openCluster(
  config: DataConfig,
  workspace: Workspace,
  readOnly: boolean,
  log: Log,
  /** The process's own directory: its tokens and audit log join the cluster's. */
  local: { dir: string; audit: AuditLog } | undefined,
  /** Told the units this process owns after every lease round (link upkeep). */
  onOwned?: (units: readonly string[]) => void,
): Promise<Docs> {
  const settings = config.cluster!;
  log.info(
    {
      redis: redactedUrl(settings.redisUrl),
      bucket: settings.s3.bucket,
      prefix: settings.s3.prefix,
    },
    "joining the cluster",
  );
  const loading = progressReporter("loading documents", log);
  let node: ClusterNode;
  try {
    // Loaded only for a cluster: a lone server never loads ioredis or the AWS SDK (~0.5 s and
    // ~30 MB resident at start).
    const { ClusterNode } = await import("@lens/cluster");
    node = await ClusterNode.open({
      config: settings,
      workspace,
      readOnly,
      log,
      onProgress: (p) => loading.update(p),
      ...(onOwned ? { onOwned } : {}),
      ...(local && !readOnly
        ? { tokens: localTokens(local.dir), audit: localAudit(local.dir, local.audit) }
        : {}),
    });
  } catch (e) {
    throw new ConfigError((e as Error).message);
  } finally {
    loading.stop();
  }
  log.info({ member: node.member, ...node.report }, "cluster documents loaded");
  const { tokens, audit } = node;
  const unshare =
    local && tokens && audit
      ? shareThrough(local.dir, local.audit, {
          tokens,
          publishAudit: (lines) => audit.publish(lines),
        })
      : () => {};
  return {
    cluster: node,
    blobs: node.blobs,
    persist: () => node.persist(),
    startSleeping: () => () => {},
    async close() {
      await node.close();
      unshare();
    },
  };
}

/** A Redis URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "redis";
  }
}

/**
 * The lock of `dir` is fresh: if its holder answers on the control socket, refuse at once
 * (naming it); otherwise (a crashed holder, or one without a socket) say so and wait for it.
 */
async function refuseIfAnswered(dir: string, log: Log): Promise<void> {
  const owner = await probeOwner(dir);
  if (owner) throw new DataDirInUseError(dir, owner);
  log.warn(
    { dir },
    `${dir} is locked by a Lens process that does not answer (it may have crashed): waiting up to 14 s for its lock to turn stale`,
  );
}

/** Log lines of imports: what each did, and the files it left out. */
export function logImports(outcomes: FolderImportOutcome[], log: Log): void {
  for (const o of outcomes) {
    log.info(
      {
        folder: o.folder,
        created: o.created,
        added: o.added,
        updated: o.updated,
        unchanged: o.unchanged,
        removed: o.removed,
        skipped: o.skipped.length,
        ...(o.backup ? { backup: o.backup } : {}),
      },
      `imported ${o.vault} as folder "${o.folder}"`,
    );
    for (const s of o.skipped)
      log.warn({ path: s.path, reason: s.reason }, "import skipped a file");
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
  // A cluster process's directory holds only its credentials and audit (its documents are the
  // cluster's): made when missing.
  const wanted =
    choice.source === "default" ||
    options.create ||
    config.init ||
    config.imports.length > 0 ||
    config.cluster !== undefined;
  if (!wanted) {
    throw new ConfigError(
      `the data directory ${choice.dir} (${choice.source}) does not exist. Check the path, or pass --init (LENS_INIT=1) to start an empty one there.`,
    );
  }
  mkdirSync(choice.dir, { recursive: true });
  log.info({ dir: choice.dir }, `created empty data directory ${choice.dir}`);
}

/** Longest stretch of link upkeep's first pass before requests get a turn. */
const LINK_SLICE_MS = 10;

/** Link upkeep's first pass in slices of LINK_SLICE_MS, saying when it is done. */
function pacedFirstPass(log: Log, done: () => void): Pick<UpkeepOptions, "pace" | "onFirstPass"> {
  const started = performance.now();
  return {
    pace: (step) => {
      const slice = () => {
        const end = performance.now() + LINK_SLICE_MS;
        do if (step()) return;
        while (performance.now() < end);
        setImmediate(slice);
      };
      setImmediate(slice);
    },
    onFirstPass: () => {
      log.info({ ms: Math.round(performance.now() - started) }, "links ready");
      done();
    },
  };
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
      cached: r.cached,
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

/**
 * Link upkeep in a cluster process: it writes backlinks_v0 of the folders it owns (the lease
 * rounds say which) and answers for the others from memory; a folder taken over gets what was
 * computed for it meanwhile.
 */
function ownedUpkeep(workspace: Workspace): {
  store: OwnedBacklinks;
  owned: (units: readonly string[]) => void;
} {
  let units = new Set<string>();
  const folderOf = (doc: Y.Doc) => workspace.folders().find((f) => f.doc === doc);
  const store = new OwnedBacklinks((doc) => {
    const folder = folderOf(doc);
    return folder !== undefined && units.has(folder.docId);
  });
  return {
    store,
    owned(now) {
      units = new Set(now);
      for (const unit of now) {
        const folder = workspace.folder(unit);
        if (folder) store.takeOver(folder.doc);
      }
    },
  };
}
