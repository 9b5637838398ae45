// Starts a Hono app on a Node http server (@hono/node-server) and stops it, SSE streams and
// WebSocket upgrades included.

import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import type { Hono } from "hono";

export interface Listening {
  server: ServerType;
  /** Host and port actually bound (port 0 resolved). */
  host: string;
  port: number;
  /** Base URL clients use: wildcard binds are shown as 127.0.0.1. */
  baseUrl: string;
  /** Stops accepting, ends open connections (SSE streams), resolves once closed. */
  close(): Promise<void>;
}

/** A URL host for an address: IPv6 in brackets, wildcard addresses as loopback. */
export function urlHost(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}

export function listen(app: Pick<Hono, "fetch">, host: string, port: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => {
      server.off("error", reject);
      const close = () =>
        new Promise<void>((done) => {
          const http = server as HttpServer;
          http.close(() => done());
          http.closeAllConnections?.();
        });
      resolve({
        server,
        host,
        port: info.port,
        baseUrl: `http://${urlHost(host)}:${info.port}`,
        close,
      });
    });
    server.once("error", reject);
  });
}
