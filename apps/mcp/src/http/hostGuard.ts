// DNS-rebinding protection: the Host header must name this server (a loopback name, one of its
// own addresses when bound to all interfaces, or a configured name), and a browser Origin, when
// present, must be one of those hosts too (or an explicitly allowed origin).
import { networkInterfaces, hostname as osHostname } from "node:os";
import type { MiddlewareHandler } from "hono";

export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "::1"] as const;

/** True for a bind address that only loopback clients can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = stripBrackets(host.toLowerCase());
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** Host name of a Host header value (`name:port`, `[v6]:port`), lower-case, no brackets. */
export function hostName(hostHeader: string): string {
  const h = hostHeader.trim().toLowerCase();
  if (h.startsWith("[")) {
    const end = h.indexOf("]");
    return end > 0 ? h.slice(1, end) : h;
  }
  const colon = h.lastIndexOf(":");
  // A bare IPv6 address has several colons and no port.
  if (colon >= 0 && h.indexOf(":") === colon) return h.slice(0, colon);
  return h;
}

/**
 * The host names a server bound to `bindHost` answers to: loopback names, the bind address
 * itself, every local interface address and the machine's name when bound to all
 * interfaces, and `extra` (names a reverse proxy or DNS gives it). `*` in `extra` disables the
 * check (returns undefined).
 */
export function allowedHostNames(
  bindHost: string,
  extra: readonly string[] = [],
): Set<string> | undefined {
  if (extra.includes("*")) return undefined;
  const names = new Set<string>([...LOOPBACK_HOSTS, stripBrackets(bindHost.toLowerCase())]);
  const h = stripBrackets(bindHost);
  if (h === "0.0.0.0" || h === "::" || h === "") {
    for (const addrs of Object.values(networkInterfaces())) {
      for (const a of addrs ?? []) names.add(a.address.toLowerCase());
    }
    names.add(osHostname().toLowerCase());
  }
  for (const e of extra) names.add(hostName(e));
  return names;
}

export interface HostGuardOptions {
  /** Allowed host names (see allowedHostNames); undefined = any Host. */
  hosts: Set<string> | undefined;
  /** Extra allowed origins, exactly as browsers send them (`https://app.example.com`). */
  origins?: readonly string[];
  /** Check Origin too (MCP requires it; sync clients such as Obsidian send their own). */
  checkOrigin: boolean;
}

/** Refuses (403) requests whose Host, or Origin when present, is not this server's. */
export function hostGuard(options: HostGuardOptions): MiddlewareHandler {
  const origins = new Set(options.origins ?? []);
  return async (c, next) => {
    const host = c.req.header("host");
    if (options.hosts && (!host || !options.hosts.has(hostName(host)))) {
      return c.json(
        {
          error: "forbidden_host",
          message: `Host ${JSON.stringify(host ?? "")} is not allowed (DNS rebinding protection). Start Lens with --allowed-host NAME to allow it.`,
        },
        403,
      );
    }
    const origin = c.req.header("origin");
    if (
      options.checkOrigin &&
      origin !== undefined &&
      !originAllowed(origin, options.hosts, origins)
    ) {
      return c.json(
        {
          error: "forbidden_origin",
          message: `Origin ${JSON.stringify(origin)} is not allowed. Start Lens with --allowed-origin ORIGIN to allow it.`,
        },
        403,
      );
    }
    await next();
  };
}

function originAllowed(
  origin: string,
  hosts: Set<string> | undefined,
  origins: Set<string>,
): boolean {
  if (origins.has(origin) || origins.has("*")) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  const name = stripBrackets(url.hostname.toLowerCase());
  return hosts ? hosts.has(name) : isLoopbackHost(name);
}
