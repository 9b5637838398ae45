// DNS-rebinding protection: the Host header must name this server (a loopback name, one of its
// own addresses when bound to all interfaces, or a configured name), and a browser Origin, when
// present, must be one of those hosts too (or an explicitly allowed origin).
import { networkInterfaces, hostname as osHostname } from "node:os";
import { FORBIDDEN_REQUEST, problem } from "@lens/access";
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
  /**
   * Check Origin too (off only where a token already keeps web pages out; see lensApp.ts). A
   * function is asked on every request (tokens can be added to a running server).
   */
  checkOrigin: boolean | (() => boolean);
}

/** Why a request is refused: `error` is the 403 problem's `code`, `message` its `detail`. */
export interface Refusal {
  error: "forbidden_host" | "forbidden_origin";
  message: string;
}

/**
 * The one guard of every door — HTTP routes and the sync WebSocket upgrade alike: the Host
 * header must name this server (DNS rebinding), and a browser Origin, when present, must be
 * this server's own origin (host and port), an allowed origin, or a native app's (Obsidian's
 * `app://obsidian.md`, which no web page can send). `null` and `file://` are refused.
 */
export function refusal(
  headers: { host?: string | undefined; origin?: string | undefined },
  options: HostGuardOptions,
): Refusal | undefined {
  const { host, origin } = headers;
  if (options.hosts && (!host || !options.hosts.has(hostName(host)))) {
    return {
      error: "forbidden_host",
      message: `Host ${JSON.stringify((host ?? "").slice(0, 200))} is not allowed (DNS rebinding protection). Start Lens with --allowed-host NAME to allow it.`,
    };
  }
  if (
    origin !== undefined &&
    (typeof options.checkOrigin === "function" ? options.checkOrigin() : options.checkOrigin) &&
    !originAllowed(origin, host, options.hosts, new Set(options.origins ?? []))
  ) {
    return {
      error: "forbidden_origin",
      message: `Origin ${JSON.stringify(origin.slice(0, 200))} is not allowed. Start Lens with --allowed-origin ORIGIN to allow it.`,
    };
  }
  return undefined;
}

/** Refuses (403 problem) requests whose Host, or Origin when present, is not this server's. */
export function hostGuard(options: HostGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const refused = refusal(
      { host: c.req.header("host"), origin: c.req.header("origin") },
      options,
    );
    if (refused) {
      return problem(c, 403, refused.message, { code: refused.error }, { kind: FORBIDDEN_REQUEST });
    }
    await next();
  };
}

/**
 * Origins of native apps' web views, which no web page can send: Obsidian desktop
 * (`app://obsidian.md`) and Capacitor apps such as Obsidian on iOS (`capacitor://localhost`).
 * Local files (`file://`, `null`) are refused: a downloaded page must not write notes.
 */
const NATIVE_APP_SCHEMES = new Set(["app:", "capacitor:"]);

function originAllowed(
  origin: string,
  host: string | undefined,
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
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return NATIVE_APP_SCHEMES.has(url.protocol);
  const name = stripBrackets(url.hostname.toLowerCase());
  if (!(hosts ? hosts.has(name) : isLoopbackHost(name))) return false;
  // Same host name on another port is another origin: another local web app.
  const hostPort = host ? portOf(host) : undefined;
  const originPort = url.port || (url.protocol === "https:" ? "443" : "80");
  return hostPort === undefined || hostPort === originPort;
}

/** The port of a Host header value, if it names one. */
function portOf(hostHeader: string): string | undefined {
  const h = hostHeader.trim();
  const m = /:(\d+)$/.exec(h);
  if (!m) return undefined;
  // `[v6]:port`, or `name:port` with a single colon; a bare IPv6 address has no port.
  if (h.startsWith("[") ? h.includes("]:") : h.indexOf(":") === h.lastIndexOf(":")) return m[1];
  return undefined;
}
