// output_mode "count" (`rg --count`): `path:N` for each document with a match, N = matching
// lines — or, in multiline mode with a pattern that can match a newline, matches, as rg counts.
import type { SearchSummary, Sink } from "../searcher/sink.js";
import type { GrepEntry } from "./entries.js";
import type { OutputLines } from "./output.js";

export interface CountOptions {
  /** Count matches instead of matching lines (rg -U with a pattern that can match `\n`). */
  countMatches?: boolean;
}

export class CountPrinter implements Sink {
  readonly totalsOnly = true;
  private path = "";
  constructor(
    private readonly out: OutputLines<GrepEntry>,
    private readonly options: CountOptions = {},
  ) {}

  begin(path: string): boolean {
    this.path = path;
    return !this.out.full;
  }

  matched(): boolean {
    return true;
  }

  context(): boolean {
    return true;
  }

  contextBreak(): boolean {
    return true;
  }

  finish(summary: SearchSummary): boolean {
    const n = this.options.countMatches ? summary.matches : summary.matchedLines;
    if (n > 0) this.out.push({ kind: "count", path: this.path, count: n });
    return !this.out.full;
  }
}
