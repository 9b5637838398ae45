// WebSocket upgrades for `/d/:id/ws/:id` (and y-sweet's older `/doc/ws/:id`): checks the doc
// name and the `token` query parameter, then hands the socket to the hub. Refusals answer HTTP
// with the same problem+json body as the HTTP routes.
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { FORBIDDEN_REQUEST, type ProblemOptions, problemParts } from "@lens/access";
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
  // The path only: the query carries the client token.
  const refuse = (status: number, detail: string, options?: ProblemOptions) =>
    reject(socket, status, detail, url.pathname, options);
  const notFound = () => refuse(404, `Doc ${docId} not found`);
  const refused = ctx.settings.guard?.({
    host: request.headers.host,
    origin: request.headers.origin,
  });
  if (refused) {
    ctx.settings.log("warn", "sync: refused WebSocket", { reason: refused });
    return refuse(403, refused, { kind: FORBIDDEN_REQUEST });
  }
  if (ctx.hub.closed) return refuse(503, "The sync server is shutting down");
  if (docId !== docId2 || !isValidDocName(docId)) return refuse(400, "Invalid document name");
  const granted = ctx.tokens.accessTo(docId, url.searchParams.get("token") ?? undefined);
  if ("refused" in granted) {
    if (granted.refused === 404) return notFound();
    ctx.settings.log("warn", "sync: refused WebSocket without a valid token", { docId });
    ctx.settings.onAuthFailure?.(granted.reason);
    return refuse(401, "Unauthorized: send the client token from /auth as ?token=", {
      extensions: { code: granted.reason },
    });
  }
  const canCreate = granted.access === "full" && ctx.settings.createDocs;
  // Asked without waking a dormant doc: only the room, once the handshake is done, wakes it.
  if (!ctx.settings.workspace.hasDoc(docId) && !canCreate) return notFound();
  ctx.wss.handleUpgrade(request, socket, head, (ws) => ctx.hub.connect(ws, docId, granted));
  return true;
}

/**
 * Answers an upgrade with an HTTP error — the port's problem+json body, as the HTTP routes
 * answer — and closes the socket. `path` is the request's path, without its query.
 */
export function reject(
  socket: Duplex,
  status: number,
  detail: string,
  path: string,
  options?: ProblemOptions,
): true {
  if (!socket.destroyed) {
    const problem = problemParts(status, detail, path, options);
    const body = Buffer.from(problem.body, "utf8");
    const head = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`,
      ...Object.entries(problem.headers).map(([name, value]) => `${name}: ${value}`),
      "Connection: close",
      `Content-Length: ${body.length}`,
    ];
    socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), body]));
  }
  return true;
}
