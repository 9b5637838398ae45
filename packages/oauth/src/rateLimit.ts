// A fixed-window rate limit per key (a client's address), with a bounded number of keys: a
// flood from many addresses fills the table, and then every new address shares one last key,
// so memory stays bounded and the endpoint keeps answering the ones it knows.

export interface RateLimitOptions {
  /** Requests allowed per key per window. */
  limit: number;
  windowMs: number;
  /** Most keys tracked in one window; default 10 000. */
  maxKeys?: number;
  now?: () => number;
}

export class RateLimit {
  private windowStart = 0;
  private readonly counts = new Map<string, number>();
  private readonly now: () => number;

  constructor(private readonly options: RateLimitOptions) {
    this.now = options.now ?? Date.now;
  }

  /** True when one more request from `key` is allowed now (and counts it). */
  take(key: string): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.options.windowMs) {
      this.windowStart = now;
      this.counts.clear();
    }
    const k =
      this.counts.has(key) || this.counts.size < (this.options.maxKeys ?? 10_000) ? key : "*";
    const n = (this.counts.get(k) ?? 0) + 1;
    this.counts.set(k, n);
    return n <= this.options.limit;
  }

  /** Seconds until the current window ends (a Retry-After value). */
  retryAfter(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.options.windowMs - this.now()) / 1000));
  }
}
