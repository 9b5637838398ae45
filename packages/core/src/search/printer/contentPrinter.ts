// output_mode "content": rg's standard printer without headings — matching lines, context lines,
// and `--` between groups that are not adjacent and, with context, between files (entries.ts
// prints them as `path:N:text`, `path-N-text`, `--`).
import type { SearchSummary, Sink } from "../searcher/sink.js";
import type { GrepEntry } from "./entries.js";
import type { OutputLines } from "./output.js";

export interface ContentOptions {
  /** Context was asked for (-A/-B/-C > 0): rg then separates documents with `--`. */
  contextOn?: boolean;
  /** Lines were printed before the first document (a search resumed mid-way). */
  printedBefore?: boolean;
}

export class ContentPrinter implements Sink {
  private path = "";
  private printedInDoc = false;
  private printedAny = false;
  private readonly contextOn: boolean;

  constructor(
    private readonly out: OutputLines<GrepEntry>,
    options: ContentOptions = {},
  ) {
    this.contextOn = options.contextOn ?? false;
    this.printedAny = options.printedBefore ?? false;
  }

  /** Whether anything was printed yet (what a resumed search needs to know). */
  get printedSomething(): boolean {
    return this.printedAny;
  }

  begin(path: string): boolean {
    this.path = path;
    this.printedInDoc = false;
    return !this.out.full;
  }

  matched(line: number, text: string): boolean {
    if (!this.startLine()) return false;
    return this.out.push({ kind: "match", path: this.path, line, text });
  }

  context(line: number, text: string): boolean {
    if (!this.startLine()) return false;
    return this.out.push({ kind: "context", path: this.path, line, text });
  }

  contextBreak(): boolean {
    return this.out.push({ kind: "break" });
  }

  finish(_summary: SearchSummary): boolean {
    return !this.out.full;
  }

  /** Before a document's first line: `--` when context is on and something came before. */
  private startLine(): boolean {
    if (!this.printedInDoc && this.contextOn && this.printedAny) {
      if (!this.out.push({ kind: "break" })) return false;
    }
    this.printedInDoc = true;
    this.printedAny = true;
    return true;
  }
}
