// Bounds on open event streams: so many per server and so many per token, so that no client —
// nor one token's many tabs — can hold the server's connections and workspace listeners.
import { ProblemError } from "./problems.js";

export interface StreamLimits {
  /** Most streams open at once on this server. */
  perServer: number;
  /** Most streams open at once for one token (the owner on an open server counts as one). */
  perToken: number;
}

export class StreamSlots {
  private total = 0;
  private readonly byHolder = new Map<string, number>();

  constructor(private readonly limits: StreamLimits) {}

  /** Streams open now. */
  get open(): number {
    return this.total;
  }

  /**
   * Takes a slot for `holder` (a token's name, or another label of the caller) and returns its
   * release (idempotent). Throws a 503 problem when the server is full, a 429 when the holder is.
   */
  take(holder: string): () => void {
    const held = this.byHolder.get(holder) ?? 0;
    if (this.total >= this.limits.perServer) {
      throw new ProblemError(
        "busy",
        `This server already has ${this.limits.perServer} event streams open; try again later.`,
        {},
        { "Retry-After": "30" },
      );
    }
    if (held >= this.limits.perToken) {
      throw new ProblemError(
        "too-many-streams",
        `This token already has ${this.limits.perToken} event streams open; close one (another tab or client) first.`,
        {},
        { "Retry-After": "30" },
      );
    }
    this.total++;
    this.byHolder.set(holder, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byHolder.get(holder) ?? 1) - 1;
      if (left > 0) this.byHolder.set(holder, left);
      else this.byHolder.delete(holder);
    };
  }
}
