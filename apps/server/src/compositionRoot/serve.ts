// `lens serve` composed: one process, one port — MCP at /mcp, REST under /api/v1, y-sweet sync,
// /healthz — over one Workspace (with its link upkeep) persisted in the data directory. The
// authenticator, audit log, sessions and grep pool are made here and handed to every door.
import { existsSync } from "node:fs";
import { Authenticator, tokenFilePath } from "@lens/access";
import { createOAuthServer, OAuthState } from "@lens/oauth";
import { createRestApp } from "@lens/rest";
import { createLens, DEFAULT_HANDLE_IDLE_MS } from "@lens/service";
import { openReadLog } from "@lens/store";
import { createSyncServer, type SyncLogger, type SyncServer } from "@lens/sync";
import { ConfigError, type ServeConfig } from "../cli/config.js";
import { chooseDataDir } from "../cli/dataDir.js";
import { logAccessChanges } from "../http/accessChanges.js";
import { distPath } from "../http/distFiles.js";
import { isLoopbackHost } from "../http/hostGuard.js";
import { createLensApp, type LensApp } from "../http/lensApp.js";
import { type Listening, listen } from "../http/listen.js";
import type { Log } from "../log.js";
import { GrepPool } from "../search/grepPool.js";
import { warmSearch } from "../search/warming.js";
import { LENS_VERSION } from "../version.js";
import { controlHandlers } from "./control.js";
import { type OpenDataOptions, type OpenedData, openData } from "./data.js";

/** How long a woken note stays awake once saved, unchanged and closed by every sync client. */
const SLEEP_AFTER_MS = 60_000;

export interface RunningServer {
  listening: Listening;
  /** Who may call (named tokens, the admin token, or open). */
  auth: Authenticator;
  /** Where searches run (a worker thread). */
  grep: GrepPool;
  lens: LensApp;
  data: OpenedData;
  sync: SyncServer;
  /** Stops listening, ends sessions and connections, flushes every document. */
  stop(): Promise<void>;
}

export async function startServe(
  config: ServeConfig,
  log: Log,
  options: Pick<OpenDataOptions, "cwd" | "defaultDir"> = {},
): Promise<RunningServer> {
  // Named tokens are read before the data is opened: a server that may not start touches nothing.
  const dataDir = chooseDataDir(config, options.cwd, options.defaultDir).dir;
  // One authenticator for every door: named tokens from the data directory, `--token` as
  // an admin token, open only on loopback with no token at all.
  // OAuth access tokens (issue 31) resolve to their grant's token record in the same
  // authenticator: MCP, REST and sync all honour them, and a revoked grant stops at once.
  const oauthState = new OAuthState(dataDir);
  const auth = new Authenticator({
    dataDir,
    accessTokens: oauthState,
    ...(config.token ? { adminToken: config.token } : {}),
    requireToken: !isLoopbackHost(config.host),
    onFileError: (message) => log.error({ file: tokenFilePath(dataDir) }, message),
  });
  if (!isLoopbackHost(config.host) && config.token === undefined && auth.records().length === 0) {
    throw new ConfigError(
      `refusing to listen on ${config.host} without a token: anyone who can reach it could read and edit your notes. Add one with \`lens token add\` (or set LENS_TOKEN / --token), or bind to 127.0.0.1.`,
    );
  }
  const data = await openData(config, log, { ...options, owner: "serve" });
  try {
    const { workspace, audit } = data;
    // Every search runs in a worker thread: no grep holds the event loop (search/grepPool.ts).
    const grep = new GrepPool(workspace, { timeLimitMs: config.grepTimeLimitMs });
    // The one application layer every door calls: authorised, persisted, audited, logged.
    // Read records persist beside the data: a handle read before a restart still unlocks edits.
    // In a cluster, every process shares them through Redis.
    const reads = data.cluster
      ? data.cluster.reads
      : openReadLog(dataDir, {
          keepSince: () => Date.now() - DEFAULT_HANDLE_IDLE_MS,
          onError: (err) => log.warn({ err }, "could not write read records"),
        });
    const service = createLens(workspace, {
      persist: () => data.persist(),
      audit,
      grep: (plan) => grep.grep(plan),
      log,
      reads,
      // In a cluster, a write to a folder another process owns is run there.
      ...(data.cluster ? { writes: data.cluster } : {}),
      // Authors that are tokens' names are told apart by the tokens' roles (assistants, people).
      tokenRoles: () => new Map(auth.records().map((r) => [r.name, r.role])),
    });
    data.cluster?.serveWrites((call) => service.callForwarded(call));
    const scalarCopy = distPath("reference/scalar.js");
    const syncLog: SyncLogger = (level, message, fields) => log[level](fields ?? {}, message);
    // The upgrade guard is the app's (one rule for every door); the app is made below.
    let lens: LensApp | undefined;
    const sync = createSyncServer({
      workspace,
      guard: (headers) => (lens ? lens.upgradeRefusal(headers) : "server starting"),
      ...(config.token ? { token: config.token } : {}),
      auth,
      onAuthFailure: (reason) => void audit.authFailure("sync", reason).catch(() => {}),
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
      log: syncLog,
    });
    const rest = createRestApp({
      // Shared with MCP: a REST Lens-Session handle is an MCP session_id.
      lens: service,
      auth,
      audit,
      dataDir,
      // Attachment bytes: the data directory's files/, or the cluster's bucket.
      openAttachment: (docId: string, hash: string) => data.blobs.open(docId, hash),
      ...(config.allowedOrigins.length ? { cors: { origin: config.allowedOrigins } } : {}),
      onServerError: (err, c) =>
        log.error({ err, method: c.req.method, path: c.req.path }, "REST request failed"),
      // The reference page's script, copied beside the CLI by the build (the published package
      // has no @scalar/api-reference); from the sources, REST resolves the installed one.
      ...(existsSync(scalarCopy) ? { referenceScript: scalarCopy } : {}),
    });
    lens = createLensApp({
      lens: service,
      version: LENS_VERSION,
      log,
      conformance: config.conformance,
      auth,
      audit,
      bindHost: config.host,
      allowedHosts: config.allowedHosts,
      allowedOrigins: config.allowedOrigins,
      mcp: { idleTimeoutMs: config.idleTimeoutMs, maxSessions: config.maxSessions },
      rest,
      sync: sync.app,
      oauth: createOAuthServer({
        state: oauthState,
        auth,
        dataDir,
        audit,
        ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
        folders: () => workspace.folders().map((f) => f.name),
      }),
    });
    let listening: Listening;
    try {
      listening = await listen(lens.app, config.host, config.port);
    } catch (e) {
      await lens.close();
      await sync.close();
      await grep.close();
      throw e;
    }
    const detachSync = sync.attach(listening.server);
    // Search readied in the background: the ranked index, then the grep worker (warming.ts).
    const stopWarming = warmSearch(data.linksReady, workspace, grep, log);
    const stopWatchingAccess = logAccessChanges(auth, log);
    // A note an edit or a sync client woke goes back to text alone once saved, idle and closed
    // by every client (packages/store/README.md "Content docs load dormant").
    const stopSleeping = data.startSleeping({
      idleMs: SLEEP_AFTER_MS,
      inUse: (docId) => sync.isOpen(docId),
    });
    // `lens import` and `lens stdio` beside this server reach it through the control socket.
    data.control?.serve(
      controlHandlers({
        lens: service,
        version: LENS_VERSION,
        listChanges: lens.listChanges,
        workspace,
        log,
        dataDir,
        audit,
        flush: () => data.persist(),
      }),
      listening.baseUrl,
    );
    let stopping: Promise<void> | undefined;
    return {
      listening,
      auth,
      grep,
      lens,
      data,
      sync,
      stop() {
        stopping ??= (async () => {
          await data.control?.unserve();
          stopWarming();
          stopWatchingAccess();
          stopSleeping();
          detachSync();
          await lens.close();
          await sync.close();
          await grep.close();
          await listening.close();
          await audit.settled();
          reads.close();
          await data.close();
        })();
        return stopping;
      },
    };
  } catch (e) {
    await data.close();
    throw e;
  }
}
