// The sink contract: what a searcher reports about one document. Every callback returns whether
// to go on, so output limits and files-with-matches need no special cases in the searcher.

/** Totals for one document, given to `finish`. */
export interface SearchSummary {
  /** Lines reported through `matched`. */
  matchedLines: number;
  /**
   * Matches found. In line mode the search moves to the next line after a match, so this
   * equals `matchedLines`; in multiline mode it counts every match, as `rg -U --count` does
   * for a pattern that can match a newline.
   */
  matches: number;
}

export interface Sink {
  /**
   * The sink uses only `finish`'s totals (a count). In line mode without context the searcher
   * then finds matching lines without numbering them or cutting their text, and calls neither
   * `matched` nor `context`.
   */
  readonly totalsOnly?: boolean;
  /** With `totalsOnly`: the first matching line is all the sink needs of a document. */
  readonly firstMatchOnly?: boolean;
  /** A document starts; false = the sink wants nothing more at all (output is full). */
  begin(path: string): boolean;
  /** A matching line (1-based number, text without its `\n`); false = stop this document. */
  matched(lineNumber: number, line: string): boolean;
  /** A context line around matches; false = stop this document. */
  context(lineNumber: number, line: string): boolean;
  /** A gap between two groups of printed lines of this document; false = stop this document. */
  contextBreak(): boolean;
  /** The document is done (or stopped); false = stop the whole search. */
  finish(summary: SearchSummary): boolean;
}
