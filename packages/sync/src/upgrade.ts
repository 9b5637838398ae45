// WebSocket upgrades for `/d/:id/ws/:id` (and y-sweet's older `/doc/ws/:id`): checks the doc
// name and the `token` query parameter, then hands the socket to the hub.
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { WebSocketServer } from "ws";
import { isValidDocName } from "./docName.js";
import type { SyncHub } from "./hub.js";
import type { SyncSettings } from "./options.js";
import type { TokenAuthority } from "./tokens.js";

export interface UpgradeContext {
  hub: SyncHub;
  tokens: TokenAuthority;
  settings: SyncSettings;
  wss: WebSocketServer;
}

/** The doc id(s) named by a sync WebSocket path, or undefined for other paths. */
export function matchSyncPath(pathname: string): { docId: string; docId2: string } | undefined {
  const full = /^\/d\/([^/]+)\/ws\/([^/]+)\/?$/.exec(pathname);
  if (full) return { docId: full[1]!, docId2: full[2]! };
  const legacy = /^\/doc\/ws\/([^/]+)\/?$/.exec(pathname);
  if (legacy) return { docId: legacy[1]!, docId2: legacy[1]! };
  return undefined;
}

/**
 * Handles an HTTP upgrade if its path is a sync path: answers refusals with an HTTP status,
 * otherwise completes the WebSocket handshake. Returns false for paths it does not serve.
 */
export function handleSyncUpgrade(
  ctx: UpgradeContext,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): boolean {
  const url = new URL(request.url ?? "/", "http://localhost");
  const match = matchSyncPath(url.pathname);
  if (!match) return false;
  socket.on("error", () => socket.destroy());
  const { docId, docId2 } = match;
  const refused = ctx.settings.guard?.({
    host: request.headers.host,
    origin: request.headers.origin,
  });
  if (refused) {
    ctx.settings.log("warn", "sync: refused WebSocket", { reason: refused });
    return reject(socket, 403);
  }
  if (ctx.hub.closed) return reject(socket, 503);
  if (docId !== docId2 || !isValidDocName(docId)) return reject(socket, 400);
  const granted = ctx.tokens.accessTo(docId, url.searchParams.get("token") ?? undefined);
  if ("refused" in granted) {
    if (granted.refused === 404) return reject(socket, 404);
    ctx.settings.log("warn", "sync: refused WebSocket without a valid token", { docId });
    ctx.settings.onAuthFailure?.(granted.reason);
    return reject(socket, 401);
  }
  const access = granted.access;
  const canCreate = access === "full" && ctx.settings.createDocs;
  if (!ctx.hub.findDoc(docId) && !canCreate) return reject(socket, 404);
  ctx.wss.handleUpgrade(request, socket, head, (ws) => ctx.hub.connect(ws, docId, access));
  return true;
}

/** Answers an upgrade with a bare HTTP error and closes the socket. */
export function reject(socket: Duplex, status: number): true {
  if (!socket.destroyed) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  }
  return true;
}
