// Two ways to reach the REST app with the same calls: in process (app.request, mounted under
// /api/v1 as `lens serve` mounts it) and over real HTTP (the standalone server on 127.0.0.1:0).
import { SessionStore, type Workspace } from "@lens/core";
import { createLens, type Lens } from "@lens/service";
import { Hono } from "hono";
import { createRestApp, createStandaloneRestServer, type RestAppOptions } from "../../src/index.js";
import { fixtureWorkspace } from "./fixture.js";

export const BASE = "/api/v1";

export interface RestClient {
  /** Sends a request to `path` (relative to /api/v1). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  ws: Workspace;
  /** The service the app calls (its handles, for tests that share them with MCP). */
  lens: Lens;
  /** In-memory transport sessions (each request's own, dropped after it). */
  sessions: SessionStore;
  /** How many times afterWrite ran. */
  writes(): number;
  close(): Promise<void>;
}

/** A client over real HTTP: `url` is the API's base (http://127.0.0.1:port/api/v1). */
export interface HttpClient extends RestClient {
  url: string;
}

export type ClientOptions = Partial<RestAppOptions>;
export type MakeClient = (options?: ClientOptions) => Promise<RestClient>;

function deps(options: ClientOptions) {
  let writes = 0;
  const ws = options.workspace ?? fixtureWorkspace();
  const sessions = options.sessions ?? new SessionStore();
  const afterWrite =
    options.afterWrite ??
    (async () => {
      writes++;
    });
  const lens =
    options.lens ??
    createLens(
      ws,
      {
        persist: afterWrite,
        ...(options.audit ? { audit: options.audit } : {}),
        ...(options.grep ? { grep: options.grep } : {}),
      },
      { sessions },
    );
  return { app: { ...options, lens }, ws, sessions, writes: () => writes };
}

export const inProcess: MakeClient = async (options = {}) => {
  const { app, ws, sessions, writes } = deps(options);
  const root = new Hono();
  root.route(BASE, createRestApp(app));
  return {
    fetch: async (path, init) => root.request(`${BASE}${path}`, init),
    ws,
    lens: app.lens,
    sessions,
    writes,
    close: async () => {},
  };
};

export const overHttp = async (options: ClientOptions = {}): Promise<HttpClient> => {
  const { app, ws, sessions, writes } = deps(options);
  const server = await createStandaloneRestServer({ ...app, hostname: "127.0.0.1", port: 0 });
  return {
    url: server.url,
    fetch: (path, init) => fetch(`${server.url}${path}`, init),
    ws,
    lens: app.lens,
    sessions,
    writes,
    close: () => server.close(),
  };
};

/** JSON request options. */
export function json(
  body: unknown,
  headers: Record<string, string> = {},
  method = "POST",
): RequestInit {
  return {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}
