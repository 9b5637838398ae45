// output_mode "files_with_matches" (`rg -l`): each document with a match, once, by path.
import type { SearchSummary, Sink } from "../searcher/sink.js";
import type { GrepEntry } from "./entries.js";
import type { OutputLines } from "./output.js";

export class FilesPrinter implements Sink {
  private path = "";
  constructor(private readonly out: OutputLines<GrepEntry>) {}

  begin(path: string): boolean {
    this.path = path;
    return !this.out.full;
  }

  /** The first match decides: print the path and stop searching this document. */
  matched(): boolean {
    this.out.push({ kind: "file", path: this.path });
    return false;
  }

  context(): boolean {
    return true;
  }

  contextBreak(): boolean {
    return true;
  }

  finish(_summary: SearchSummary): boolean {
    return !this.out.full;
  }
}
