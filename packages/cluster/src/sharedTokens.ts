// Named tokens shared by every process of a cluster: the token file's text lives in one Redis
// key, changed atomically (WATCH/MULTI) by whichever process or CLI makes a change, and copied
// into each process's data directory within a poll (250 ms), where its authenticator reads it.
// A revoked token is refused by every process within about half a second.
import type { Keys } from "./keys.js";
import type { ClusterRedis } from "./scripts.js";

/** The data directory's copy of the token file. */
export interface LocalTokens {
  read(): Promise<string | undefined>;
  write(text: string): Promise<void>;
}

const POLL_MS = 250;
const TRIES = 50;

export class SharedTokens {
  private last: string | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: ClusterRedis,
    private readonly keys: Keys,
    private readonly local: LocalTokens,
    private readonly onError: (err: Error) => void,
  ) {}

  /**
   * The first process of a cluster brings its tokens (when Redis has none yet); every other
   * directory's copy is replaced by the cluster's. Then the copy follows every change.
   */
  async start(): Promise<void> {
    const mine = await this.local.read();
    if (mine !== undefined) await this.redis.set(this.keys.tokens, mine, "NX");
    await this.pull();
    this.timer = setInterval(() => void this.pull().catch((e: Error) => this.onError(e)), POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Copies the cluster's token file here when it changed. */
  async pull(): Promise<void> {
    const text = await this.redis.get(this.keys.tokens);
    if (text === null || text === this.last) return;
    await this.local.write(text);
    this.last = text;
  }

  /** Runs `change` on the shared text atomically (retried when another change came between). */
  async change<T>(
    change: (text: string | undefined) => { text: string; result: T },
  ): Promise<{ text: string; result: T }> {
    const conn = this.redis.duplicate();
    conn.on("error", () => {});
    try {
      for (let i = 0; i < TRIES; i++) {
        await conn.watch(this.keys.tokens);
        const current = await conn.get(this.keys.tokens);
        let done: { text: string; result: T };
        try {
          done = change(current ?? undefined);
        } catch (e) {
          await conn.unwatch();
          throw e;
        }
        const ok = await conn.multi().set(this.keys.tokens, done.text).exec();
        if (ok !== null) {
          this.last = undefined;
          return done;
        }
      }
      throw new Error("the cluster's tokens kept changing under this change; try again");
    } finally {
      conn.disconnect();
    }
  }
}
