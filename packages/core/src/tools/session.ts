// Sessions: which documents an assistant has read, so edit can insist on read-before-edit.

/** Read-tracking state of one assistant session. */
export class Session {
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

/**
 * Sessions by id, with a bound on how many are kept: the least recently used is dropped
 * first. Adapters key it by transport session or process; explicit handles passed by the
 * assistant live under their own prefix.
 */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  constructor(readonly maxSessions = 10_000) {}

  /** The session for `id`, created on first use. */
  get(id: string): Session {
    let s = this.sessions.get(id);
    if (s) {
      this.sessions.delete(id);
      this.sessions.set(id, s);
      return s;
    }
    s = new Session(id);
    this.sessions.set(id, s);
    while (this.sessions.size > this.maxSessions) {
      const oldest = this.sessions.keys().next().value as string;
      this.sessions.delete(oldest);
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
    return new Session(own.id, [own, this.get(`handle:${handle}`)]);
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  get size(): number {
    return this.sessions.size;
  }
}
