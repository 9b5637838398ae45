// Sessions: which documents an assistant has read, so edit can insist on read-before-edit.

/** Read-tracking state of one assistant session. */
export class Session {
  private readonly read = new Map<string, number>();
  constructor(readonly id: string) {}

  /** Records that this session read `docId` (called by a successful `read`). */
  markRead(docId: string, at = 0): void {
    this.read.set(docId, at);
  }

  hasRead(docId: string): boolean {
    return this.read.has(docId);
  }

  get readCount(): number {
    return this.read.size;
  }
}

/**
 * Sessions by id, with a bound on how many are kept: the least recently used is dropped
 * first. Adapters key it by transport session, process, or an explicit handle.
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
