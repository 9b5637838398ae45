// output_mode "content": rg's standard printer without headings — `path:N:text` for matching
// lines, `path-N-text` for context, `--` between groups that are not adjacent and between files.
import type { SearchSummary, Sink } from "../searcher/sink.js";
import type { OutputLines } from "./output.js";
import { RG_SEPARATORS, type Separators } from "./separators.js";

export interface ContentOptions {
  /** `-n` (default true): print line numbers. */
  lineNumbers?: boolean;
  /** Context was asked for (-A/-B/-C > 0): rg then separates documents with `--`. */
  contextOn?: boolean;
  /** Lines were printed before the first document (a search resumed mid-way). */
  printedBefore?: boolean;
  separators?: Separators;
}

export class ContentPrinter implements Sink {
  private path = "";
  private printedInDoc = false;
  private printedAny = false;
  private readonly sep: Separators;
  private readonly lineNumbers: boolean;
  private readonly contextOn: boolean;

  constructor(
    private readonly out: OutputLines,
    options: ContentOptions = {},
  ) {
    this.sep = options.separators ?? RG_SEPARATORS;
    this.lineNumbers = options.lineNumbers ?? true;
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

  matched(lineNumber: number, line: string): boolean {
    return this.line(lineNumber, line, this.sep.match);
  }

  context(lineNumber: number, line: string): boolean {
    return this.line(lineNumber, line, this.sep.context);
  }

  contextBreak(): boolean {
    return this.out.push(this.sep.contextBreak);
  }

  finish(_summary: SearchSummary): boolean {
    return !this.out.full;
  }

  private line(lineNumber: number, text: string, sep: string): boolean {
    if (!this.printedInDoc && this.contextOn && this.printedAny) {
      if (!this.out.push(this.sep.contextBreak)) return false;
    }
    this.printedInDoc = true;
    this.printedAny = true;
    const number = this.lineNumbers ? `${lineNumber}${sep}` : "";
    return this.out.push(`${this.path}${sep}${number}${text}`);
  }
}
