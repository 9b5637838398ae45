// The line around an offset of a searched text: by scanning to its newlines, or by binary search
// in the newline offsets a caller keeps beside the text (KeptForText.newlines).
import { newlinesBelow } from "../../text/lines.js";
import type { KeptForText, Match } from "./contract.js";

/** The line holding offset `at`, without its `\n`. */
export function lineAround(text: string, at: number): Match {
  const start = at === 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
  const nl = text.indexOf("\n", at);
  return [start, nl === -1 ? text.length : nl];
}

/** The lines around offsets of the text `mayMatch` last saw: by its kept newlines if any. */
export class LinesOf {
  private text: string | undefined;
  private kept: (() => Int32Array) | undefined;
  private newlines: Int32Array | undefined;

  keep(text: string, kept: KeptForText | undefined): void {
    this.text = text;
    this.kept = kept?.newlines;
    this.newlines = undefined;
  }

  /** The line holding offset `at`, without its `\n`. */
  around(text: string, at: number): Match {
    if (text !== this.text || !this.kept) return lineAround(text, at);
    this.newlines ??= this.kept();
    const nl = this.newlines;
    const k = newlinesBelow(nl, at);
    return [k === 0 ? 0 : nl[k - 1]! + 1, k < nl.length ? nl[k]! : text.length];
  }
}
