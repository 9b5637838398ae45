// `lens serve`: one process, one port — MCP at /mcp, REST under /api/v1, y-sweet sync, /healthz —
// over one Workspace persisted in the data directory.
import { SessionStore } from "@lens/core";
import { createRestApp } from "@lens/rest";
import { createSyncServer, type SyncLogger, type SyncServer } from "@lens/sync";
import { createLensApp, type LensApp } from "../http/lensApp.js";
import { type Listening, listen } from "../http/listen.js";
import type { Log } from "../log.js";
import { LENS_VERSION } from "../version.js";
import type { ServeConfig } from "./config.js";
import { type OpenDataOptions, type OpenedData, openData } from "./openData.js";

export interface RunningServer {
  listening: Listening;
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
  const data = await openData(config, log, options);
  try {
    const { workspace, store } = data;
    const afterWrite = () => store.flush();
    const sessions = new SessionStore();
    const syncLog: SyncLogger = (level, message, fields) => log[level](fields ?? {}, message);
    const sync = createSyncServer({
      workspace,
      ...(config.token ? { token: config.token } : {}),
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
      log: syncLog,
    });
    const rest = createRestApp({
      workspace,
      // Shared with MCP: a REST Lens-Session handle is an MCP session_id.
      sessions,
      afterWrite,
      ...(config.token ? { token: config.token } : {}),
      ...(config.allowedOrigins.length ? { cors: { origin: config.allowedOrigins } } : {}),
      onServerError: (err, c) =>
        log.error({ err, method: c.req.method, path: c.req.path }, "REST request failed"),
    });
    const lens = createLensApp({
      workspace,
      sessions,
      afterWrite,
      log,
      ...(config.token ? { token: config.token } : {}),
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
      throw e;
    }
    const detachSync = sync.attach(listening.server);
    let stopping: Promise<void> | undefined;
    return {
      listening,
      lens,
      data,
      sync,
      stop() {
        stopping ??= (async () => {
          detachSync();
          await lens.close();
          await sync.close();
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

/** What `serve` prints once it listens: where everything is and how to connect Claude Code. */
export function startupBanner(server: RunningServer, config: ServeConfig): string {
  const base = server.listening.baseUrl;
  const ws = server.data.workspace;
  const folders = ws
    .folders()
    .map((f) => f.name)
    .sort();
  const docs = [...ws.contentDocIds()].length;
  const header = config.token
    ? ` --header "Authorization: Bearer ${process.env.LENS_TOKEN?.trim() === config.token ? "$LENS_TOKEN" : "<your --token>"}"`
    : "";
  const lines = [
    `Lens ${LENS_VERSION}: ${docs} documents in ${folders.length} folders (${folders.join(", ") || "none"}) from ${server.data.choice.dir}`,
    `  MCP      ${base}/mcp`,
    `  REST     ${base}/api/v1`,
    `  Sync     ${base}  (y-sweet: /doc/:id/auth, /d/:id/ws/:id)`,
    `  Health   ${base}/healthz`,
    "",
    "Connect Claude Code:",
    `  claude mcp add --transport http lens ${base}/mcp${header}`,
    "",
    "Stop with Ctrl-C (every document is flushed to disk first).",
  ];
  return `${lines.join("\n")}\n`;
}
