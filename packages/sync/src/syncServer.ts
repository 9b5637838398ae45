// The sync server: the y-sweet HTTP app, the WebSocket upgrade handler and the rooms, all
// over one Workspace. Serve `app` and `attach` the http server so both share one port.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { ServerType } from "@hono/node-server";
import { Authenticator } from "@lens/access";
import type { Hono } from "hono";
import { WebSocketServer } from "ws";
import { SyncHub, type SyncStats } from "./hub.js";
import { resolveSettings, type SyncOptions } from "./options.js";
import { syncRoutes } from "./routes.js";
import { TokenAuthority } from "./tokens.js";
import { handleSyncUpgrade, reject } from "./upgrade.js";

export interface SyncServer {
  /** Hono app with the HTTP endpoints; mount at the root (`root.route("/", sync.app)`). */
  readonly app: Hono;
  /** Listens for WebSocket upgrades on `server`; returns the function that stops listening. */
  attach(server: ServerType): () => void;
  /** Handles one upgrade request; false when the path is not a sync path. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Rooms (docs with clients) and open connections. */
  stats(): SyncStats;
  /** Whether a client has `docId` open now (its room holds the doc's Y.Doc). */
  isOpen(docId: string): boolean;
  /** Closes every client connection and detaches from attached servers. */
  close(): Promise<void>;
}

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

interface UpgradeEmitter {
  on(event: "upgrade", listener: UpgradeListener): unknown;
  off(event: "upgrade", listener: UpgradeListener): unknown;
  listenerCount(event: "upgrade"): number;
}

export function createSyncServer(options: SyncOptions): SyncServer {
  const settings = resolveSettings(options);
  const auth =
    options.auth ??
    new Authenticator(settings.token === undefined ? {} : { adminToken: settings.token });
  const tokens = new TokenAuthority(auth, settings.workspace, settings.token, settings.now);
  const hub = new SyncHub(settings, tokens);
  const wss = new WebSocketServer({ noServer: true, maxPayload: settings.maxUpdateBytes });
  const app = syncRoutes({ hub, tokens, settings });
  const detachers = new Set<() => void>();

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): boolean =>
    handleSyncUpgrade({ hub, tokens, settings, wss }, request, socket, head);

  return {
    app,
    handleUpgrade,
    stats: () => hub.stats(),
    isOpen: (docId) => hub.isOpen(docId),
    attach(server) {
      const emitter = server as unknown as UpgradeEmitter;
      const listener: UpgradeListener = (request, socket, head) => {
        if (handleUpgrade(request, socket, head)) return;
        // Other paths belong to other upgrade listeners; alone, we refuse them.
        if (emitter.listenerCount("upgrade") === 1) {
          const path = new URL(request.url ?? "/", "http://localhost").pathname;
          reject(socket, 404, "Not found", path);
        }
      };
      emitter.on("upgrade", listener);
      const detach = () => {
        emitter.off("upgrade", listener);
        detachers.delete(detach);
      };
      detachers.add(detach);
      return detach;
    },
    async close() {
      for (const detach of [...detachers]) detach();
      await hub.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Attaches `sync`'s WebSocket endpoint to a Node http server (as `sync.attach(server)`). */
export function attachSync(server: ServerType, sync: SyncServer): () => void {
  return sync.attach(server);
}
