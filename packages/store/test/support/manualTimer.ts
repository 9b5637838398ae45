// A timer a test drives: what the store schedules waits until the test fires it, so "nothing is
// written yet" and "nothing is scheduled" are facts to check, not a wait that hopes.
import type { StoreTimer } from "../../src/index.js";

interface Pending {
  fn: () => void;
  ms: number;
}

export class ManualTimer implements StoreTimer {
  private readonly waiting = new Set<Pending>();

  set(fn: () => void, ms: number): unknown {
    const entry = { fn, ms };
    this.waiting.add(entry);
    return entry;
  }

  clear(handle: unknown): void {
    this.waiting.delete(handle as Pending);
  }

  /** The delays of what is scheduled and not yet fired. */
  get scheduled(): number[] {
    return [...this.waiting].map((p) => p.ms);
  }

  /** Fires everything scheduled now; returns how many. */
  fire(): number {
    const due = [...this.waiting];
    this.waiting.clear();
    for (const p of due) p.fn();
    return due.length;
  }
}
