// The REST API on a Node HTTP server of its own (@hono/node-server), under /api/v1 as `lens serve`
// mounts it: for deploying the API alone and for tests over real HTTP.
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createRestApp, type RestAppOptions } from "./app.js";

export interface StandaloneRestOptions extends RestAppOptions {
  /** Address to bind (default 127.0.0.1). Beyond loopback a token is required. */
  hostname?: string;
  /** Port (default 0: any free port; the bound one is in the result). */
  port?: number;
  /** Where the API is mounted (default /api/v1). */
  basePath?: string;
}

export interface StandaloneRestServer {
  /** Base URL of the API, e.g. http://127.0.0.1:43121/api/v1. */
  url: string;
  port: number;
  /** Stops accepting and ends open connections. */
  close(): Promise<void>;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

export async function createStandaloneRestServer(
  options: StandaloneRestOptions,
): Promise<StandaloneRestServer> {
  const hostname = options.hostname ?? "127.0.0.1";
  if (!isLoopback(hostname) && options.token === undefined) {
    throw new Error(
      `Refusing to serve the REST API on ${hostname} without a token: set token, or bind to 127.0.0.1.`,
    );
  }
  const basePath = options.basePath ?? "/api/v1";
  const root = new Hono();
  root.route(basePath, createRestApp(options));
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: root.fetch, hostname, port: options.port ?? 0 },
      (info: AddressInfo) => {
        server.off("error", reject);
        const host = hostname.includes(":") ? `[${hostname}]` : hostname;
        resolve({
          url: `http://${host}:${info.port}${basePath}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              const http = server as HttpServer;
              http.close(() => done());
              http.closeAllConnections();
            }),
        });
      },
    );
    server.once("error", reject);
  });
}
