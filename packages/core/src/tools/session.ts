// Sessions: which documents an assistant has read, so edit can insist on read-before-edit.

/** What a tool needs of a session: which documents it has read (read marks, edit asks). */
export interface ReadTracker {
  /** Records that `docId` was read (at `at`, ms). */
  markRead(docId: string, at?: number): void;
  hasRead(docId: string): boolean;
}

/** Read-tracking state of one assistant session. */
export class Session implements ReadTracker {
  private readonly read = new Map<string, number>();
  /**
   * @param id identity of the session (transport session, process, or explicit handle)
   * @param linked sessions that share reads with this one (the transport's session and the
   *   explicit handle the assistant passed): reads mark every one; any one unlocks edit.
   */
  constructor(
    readonly id: string,
    private readonly linked: readonly Session[] = [],
  ) {}

  /** Records that this session read `docId` (called by a successful `read`). */
  markRead(docId: string, at = 0): void {
    this.read.set(docId, at);
    for (const s of this.linked) s.markRead(docId, at);
  }

  hasRead(docId: string): boolean {
    return this.read.has(docId) || this.linked.some((s) => s.hasRead(docId));
  }

  get readCount(): number {
    return this.read.size;
  }
}

/** A map used as an LRU: `touch` moves a key to the back; `trim` drops from the front. */
function touch<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
}

export interface SessionLimits {
  /** Transport sessions kept (least recently used dropped first). Default 10 000. */
  maxSessions?: number;
  /** Explicit handles (`session_id`, `Lens-Session`) kept. Default 100 000. */
  maxHandles?: number;
  /**
   * New handles one transport session may bring; past it, that session's own oldest handle
   * is dropped, never anyone else's. Default 32.
   */
  handlesPerSession?: number;
}

/**
 * Sessions by id. Transport sessions (an MCP session, the stdio process, one REST request)
 * and the explicit handles assistants pass live in separate bounded stores, so a client that
 * invents handles by the thousand can neither evict another client's transport session nor,
 * beyond its own quota, another client's handles.
 */
export class SessionStore {
  private readonly transports = new Map<string, Session>();
  private readonly handles = new Map<string, Session>();
  /** Handles each transport session created, oldest first (its quota). */
  private readonly created = new Map<string, string[]>();
  readonly maxSessions: number;
  readonly maxHandles: number;
  readonly handlesPerSession: number;

  constructor(limits: SessionLimits | number = {}) {
    const l = typeof limits === "number" ? { maxSessions: limits } : limits;
    this.maxSessions = l.maxSessions ?? 10_000;
    this.maxHandles = l.maxHandles ?? 100_000;
    this.handlesPerSession = l.handlesPerSession ?? 32;
  }

  /** The transport session `id`, created on first use. */
  get(id: string): Session {
    const found = this.transports.get(id);
    if (found) {
      touch(this.transports, id, found);
      return found;
    }
    const s = new Session(id);
    this.transports.set(id, s);
    while (this.transports.size > this.maxSessions) {
      this.delete(this.transports.keys().next().value as string);
    }
    return s;
  }

  /**
   * The session a tool call runs in: the transport's own, linked with the explicit handle's
   * when the assistant passed `session_id` (for clients behind proxies that open a new
   * transport session for every request).
   */
  forCall(transportSessionId: string, handle?: string): Session {
    const own = this.get(transportSessionId);
    if (handle === undefined || handle === "") return own;
    return new Session(own.id, [own, this.handle(transportSessionId, handle)]);
  }

  private handle(transportSessionId: string, handle: string): Session {
    const key = `handle:${handle}`;
    const found = this.handles.get(key);
    if (found) {
      touch(this.handles, key, found);
      return found;
    }
    const mine = this.created.get(transportSessionId) ?? [];
    while (mine.length >= this.handlesPerSession) this.handles.delete(mine.shift()!);
    mine.push(key);
    this.created.set(transportSessionId, mine);
    const s = new Session(key);
    this.handles.set(key, s);
    while (this.handles.size > this.maxHandles) {
      this.handles.delete(this.handles.keys().next().value as string);
    }
    return s;
  }

  has(id: string): boolean {
    return this.transports.has(id) || this.handles.has(id);
  }

  /** Forgets a transport session (its handles stay: other transports may share them). */
  delete(id: string): void {
    this.transports.delete(id);
    this.created.delete(id);
  }

  /** Transport sessions and handles held. */
  get size(): number {
    return this.transports.size + this.handles.size;
  }
}
