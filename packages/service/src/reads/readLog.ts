// The port read records persist through: an append-only log of "this handle read that document",
// loaded once at start. Losing its tail costs an assistant a second read, never a wrong edit, so
// it is written behind (no fsync per read).

/** One record: `key` names the handle (its owner and name), `doc` the document read at `at` (ms). */
export interface ReadEntry {
  key: string;
  /**
   * The document read; "" for a handle issued or used without a read (it keeps it alive);
   * "\u0000forget" when the handle was forgotten.
   */
  doc: string;
  at: number;
}

export interface ReadLog {
  /** Every entry written before, oldest first. */
  load(): Iterable<ReadEntry>;
  /** Writes `entry` behind: durable soon, in order. */
  append(entry: ReadEntry): void;
  /**
   * Entries other processes append from now on (a cluster's shared log), given to `apply` as
   * they arrive; a log of one process has none and leaves this unset.
   */
  follow?(apply: (entry: ReadEntry) => void): void;
}
