// Local updates on their way to the update log, in order: one pump sends them in pipelined
// batches and, when Redis cannot be reached, keeps them and tries again, so an update is never
// skipped or reordered. `drained()` is what a write waits for before it is acknowledged: once
// it resolves, every update made before the call is in the log (durable with appendfsync always).
import { type Keys, partitionOf } from "./keys.js";
import type { ClusterRedis } from "./scripts.js";

interface Pending {
  docId: string;
  update: Uint8Array;
  seq: number;
}

const BATCH = 128;
const RETRY_MS = 200;

export class Outbox {
  private readonly queue: Pending[] = [];
  private sent = 0;
  private queued = 0;
  private pumping = false;
  private closed = false;
  private lastError: Error | undefined;
  private readonly waiters: { seq: number; resolve: () => void }[] = [];

  constructor(
    private readonly redis: ClusterRedis,
    private readonly keys: Keys,
    private readonly member: string,
    /** Called with each entry's id once it is in the log. */
    private readonly onAppended: (docId: string, id: string) => void,
    private readonly onError: (err: Error) => void,
  ) {}

  /** Updates queued and not yet in the log. */
  get backlog(): number {
    return this.queue.length;
  }

  push(docId: string, update: Uint8Array): void {
    this.queue.push({ docId, update, seq: ++this.queued });
    void this.pump();
  }

  /**
   * Resolves once everything pushed before the call is in the log; rejects after `timeoutMs`
   * (Redis unreachable) with the last error; the updates stay queued and are sent later.
   */
  drained(timeoutMs: number): Promise<void> {
    const target = this.queued;
    if (this.sent >= target) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const waiter = { seq: target, resolve };
      this.waiters.push(waiter);
      const timer = setTimeout(() => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(
          new Error(
            `the update log did not take the change within ${timeoutMs} ms${this.lastError ? ` (${this.lastError.message})` : ""}`,
          ),
        );
      }, timeoutMs);
      waiter.resolve = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  close(): void {
    this.closed = true;
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0 && !this.closed) {
        const batch = this.queue.slice(0, BATCH);
        try {
          const pipeline = this.redis.pipeline();
          for (const e of batch) {
            const p = partitionOf(e.docId);
            (pipeline as unknown as ClusterRedis).lensAppend(
              this.keys.stream(p),
              this.keys.head,
              this.keys.dirty(p),
              e.docId,
              Buffer.from(e.update.buffer, e.update.byteOffset, e.update.byteLength),
              this.member,
            );
          }
          const results = (await pipeline.exec()) ?? [];
          // In order: the first failure stops the batch there; the rest is sent again (a Yjs
          // update applied twice changes nothing, so a resend after a lost reply is harmless).
          let done = 0;
          let failed: Error | undefined;
          for (const [err, id] of results) {
            if (err) {
              failed = err;
              break;
            }
            this.onAppended(batch[done]!.docId, String(id));
            done++;
          }
          if (results.length < batch.length) failed ??= new Error("pipeline cut short");
          this.queue.splice(0, done);
          if (done > 0) this.sent = batch[done - 1]!.seq;
          this.release();
          if (failed) throw failed;
          this.lastError = undefined;
        } catch (e) {
          this.lastError = e as Error;
          this.onError(e as Error);
          await new Promise((r) => setTimeout(r, RETRY_MS));
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private release(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i]!;
      if (w.seq <= this.sent) {
        this.waiters.splice(i, 1);
        w.resolve();
      }
    }
  }
}
