// Structured output for programs (REST): one record per matching line with its column and its
// context lines, paged like the text printers (offset / head_limit count records).
import type { Matcher } from "../matcher/matcher.js";
import type { SearchSummary, Sink } from "../searcher/sink.js";

/** One matching line of one document. */
export interface GrepRecord {
  path: string;
  /** 1-based line number in the AI view (the numbers read prints). */
  line: number;
  /** 1-based column (UTF-16 code units) where the first match on the line starts. */
  column: number;
  text: string;
  /** Context lines printed before / after this match (content mode with -A/-B/-C). */
  before: { line: number; text: string }[];
  after: { line: number; text: string }[];
}

export class RecordsPrinter implements Sink {
  readonly records: GrepRecord[] = [];
  /** Records produced, skipped ones included. */
  total = 0;
  cut = false;
  private path = "";
  private pendingBefore: { line: number; text: string }[] = [];
  private last: GrepRecord | undefined;

  constructor(
    private readonly matcher: Matcher,
    private readonly limits: { offset: number; headLimit: number },
  ) {}

  begin(path: string): boolean {
    this.path = path;
    this.pendingBefore = [];
    this.last = undefined;
    return !this.cut;
  }

  matched(line: number, text: string): boolean {
    this.total++;
    if (this.total <= this.limits.offset) {
      this.pendingBefore = [];
      this.last = undefined;
      return true;
    }
    if (this.limits.headLimit > 0 && this.records.length >= this.limits.headLimit) {
      this.cut = true;
      return false;
    }
    const m = this.matcher.find(text, 0);
    const record: GrepRecord = {
      path: this.path,
      line,
      column: (m ? m[0] : 0) + 1,
      text,
      before: this.pendingBefore,
      after: [],
    };
    this.records.push(record);
    this.pendingBefore = [];
    this.last = record;
    return true;
  }

  /** Context after a match belongs to it until the next match; the rest waits as "before". */
  context(line: number, text: string): boolean {
    if (this.last && this.last.line + this.last.after.length + 1 === line) {
      this.last.after.push({ line, text });
    } else {
      this.pendingBefore.push({ line, text });
    }
    return true;
  }

  contextBreak(): boolean {
    this.pendingBefore = [];
    this.last = undefined;
    return true;
  }

  finish(_summary: SearchSummary): boolean {
    return !this.cut;
  }
}
