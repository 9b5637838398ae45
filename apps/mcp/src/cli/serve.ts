// `lens serve`: one process, one port — MCP at /mcp, REST under /api/v1, y-sweet sync, /healthz —
// over one Workspace persisted in the data directory.
import { AuditLog, Authenticator, tokenFilePath } from "@lens/access";
import { documentSummary, plural, SessionStore } from "@lens/core";
import { createRestApp } from "@lens/rest";
import { createSyncServer, type SyncLogger, type SyncServer } from "@lens/sync";
import { isLoopbackHost } from "../http/hostGuard.js";
import { createLensApp, type LensApp } from "../http/lensApp.js";
import { type Listening, listen } from "../http/listen.js";
import type { Log } from "../log.js";
import { GrepPool } from "../search/grepPool.js";
import { warmRankedIndex } from "../search/warmRanked.js";
import { LENS_VERSION } from "../version.js";
import type { ServeConfig } from "./config.js";
import { ConfigError } from "./config.js";
import { chooseDataDir } from "./dataDir.js";
import { type OpenDataOptions, type OpenedData, openData } from "./openData.js";

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
  const auth = new Authenticator({
    dataDir,
    ...(config.token ? { adminToken: config.token } : {}),
    requireToken: !isLoopbackHost(config.host),
    onFileError: (message) => log.error({ file: tokenFilePath(dataDir) }, message),
  });
  if (!isLoopbackHost(config.host) && config.token === undefined && auth.records().length === 0) {
    throw new ConfigError(
      `refusing to listen on ${config.host} without a token: anyone who can reach it could read and edit your notes. Add one with \`lens token add\` (or set LENS_TOKEN / --token), or bind to 127.0.0.1.`,
    );
  }
  const data = await openData(config, log, options);
  try {
    const { workspace, store } = data;
    const audit = new AuditLog(dataDir);
    const afterWrite = () => store.flush();
    const sessions = new SessionStore();
    // Every search runs in a worker thread: no grep holds the event loop (search/grepPool.ts).
    const grep = new GrepPool(workspace, { timeLimitMs: config.grepTimeLimitMs });
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
      workspace,
      // Shared with MCP: a REST Lens-Session handle is an MCP session_id.
      sessions,
      afterWrite,
      grep: (plan, options) => grep.grep(plan, options),
      auth,
      audit,
      dataDir,
      ...(config.allowedOrigins.length ? { cors: { origin: config.allowedOrigins } } : {}),
      onServerError: (err, c) =>
        log.error({ err, method: c.req.method, path: c.req.path }, "REST request failed"),
    });
    lens = createLensApp({
      workspace,
      sessions,
      afterWrite,
      grep,
      log,
      auth,
      audit,
      bindHost: config.host,
      allowedHosts: config.allowedHosts,
      allowedOrigins: config.allowedOrigins,
      mcp: { idleTimeoutMs: config.idleTimeoutMs, maxSessions: config.maxSessions },
      rest,
      sync: sync.app,
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
    const stopWarming = warmRankedIndex(workspace, log);
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
          stopWarming();
          detachSync();
          await lens.close();
          await sync.close();
          await grep.close();
          await listening.close();
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

/** What `serve` prints once it listens: where everything is and how to connect assistants. */
export function startupBanner(server: RunningServer, config: ServeConfig): string {
  const base = server.listening.baseUrl;
  const mcpUrl = `${base}/mcp`;
  const ws = server.data.workspace;
  const folders = ws
    .folders()
    .map((f) => f.name)
    .sort();
  const sum = documentSummary(ws);
  const where = `in ${plural(folders.length, "folder")} (${folders.join(", ") || "none"}) from ${server.data.choice.dir}`;
  const what =
    sum.withContent === sum.listed
      ? `${plural(sum.listed, "document")} ${where}`
      : `${sum.withContent} of ${plural(sum.listed, "listed document")} have content, ${where}`;
  const warnings = [
    sum.withContent < sum.listed
      ? `  ! ${plural(sum.listed - sum.withContent, "listed document")} without content here: listed, but read and grep cannot see them`
      : "",
    sum.unlisted > 0
      ? `  ! ${plural(sum.unlisted, "content doc")} in no folder: loaded but not served (their folder doc is not in this directory)`
      : "",
    sum.unavailable > 0
      ? `  ! ${plural(sum.unavailable, "file")} failed to load: quarantined, kept as is and never written over (see the log)`
      : "",
  ].filter((w) => w !== "");
  // `$LENS_TOKEN` only when that variable holds the admin token; otherwise (a --token flag,
  // or named tokens) a placeholder: the banner never prints a token.
  const tokenRef =
    config.token !== undefined && process.env.LENS_TOKEN?.trim() === config.token
      ? "$LENS_TOKEN"
      : "<your token>";
  const header = server.auth.hasTokens ? ` --header "Authorization: Bearer ${tokenRef}"` : "";
  const lines = [
    `Lens ${LENS_VERSION}: ${what}`,
    ...warnings,
    `  MCP      ${mcpUrl}`,
    `  REST     ${base}/api/v1`,
    `  Sync     ${base}  (y-sweet: /doc/:id/auth, /d/:id/ws/:id)`,
    `  Health   ${base}/healthz`,
    "",
    "Connect Claude Code:",
    `  claude mcp add --transport http lens ${mcpUrl}${header}`,
    "",
    "Connect Claude Desktop (claude_desktop_config.json; mcp-remote bridges stdio to this server):",
    ...desktopConfig(mcpUrl, { host: config.host, secured: server.auth.hasTokens }).map(
      (l) => `  ${l}`,
    ),
    "",
    "Stop with Ctrl-C (every document is flushed to disk first).",
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * Claude Desktop's entry for this server: `npx mcp-remote URL`, the bearer token passed through
 * an environment variable so no argument holds a space (Windows) or the token itself.
 */
export function desktopConfig(
  mcpUrl: string,
  config: { host: string; secured: boolean },
): string[] {
  const args = ["-y", "mcp-remote", mcpUrl];
  // mcp-remote refuses plain http beyond loopback unless told.
  if (mcpUrl.startsWith("http:") && !isLoopbackHost(config.host)) args.push("--allow-http");
  const entry: Record<string, unknown> = { command: "npx", args };
  if (config.secured) {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: mcp-remote expands ${VAR} itself
    args.push("--header", "Authorization:${LENS_AUTH_HEADER}");
    entry.env = { LENS_AUTH_HEADER: "Bearer <your token>" };
  }
  return JSON.stringify({ mcpServers: { lens: entry } }, null, 2).split("\n");
}
