// The next occurrence of a fixed string, for scans that move forward: the last answer is kept,
// so a scan asking at growing positions searches every character about once (no quadratic
// rescans), and the search itself is the engine's indexOf rather than a loop over characters.

export class NextOccurrence {
  private askedFrom = 0;
  private at = -1;
  constructor(
    private readonly text: string,
    private readonly needle: string,
  ) {}

  /** First index at or after `from` where the needle starts; the text's length when none. */
  from(from: number): number {
    if (from >= this.askedFrom && from <= this.at) return this.at;
    const found = this.text.indexOf(this.needle, from);
    this.askedFrom = from;
    this.at = found === -1 ? this.text.length : found;
    return this.at;
  }
}
