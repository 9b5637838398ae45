// A sink that records every event: lets tests check the searcher without any printer.
import type { SearchSummary, Sink } from "./sink.js";

export type SinkEvent =
  | { type: "begin"; path: string }
  | { type: "matched"; line: number; text: string }
  | { type: "context"; line: number; text: string }
  | { type: "break" }
  | { type: "finish"; summary: SearchSummary };

export class RecordingSink implements Sink {
  readonly events: SinkEvent[] = [];
  /** Stop the document after this many matched lines (to test early stops). */
  constructor(private readonly stopAfterMatches = Number.POSITIVE_INFINITY) {}

  begin(path: string): boolean {
    this.events.push({ type: "begin", path });
    return true;
  }
  matched(line: number, text: string): boolean {
    this.events.push({ type: "matched", line, text });
    return this.events.filter((e) => e.type === "matched").length < this.stopAfterMatches;
  }
  context(line: number, text: string): boolean {
    this.events.push({ type: "context", line, text });
    return true;
  }
  contextBreak(): boolean {
    this.events.push({ type: "break" });
    return true;
  }
  finish(summary: SearchSummary): boolean {
    this.events.push({ type: "finish", summary });
    return true;
  }
}
