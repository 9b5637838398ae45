// output_mode "count" (`rg --count`): `path:N` for each document with a match, N = matching
// lines — or, in multiline mode with a pattern that can match a newline, matches, as rg counts.
import type { SearchSummary, Sink } from "../searcher/sink.js";
import type { OutputLines } from "./output.js";
import { RG_SEPARATORS, type Separators } from "./separators.js";

export interface CountOptions {
  /** Count matches instead of matching lines (rg -U with a pattern that can match `\n`). */
  countMatches?: boolean;
  separators?: Separators;
}

export class CountPrinter implements Sink {
  private path = "";
  private readonly sep: Separators;
  constructor(
    private readonly out: OutputLines,
    private readonly options: CountOptions = {},
  ) {
    this.sep = options.separators ?? RG_SEPARATORS;
  }

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
    if (n > 0) this.out.push(`${this.path}${this.sep.match}${n}`);
    return !this.out.full;
  }
}
