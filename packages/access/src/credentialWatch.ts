// Watches of credentials that something long-lived was opened with (a sync WebSocket, an event
// stream): one timer, running only while there are watches, asks every `intervalMs` whether
// each credential still lives, and tells the watchers of one that no longer does, once. Revoking
// a token or passing its expiry therefore reaches open connections within one period, with no
// request needed to notice it.

/** Why a credential stopped working. */
export type CredentialEnd = "revoked" | "expired";

type Watcher = (why: CredentialEnd) => void;

export class CredentialWatch {
  private readonly watchers = new Map<string, Set<Watcher>>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    /** Why `credential` no longer works, or undefined while it does (cheap: called per period). */
    private readonly endOf: (credential: string) => CredentialEnd | undefined,
    private readonly intervalMs: number,
    /** Called once per period before the credentials are asked (re-reads the token file). */
    private readonly refresh: () => void,
  ) {}

  /** How many watches are open. */
  get size(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /** Calls `onEnd` once when `credential` stops working; returns the function that unwatches. */
  watch(credential: string, onEnd: Watcher): () => void {
    let set = this.watchers.get(credential);
    if (!set) {
      set = new Set();
      this.watchers.set(credential, set);
    }
    // Each watch its own function, so one watcher watching twice is two watches.
    const watcher: Watcher = (why) => onEnd(why);
    set.add(watcher);
    this.start();
    return () => {
      const current = this.watchers.get(credential);
      if (!current?.delete(watcher)) return;
      if (current.size === 0) this.watchers.delete(credential);
      if (this.watchers.size === 0) this.stop();
    };
  }

  /** Asks every watched credential now; ends the watches of the ones that stopped working. */
  check(): void {
    this.refresh();
    for (const [credential, set] of [...this.watchers]) {
      const why = this.endOf(credential);
      if (why === undefined) continue;
      this.watchers.delete(credential);
      for (const watcher of set) {
        try {
          watcher(why);
        } catch {
          // One watcher's failure does not keep the others from hearing.
        }
      }
    }
    if (this.watchers.size === 0) this.stop();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.check(), this.intervalMs);
    // Never what keeps a process alive.
    this.timer.unref();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
