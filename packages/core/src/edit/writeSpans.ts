// Writing planned spans into the Y.Text. Plain-text spans are wrapped in place (their text
// items survive, so concurrent typing inside them merges into the deletion); spans holding
// marks are replaced whole.
import type * as Y from "yjs";
import { markupText, type SpanMarkup } from "./markup.js";
import type { Span } from "./plan.js";

/** Applies the spans right to left, inside the caller's transaction. */
export function writeSpans(
  text: Y.Text,
  spans: readonly Span[],
  markups: readonly SpanMarkup[],
): void {
  for (let i = spans.length - 1; i >= 0; i--) {
    const span = spans[i]!;
    const m = markups[i]!;
    if (!span.hasMarks && span.base === span.ai) continue; // unchanged plain text
    if (m.wrapsBase && !span.hasMarks) {
      text.insert(span.rawEnd, m.suffix);
      text.insert(span.rawStart, m.prefix);
      continue;
    }
    if (span.rawEnd > span.rawStart) text.delete(span.rawStart, span.rawEnd - span.rawStart);
    const value = markupText(span, m);
    if (value) text.insert(span.rawStart, value);
  }
}
