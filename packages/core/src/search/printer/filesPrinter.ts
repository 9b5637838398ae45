// output_mode "files_with_matches" (`rg -l`): each document with a match, once, by path.
import type { SearchSummary, Sink } from "../searcher/sink.js";
import type { GrepEntry } from "./entries.js";
import type { OutputLines } from "./output.js";

export class FilesPrinter implements Sink {
  /** In line mode the searcher stops at a document's first matching line and says so here. */
  readonly totalsOnly = true;
  readonly firstMatchOnly = true;
  private path = "";
  private printed = false;
  constructor(private readonly out: OutputLines<GrepEntry>) {}

  begin(path: string): boolean {
    this.path = path;
    this.printed = false;
    return !this.out.full;
  }

  /** The first match decides (multiline): print the path and stop searching this document. */
  matched(): boolean {
    this.print();
    return false;
  }

  context(): boolean {
    return true;
  }

  contextBreak(): boolean {
    return true;
  }

  finish(summary: SearchSummary): boolean {
    if (summary.matchedLines > 0) this.print();
    return !this.out.full;
  }

  private print(): void {
    if (this.printed) return;
    this.printed = true;
    this.out.push({ kind: "file", path: this.path });
  }
}
