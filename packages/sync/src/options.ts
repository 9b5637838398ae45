// Options of the sync server and their defaults (limits, token lifetime, heartbeat, logging).
import type { Authenticator } from "@lens/access";
import type { Workspace } from "@lens/core";
import type * as Y from "yjs";
import { MAX_TOKEN_TTL_SECONDS } from "./tokens.js";

/** Structured log sink; the sync server never passes tokens or query strings to it. */
export type SyncLogger = (
  level: "debug" | "info" | "warn" | "error",
  message: string,
  fields?: Record<string, unknown>,
) => void;

export interface SyncOptions {
  /** The documents served. */
  workspace: Workspace;
  /**
   * Server token. When set, `/doc/*` endpoints need `Authorization: Bearer <token>`, and the
   * document endpoints and WebSocket need the client token from `/doc/:id/auth` (or this one).
   * When unset, everything is open: only for loopback.
   */
  token?: string;
  /**
   * Who may sync: the server's authenticator (named tokens with roles and folders). Unset = an
   * authenticator with `token` as its admin token (open when there is none).
   */
  auth?: Authenticator;
  /** Told of every refused authentication (the server's audit log); never given the token. */
  onAuthFailure?: (reason: string) => void;
  /**
   * Public base URL of the server (`https://lens.example.com`, optionally with a path a
   * proxy strips) used in client tokens. Default: `http://` + the request's Host header.
   */
  publicUrl?: string;
  /**
   * Create a missing doc on `/doc/:id/auth`, `/doc/new`, WebSocket connect and
   * `/d/:id/update` (as an empty content doc). Default true. When false, only `/doc/new`
   * creates docs, and auth of an unknown doc is a 404 as in y-sweet.
   */
  createDocs?: boolean;
  /** Called after the server created a doc and added it to the workspace. */
  onDocCreated?: (docId: string, doc: Y.Doc) => void;
  /** Largest Yjs update accepted, over HTTP or as one WebSocket message. Default 8 MiB. */
  maxUpdateBytes?: number;
  /** A client with more unsent data than this is disconnected. Default 64 MiB. */
  maxBufferedBytes?: number;
  /** Default lifetime of a client token, in seconds (y-sweet: one hour); at most a day. */
  tokenTtlSeconds?: number;
  /** WebSocket ping period; silent connections are dropped after one period. 0 disables. */
  pingIntervalMs?: number;
  log?: SyncLogger;
  /** Clock for token expiry (ms since epoch). */
  now?: () => number;
  /**
   * The server's Host/Origin guard, for the WebSocket upgrade (the HTTP routes get it from
   * the app that mounts them): a refusal message, or undefined to let the request through.
   */
  guard?: (headers: { host?: string; origin?: string }) => string | undefined;
  /** Most documents the workspace may hold before sync stops creating new ones. */
  maxDocs?: number;
  /** Largest size a document may grow to through sync (its state plus accepted updates). */
  maxDocBytes?: number;
}

export interface SyncSettings {
  workspace: Workspace;
  token: string | undefined;
  onAuthFailure: ((reason: string) => void) | undefined;
  publicUrl: URL | undefined;
  createDocs: boolean;
  onDocCreated: ((docId: string, doc: Y.Doc) => void) | undefined;
  maxUpdateBytes: number;
  maxBufferedBytes: number;
  tokenTtlSeconds: number;
  pingIntervalMs: number;
  log: SyncLogger;
  now: () => number;
  guard: ((headers: { host?: string; origin?: string }) => string | undefined) | undefined;
  maxDocs: number;
  maxDocBytes: number;
}

export const SYNC_DEFAULTS = {
  maxUpdateBytes: 8 * 1024 * 1024,
  maxDocs: 100_000,
  maxDocBytes: 64 * 1024 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
  tokenTtlSeconds: 3600,
  pingIntervalMs: 30_000,
} as const;

export function resolveSettings(options: SyncOptions): SyncSettings {
  let publicUrl: URL | undefined;
  if (options.publicUrl !== undefined) {
    publicUrl = new URL(options.publicUrl);
    if (publicUrl.protocol !== "http:" && publicUrl.protocol !== "https:") {
      throw new Error(`publicUrl must be an http(s) URL, got ${publicUrl.protocol}`);
    }
  }
  const tokenTtlSeconds = options.tokenTtlSeconds ?? SYNC_DEFAULTS.tokenTtlSeconds;
  if (!(tokenTtlSeconds > 0 && tokenTtlSeconds <= MAX_TOKEN_TTL_SECONDS)) {
    throw new Error(`tokenTtlSeconds must be above 0 and at most ${MAX_TOKEN_TTL_SECONDS}`);
  }
  return {
    workspace: options.workspace,
    token: options.token || undefined,
    onAuthFailure: options.onAuthFailure,
    publicUrl,
    createDocs: options.createDocs ?? true,
    onDocCreated: options.onDocCreated,
    maxUpdateBytes: options.maxUpdateBytes ?? SYNC_DEFAULTS.maxUpdateBytes,
    maxBufferedBytes: options.maxBufferedBytes ?? SYNC_DEFAULTS.maxBufferedBytes,
    tokenTtlSeconds,
    pingIntervalMs: options.pingIntervalMs ?? SYNC_DEFAULTS.pingIntervalMs,
    log: options.log ?? (() => {}),
    now: options.now ?? Date.now,
    guard: options.guard,
    maxDocs: options.maxDocs ?? SYNC_DEFAULTS.maxDocs,
    maxDocBytes: options.maxDocBytes ?? SYNC_DEFAULTS.maxDocBytes,
  };
}
