// Bounded output: collects printed lines (entries), skipping `offset` of them and keeping at most
// `headLimit` and `maxChars`; `push` returns false once nothing more will be kept.

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

export class OutputLines {
  readonly lines: string[] = [];
  /** Why output stopped being kept: the entry limit or the character bound. */
  cut: "head" | "size" | undefined;
  private produced = 0;
  private chars = 0;

  constructor(private readonly limits: OutputLimits = {}) {
    this.produced = limits.producedBefore ?? 0;
  }

  /** Entries produced so far, skipped ones included (exact while nothing was cut). */
  get total(): number {
    return this.produced;
  }

  get full(): boolean {
    return this.cut !== undefined;
  }

  push(line: string): boolean {
    if (this.cut) return false;
    this.produced++;
    if (this.produced <= (this.limits.offset ?? 0)) return true;
    const head = this.limits.headLimit ?? 0;
    if (head > 0 && this.lines.length >= head) {
      this.cut = "head";
      return false;
    }
    const max = this.limits.maxChars;
    const cost = line.length + (this.lines.length > 0 ? 1 : 0);
    if (max !== undefined && this.chars + cost > max) {
      if (this.lines.length === 0) this.lines.push(line.slice(0, max));
      this.cut = "size";
      return false;
    }
    this.lines.push(line);
    this.chars += cost;
    return true;
  }
}
