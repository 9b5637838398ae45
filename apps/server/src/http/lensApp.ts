// The one Hono app of `lens serve`: /healthz, MCP at /mcp, REST under /api/v1, the y-sweet
// sync endpoints and the review page at /, behind one Host/Origin guard (DNS rebinding,
// cross-site requests); MCP also gets the shared authenticator here, while REST and sync apply
// it to their own routes.
import { type AccessEnv, type AuditLog, Authenticator, authenticate, problem } from "@lens/access";
import { documentSummary } from "@lens/core";
import {
  createMcpApp,
  createStatelessLeg,
  type LensServerDeps,
  ListChanges,
  type McpSessionOptions,
  McpSessions,
} from "@lens/mcp";
import type { OAuthServer } from "@lens/oauth";
import { may } from "@lens/service";
import { type Env, Hono, type Schema } from "hono";
import { type Log, silentLog } from "../log.js";
import { LENS_VERSION } from "../version.js";
import { accessLog } from "./accessLog.js";
import { distPath } from "./distFiles.js";
import { allowedHostNames, hostGuard, refusal } from "./hostGuard.js";
import { webPageApp } from "./webPage.js";

export interface LensAppOptions extends LensServerDeps {
  /**
   * Who may call: named tokens, the admin token, or open (loopback with no token). REST and
   * sync are given the same authenticator. Unset = open.
   */
  auth?: Authenticator;
  /** Shorthand for an authenticator with only this admin token (tests, embedding). */
  token?: string;
  /** Where failed authentications (and REST's reviews and token changes) are recorded. */
  audit?: AuditLog;
  /** Address the server binds to: its host names are allowed in Host headers. */
  bindHost: string;
  /** More host names clients use to reach the server (reverse proxy, DNS); `*` = any. */
  allowedHosts?: readonly string[];
  /** Browser origins allowed on /mcp and /api/v1 besides the server's own hosts. */
  allowedOrigins?: readonly string[];
  mcp?: McpSessionOptions;
  /** The REST app (doing its own auth and body limit), mounted under /api/v1. */
  rest?: Hono<Env, Schema, "/">;
  /** The sync server's HTTP app, mounted at the root (its paths are /doc/… and /d/…). */
  sync?: Hono;
  /**
   * The review page's build (index.html, assets/), served at / and /assets/*; default
   * dist/web beside the running CLI.
   */
  webRoot?: string;
  log?: Log;
  /** OAuth for remote MCP (@lens/oauth): its routes, and `resource_metadata` on every 401. */
  oauth?: OAuthServer;
}

export interface LensApp {
  app: Hono<AccessEnv>;
  /** The guard of the sync WebSocket upgrade: the same rule as the sync HTTP routes. */
  upgradeRefusal(headers: { host?: string; origin?: string }): string | undefined;
  mcpSessions: McpSessions;
  /** Where MCP servers of this app learn that the note and prompt lists changed. */
  listChanges: ListChanges;
  /** Closes every MCP session (and aborts stateless requests in flight), stops the idle sweep. */
  close(): Promise<void>;
}

export function createLensApp(options: LensAppOptions): LensApp {
  const log = options.log ?? silentLog();
  const ownChanges = options.listChanges === undefined;
  const listChanges = options.listChanges ?? new ListChanges(options.lens.workspace);
  const mcpDeps: LensServerDeps = { ...options, listChanges };
  const mcpSessions = new McpSessions(mcpDeps, options.mcp);
  const mcpStateless = createStatelessLeg(mcpDeps, { maxBodyBytes: mcpSessions.maxBodyBytes });
  const hosts = allowedHostNames(options.bindHost, options.allowedHosts);
  const app = new Hono<AccessEnv>();

  app.onError((err, c) => {
    log.error({ err, method: c.req.method, path: c.req.path }, "request failed");
    return problem(c, 500, "Internal server error");
  });

  app.use("*", accessLog(log));

  // Every route: a DNS-rebinding page must not reach this server, and a web page of another
  // origin must not call it through the user's browser (`refusal` in hostGuard.ts). Sync
  // routes skip the Origin check only behind a token: a page cannot send the token, and
  // Relay's mobile app calls from its own `http://localhost` origin.
  const origins = options.allowedOrigins ?? [];
  const strict = hostGuard({ hosts, origins, checkOrigin: true });
  const auth =
    options.auth ??
    new Authenticator(options.token === undefined ? {} : { adminToken: options.token });
  const syncGuard = hostGuard({ hosts, origins, checkOrigin: () => auth.open });
  app.use("*", async (c, next) => {
    const path = c.req.path;
    const isSync = path.startsWith("/doc/") || path.startsWith("/d/");
    return (isSync ? syncGuard : strict)(c, next);
  });

  // OAuth (issue 31): discovery, registration, authorization, consent and token routes.
  if (options.oauth) {
    app.use("*", options.oauth.challenge);
    app.route("/", options.oauth.app);
  }

  app.get("/healthz", (c) => {
    // Details (folder names among them) only for admins: a scoped token must not learn them.
    const who = auth.authenticate(c.req.header("authorization"));
    if (!who.ok || !may(who.identity.caller, "health.details")) return c.json({ ok: true });
    const ws = options.lens.workspace;
    const sum = documentSummary(ws);
    return c.json({
      ok: true,
      version: LENS_VERSION,
      // Servable: listed in a folder and with content.
      documents: sum.withContent,
      listed: sum.listed,
      unlisted: sum.unlisted,
      quarantined: [...ws.unavailableDocs().keys()].sort(),
      folders: ws
        .folders()
        .map((f) => f.name)
        .sort(),
      mcpSessions: mcpSessions.size,
    });
  });

  // One pattern: Hono's `/mcp/*` matches `/mcp` itself too, so a second `use("/mcp")` ran the
  // door twice on every MCP request (two token-file stats, two lookups).
  app.use("/mcp/*", authenticate({ auth, audit: options.audit, door: "mcp" }));
  app.route("/mcp", createMcpApp(mcpSessions, mcpStateless));
  if (options.rest) app.route("/api/v1", options.rest);
  if (options.sync) app.route("/", options.sync);
  // Last: the review page's static files (public; the page asks for a token itself).
  app.route("/", webPageApp(options.webRoot ?? distPath("web")));

  // Errors of every door answer in one problem+json shape (@lens/access `problem`).
  app.notFound((c) => problem(c, 404, `No route for ${c.req.path}`));

  const syncRule = { hosts, origins, checkOrigin: () => auth.open };
  return {
    app,
    mcpSessions,
    listChanges,
    upgradeRefusal: (headers) => refusal(headers, syncRule)?.message,
    close: async () => {
      await Promise.all([mcpSessions.closeAll(), mcpStateless.close()]);
      if (ownChanges) listChanges.close();
    },
  };
}
