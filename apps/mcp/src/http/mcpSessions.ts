// Live MCP sessions over Streamable HTTP: one Server + transport per `Mcp-Session-Id`, with
// idle expiry, a bound on how many live at once, and tracking of requests still streaming.
import { randomUUID } from "node:crypto";
import type { Identity } from "@lens/access";
import { OWNER_ACTOR, type ServiceLog, SILENT_LOG } from "@lens/service";
import {
  LATEST_PROTOCOL_VERSION,
  type Server,
  SUPPORTED_PROTOCOL_VERSIONS,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import { createLensServer, type LensServerDeps } from "../server/mcpServer.js";
import { onStreamEnd } from "./onStreamEnd.js";

export interface McpSessionOptions {
  /** A session with nothing in flight for this long is closed. Default 30 minutes. */
  idleTimeoutMs?: number;
  /** How often idle sessions are looked for. Default: a tenth of the idle timeout, ≤ 60 s. */
  sweepIntervalMs?: number;
  /**
   * Most sessions alive at once. When full, a new session evicts the least recently used
   * idle one; when every session is busy, it is refused (503). Default 1000.
   */
  maxSessions?: number;
  /** Largest request body the transport reads, in bytes. Default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Answer POSTs with plain JSON (default), or with an SSE stream (false). Lens sends nothing
   * while a call runs (no progress, no logging), so a stream only cost more: its headers are
   * flushed in a write of their own, then the event, then the end. GET's stream is unchanged.
   */
  jsonResponse?: boolean;
  now?: () => number;
}

/** One MCP session: its server, its transport and how busy it is. */
export interface McpSession {
  readonly id: string;
  /** The credential (`Identity.credential`: a new token under an old name is another) that opened it; only it may use the session. */
  readonly owner: string;
  readonly server: Server;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** Requests being handled plus response streams still open (including the GET stream). */
  active: number;
  lastUsed: number;
}

/** A session being initialised: registered under its id once the SDK assigns one. */
export interface PendingSession {
  readonly id: string;
  readonly server: Server;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** Releases the slot when initialisation did not produce a session. */
  abandon(): Promise<void>;
}

/** Who opens a session when no authenticator is in front (tests, an open server). */
const OWNER_IDENTITY: Identity = OWNER_ACTOR;

export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60_000;
export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
/** How many ids of sessions ended by DELETE are remembered (about 0.5 MB). */
export const MAX_ENDED_IDS = 10_000;

/** Read tracking of an MCP session lives in core's SessionStore under this key. */
export function readTrackingKey(mcpSessionId: string): string {
  return `mcp:${mcpSessionId}`;
}

export class McpSessions {
  readonly idleTimeoutMs: number;
  readonly maxSessions: number;
  readonly maxBodyBytes: number;
  private readonly live = new Map<string, McpSession>();
  private readonly reviving = new Map<string, Promise<McpSession | undefined>>();
  /** Ids of sessions their clients ended (DELETE), oldest first: never revived. */
  private readonly ended = new Set<string>();
  private pending = 0;
  private readonly now: () => number;
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;
  private readonly log: ServiceLog;

  constructor(
    private readonly deps: LensServerDeps,
    private readonly options: McpSessionOptions = {},
  ) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.now = options.now ?? Date.now;
    this.log = deps.log ?? SILENT_LOG;
    const sweepMs =
      options.sweepIntervalMs ?? Math.max(1000, Math.min(60_000, this.idleTimeoutMs / 10));
    this.timer = setInterval(() => void this.sweep(), sweepMs);
    this.timer.unref();
  }

  /** Number of live sessions (initialised and not yet closed). */
  get size(): number {
    return this.live.size;
  }

  get(id: string): McpSession | undefined {
    return this.live.get(id);
  }

  /**
   * Opens a server + transport for an initialize request, or returns undefined when the bound
   * is reached and no idle session can be evicted. `id` is given only to revive a session.
   */
  async open(
    identity: Identity = OWNER_IDENTITY,
    id: string = randomUUID(),
  ): Promise<PendingSession | undefined> {
    if (this.closed) return undefined;
    // Re-checked after each eviction: a concurrent open may have taken the freed slot.
    while (this.live.size + this.pending >= this.maxSessions) {
      if (this.closed || !(await this.evictOne())) return undefined;
    }
    this.pending++;
    let settled = false;
    const settle = () => {
      if (!settled) {
        settled = true;
        this.pending--;
      }
    };
    // The id is chosen up front so the server can key its read tracking by it; the SDK
    // hands it out in the initialize response.
    const server = createLensServer(
      this.deps,
      { transport: readTrackingKey(id), durable: true },
      identity,
    );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      enableJsonResponse: this.options.jsonResponse ?? true,
      maxRequestBodySize: this.maxBodyBytes,
      onsessioninitialized: () => {
        settle();
        this.live.set(id, {
          id,
          owner: identity.credential,
          server,
          transport,
          active: 0,
          lastUsed: this.now(),
        });
        this.log.debug({ live: this.live.size }, "mcp session opened");
      },
    });
    // DELETE, eviction, expiry and shutdown all end here.
    const closed = server.onclose;
    server.onclose = () => {
      closed?.();
      settle();
      this.forget(id);
    };
    await server.connect(transport);
    return {
      id,
      server,
      transport,
      abandon: async () => {
        if (!this.live.has(id)) await server.close();
        settle();
      },
    };
  }

  /**
   * A fresh session under an id this server no longer knows (it restarted, or the session
   * expired or was evicted), so a client that keeps its `Mcp-Session-Id` goes on working
   * instead of being wedged by a 404. The session is new in every way: it has read nothing.
   * Only ids of the shape this server hands out are revived; concurrent requests with the
   * same id share one revival. Undefined when the session bound is reached.
   */
  revive(
    id: string,
    protocolVersion: string | null,
    identity: Identity = OWNER_IDENTITY,
  ): Promise<McpSession | undefined> {
    let revival = this.reviving.get(id);
    if (!revival) {
      revival = this.reviveNow(id, protocolVersion, identity).finally(() =>
        this.reviving.delete(id),
      );
      this.reviving.set(id, revival);
    }
    return revival;
  }

  private async reviveNow(
    id: string,
    protocolVersion: string | null,
    identity: Identity,
  ): Promise<McpSession | undefined> {
    const live = this.live.get(id);
    if (live) return live;
    const pending = await this.open(identity, id);
    if (!pending) return undefined;
    const version =
      protocolVersion && SUPPORTED_PROTOCOL_VERSIONS.includes(protocolVersion)
        ? protocolVersion
        : LATEST_PROTOCOL_VERSION;
    // The handshake the client made with the server's previous life, replayed server-side.
    const initialize = await pending.transport.handleRequest(
      revivalRequest({
        jsonrpc: "2.0",
        id: "lens-revive",
        method: "initialize",
        params: {
          protocolVersion: version,
          capabilities: {},
          clientInfo: { name: "revived-session", version: "0" },
        },
      }),
    );
    await initialize.text();
    const session = this.live.get(id);
    if (!session) {
      await pending.abandon();
      return undefined;
    }
    await (
      await pending.transport.handleRequest(
        revivalRequest({ jsonrpc: "2.0", method: "notifications/initialized" }, id, version),
      )
    ).text();
    this.log.info({ session: id }, "mcp session revived: unknown id, treated as a new session");
    return session;
  }

  /**
   * Handles one HTTP request of a live session, counting it as activity until its response
   * (possibly a long SSE stream) has ended, so the session is never closed under it.
   */
  async serve(s: McpSession, run: () => Promise<Response>): Promise<Response> {
    s.active++;
    s.lastUsed = this.now();
    let done = false;
    const finish = () => {
      if (!done) {
        done = true;
        s.active--;
        s.lastUsed = this.now();
      }
    };
    let res: Response;
    try {
      res = await run();
    } catch (e) {
      finish();
      throw e;
    }
    // A plain JSON answer is complete once built; only a stream (SSE) is busy until it ends.
    // Passed on as it is, so the HTTP layer writes it at once with its length. The media type
    // is looked at before the body: asking a @hono/node-server Response for its `body` turns it
    // into a web stream, which the server then reads back chunk by chunk instead of writing the
    // string it was built from.
    if (!res.headers.get("content-type")?.startsWith("text/event-stream") || !res.body) {
      finish();
      return res;
    }
    return new Response(onStreamEnd(res.body, finish), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  }

  private async evictOne(): Promise<boolean> {
    let victim: McpSession | undefined;
    for (const s of this.live.values()) {
      if (s.active === 0 && (!victim || s.lastUsed < victim.lastUsed)) victim = s;
    }
    if (!victim) return false;
    this.log.info(
      { session: victim.id },
      "mcp session limit reached: closing the least recently used idle session",
    );
    await this.close(victim.id);
    return true;
  }

  /**
   * Its client ended the session (DELETE): what it read is forgotten, and its id is never
   * revived again in this process — a later request under it is a 404, as the MCP spec says
   * of a terminated session (conformance `server-session-lifecycle`). The last
   * MAX_ENDED_IDS ids are kept; older ones, and all of them after a restart, revive as any
   * gone id of ours does.
   */
  endedByClient(s: McpSession, identity: Identity): void {
    this.deps.lens.forgetSession(identity, readTrackingKey(s.id));
    this.ended.add(s.id);
    if (this.ended.size > MAX_ENDED_IDS) {
      const oldest = this.ended.values().next().value;
      if (oldest !== undefined) this.ended.delete(oldest);
    }
  }

  /** Whether `id` is a session its client ended with DELETE (see endedByClient). */
  wasEnded(id: string): boolean {
    return this.ended.has(id);
  }

  /** Closes idle sessions; returns how many were closed. */
  async sweep(): Promise<number> {
    const cutoff = this.now() - this.idleTimeoutMs;
    const idle = [...this.live.values()].filter((s) => s.active === 0 && s.lastUsed <= cutoff);
    for (const s of idle) await this.close(s.id);
    if (idle.length) this.log.debug({ closed: idle.length }, "closed idle mcp sessions");
    return idle.length;
  }

  /** Closes one session (its transport, its server, its read tracking). */
  async close(id: string): Promise<void> {
    const s = this.live.get(id);
    if (!s) return;
    this.forget(id);
    await s.server.close();
  }

  /** Closes every session and stops the idle sweep. */
  async closeAll(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all([...this.live.keys()].map((id) => this.close(id)));
  }

  private forget(id: string): void {
    this.live.delete(id);
    // Its reads stay with the handles (durable, bound to its credential): a client that comes
    // back with the same id after a restart or an expiry still holds them, until they idle out.
  }
}

/** Session ids this server hands out (random UUIDs): the only ones it revives. */
export function isServerSessionId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
}

/** A request the server makes to a session's own transport while reviving it. */
function revivalRequest(message: object, sessionId?: string, protocolVersion?: string): Request {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (sessionId) headers["mcp-session-id"] = sessionId;
  if (protocolVersion) headers["mcp-protocol-version"] = protocolVersion;
  return new Request("http://lens.internal/mcp", {
    method: "POST",
    headers,
    body: JSON.stringify(message),
  });
}
