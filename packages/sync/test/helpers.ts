// Test harness: a real sync server on 127.0.0.1 (port 0) and the official y-sweet provider
// over the `ws` WebSocket, plus a bounded polling wait.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { startLinkUpkeep, Workspace, workspaceFromTexts } from "@lens/core";
import { createYjsProvider, type YSweetProvider } from "@y-sweet/client";
import WebSocket from "ws";
import * as Y from "yjs";
import {
  type ClientToken,
  createSyncServer,
  type SyncOptions,
  type SyncServer,
} from "../src/index.js";

export const RELAY = "6a6b0000-0000-4000-8000-000000000001";
export const docIdFor = (n: number): string =>
  `${RELAY}-00000000-0000-4000-8000-${n.toString().padStart(12, "0")}`;

/** Polls `check` (which may ask the server) until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what = "condition",
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export interface Running {
  url: string;
  port: number;
  workspace: Workspace;
  sync: SyncServer;
  stop(): Promise<void>;
}

/**
 * Starts the sync app and its WebSocket endpoint on one ephemeral port, composed as `lens serve`
 * composes it: the workspace's link upkeep runs (backlinks_v0 reaches clients).
 */
export async function startServer(options: Partial<SyncOptions> = {}): Promise<Running> {
  const workspace = options.workspace ?? new Workspace();
  startLinkUpkeep(workspace);
  const sync = createSyncServer({ pingIntervalMs: 0, ...options, workspace });
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: sync.app.fetch, hostname: "127.0.0.1", port: 0 }, () =>
      resolve(s as Server),
    );
  });
  sync.attach(server);
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    workspace,
    sync,
    async stop() {
      await sync.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A workspace content doc holding `text`. */
/**
 * A workspace with a Team and a Private folder (one note each), for scoped-token tests, and
 * the doc id of a note by path.
 */
export function twoFolders(): { ws: Workspace; docOf: (path: string) => string } {
  const ws = workspaceFromTexts([
    { name: "Team", files: { "Plan.md": "team plan" } },
    { name: "Private", files: { "Secret.md": "private secret" } },
  ]);
  const docOf = (path: string) => {
    const r = ws.resolve(path);
    if (r.kind !== "document") throw new Error(path);
    return r.loc.docId;
  };
  return { ws, docOf };
}

/**
 * Holds `docId` dormant in `workspace` with `text`, woken from the same Yjs state (`state`);
 * counts wakes. While `fail` is set the waker throws what it makes instead.
 */
export function holdDormant(workspace: Workspace, docId: string, text: string) {
  const saved = new Y.Doc();
  saved.getText("contents").insert(0, text);
  const source: { wakes: number; state: Uint8Array; fail?: (docId: string) => Error } = {
    wakes: 0,
    state: Y.encodeStateAsUpdate(saved),
  };
  workspace.addDormantContent(docId, text, (id) => {
    source.wakes++;
    if (source.fail) throw source.fail(id);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, source.state);
    return doc;
  });
  return source;
}

export function addContent(workspace: Workspace, docId: string, text: string): Y.Doc {
  const doc = new Y.Doc();
  doc.getText("contents").insert(0, text);
  workspace.addContent(docId, doc);
  return doc;
}

/** Calls `POST /doc/:id/auth` as an application backend holding the server token would. */
export async function fetchClientToken(
  baseUrl: string,
  docId: string,
  serverToken?: string,
  body: Record<string, unknown> = {},
): Promise<ClientToken> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (serverToken) headers.authorization = `Bearer ${serverToken}`;
  const res = await fetch(`${baseUrl}/doc/${docId}/auth`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`auth failed: ${res.status}`);
  return (await res.json()) as ClientToken;
}

/** Stops a test's clients and its server (for afterEach). */
export async function stopAll(clients: Client[], server: Running | undefined): Promise<void> {
  for (const c of clients.splice(0)) c.stop();
  await server?.stop();
}

export interface Client {
  doc: Y.Doc;
  text: Y.Text;
  provider: YSweetProvider;
  stop(): void;
}

/** Connects an official y-sweet provider to `docId` and waits until it has synced. */
export async function connectClient(
  baseUrl: string,
  docId: string,
  options: { serverToken?: string; authorization?: "full" | "read-only"; wait?: boolean } = {},
): Promise<Client> {
  const doc = new Y.Doc();
  const body = options.authorization ? { authorization: options.authorization } : {};
  const provider = createYjsProvider(
    doc,
    docId,
    () => fetchClientToken(baseUrl, docId, options.serverToken, body),
    {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      showDebuggerLink: false,
    },
  );
  const client = {
    doc,
    text: doc.getText("contents"),
    provider,
    stop: () => stopProvider(provider),
  };
  if (options.wait !== false) {
    await waitFor(() => provider.status === "connected", `${docId} to sync`);
  }
  return client;
}

/**
 * Stops a provider for good. In @y-sweet/client 0.9.1 `disconnect()` / `destroy()` still
 * reconnect from the socket's close handler and heartbeat timers, so detach those first.
 */
export function stopProvider(provider: YSweetProvider): void {
  const internals = provider as unknown as {
    websocket: WebSocket | null;
    clearHeartbeat(): void;
    clearConnectionTimeout(): void;
  };
  const socket = internals.websocket;
  if (socket) {
    socket.onclose = null;
    socket.onerror = null;
    socket.onmessage = null;
  }
  provider.disconnect();
  internals.clearHeartbeat();
  internals.clearConnectionTimeout();
  provider.destroy();
  provider.awareness.destroy();
}

/** Opens a raw WebSocket; resolves with it once open, rejects with the HTTP status if refused. */
export function openRawSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.binaryType = "nodebuffer";
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", (_req, res) => {
      reject(new Error(`HTTP ${res.statusCode}`));
      res.resume();
      socket.terminate();
    });
    socket.on("error", (error) => reject(error));
  });
}
