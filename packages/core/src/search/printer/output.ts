// Bounded output: collects entries (one per printed line), skipping `offset` of them and keeping
// at most `headLimit` and `maxChars` of printed text; `push` returns false once nothing more
// will be kept.
import { type EntryFormat, STRING_FORMAT } from "./entries.js";

export interface OutputLimits {
  /** Entries to skip first (`| tail -n +(offset+1)`). */
  offset?: number;
  /** Entries to keep at most (`| head -N`); 0 or absent = no limit. */
  headLimit?: number;
  /** Characters to keep at most (newlines included); absent = no limit. */
  maxChars?: number;
  /** Entries an earlier part of the same search produced (a search resumed mid-way). */
  producedBefore?: number;
}

export class OutputLines<E = string> {
  readonly entries: E[] = [];
  /** Why output stopped being kept: the entry limit or the character bound. */
  cut: "head" | "size" | undefined;
  private produced = 0;
  private chars = 0;

  constructor(
    private readonly limits: OutputLimits = {},
    private readonly format: EntryFormat<E> = STRING_FORMAT as unknown as EntryFormat<E>,
  ) {
    this.produced = limits.producedBefore ?? 0;
  }

  /** The kept entries, printed. */
  get lines(): string[] {
    return this.entries.map((e) => this.format.render(e));
  }

  /** Entries produced so far, skipped ones included (exact while nothing was cut). */
  get total(): number {
    return this.produced;
  }

  get full(): boolean {
    return this.cut !== undefined;
  }

  push(entry: E): boolean {
    if (this.cut) return false;
    this.produced++;
    if (this.produced <= (this.limits.offset ?? 0)) return true;
    const head = this.limits.headLimit ?? 0;
    if (head > 0 && this.entries.length >= head) {
      this.cut = "head";
      return false;
    }
    const max = this.limits.maxChars;
    if (max === undefined) {
      this.entries.push(entry);
      return true;
    }
    const cost = this.format.render(entry).length + (this.entries.length > 0 ? 1 : 0);
    if (this.chars + cost > max) {
      if (this.entries.length === 0) this.entries.push(this.format.shorten(entry, max));
      this.cut = "size";
      return false;
    }
    this.entries.push(entry);
    this.chars += cost;
    return true;
  }
}
