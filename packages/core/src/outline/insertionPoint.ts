// Where insert puts its text: the start or end of the note (after its frontmatter) or of a
// heading's section, and the text as it must be written there to stay whole lines.
import { findFrontmatter } from "../links/frontmatter.js";
import { type Heading, sectionEnd } from "./headings.js";

export type InsertPosition = "start" | "end";

/**
 * The offset in `text` where content goes. Start: right after the heading's line (the note's
 * frontmatter). End: right after the last non-blank line of the section (the note), so blank
 * lines before the next heading stay after the new text; right after the heading's line (the
 * frontmatter) when it has none.
 */
export function insertionOffset(
  text: string,
  headings: readonly Heading[],
  index: number | undefined,
  position: InsertPosition,
): number {
  const heading = index === undefined ? undefined : headings[index];
  const from = heading ? heading.end : (findFrontmatter(text)?.bodyStart ?? 0);
  if (position === "start") return from;
  const to = index === undefined ? text.length : sectionEnd(headings, index, text.length);
  return afterLastFilledLine(text, from, to);
}

/** End (after its line ending) of the last line in [from, to) holding more than whitespace. */
function afterLastFilledLine(text: string, from: number, to: number): number {
  let lineEnd = to;
  while (lineEnd > from) {
    const start = lineEnd >= 2 ? text.lastIndexOf("\n", lineEnd - 2) + 1 : 0;
    const lineStart = Math.max(start, from);
    if (lineStart >= lineEnd) break;
    if (/\S/.test(text.slice(lineStart, lineEnd))) return lineEnd;
    lineEnd = lineStart;
  }
  return from;
}

/**
 * `content` as written at `at`: a line ending before it when `at` is not a line start (the
 * note's last line has none), and after it unless it already has one or it ends a note that
 * ends without one. Line endings follow the note's (`\r\n` when it uses them). `lead` is the
 * length of the line ending put before it.
 */
export function textToInsert(
  text: string,
  at: number,
  content: string,
  crlf: boolean,
): { text: string; lead: number } {
  const nl = crlf ? "\r\n" : "\n";
  const body = crlf ? content.replace(/\r?\n/g, "\r\n") : content;
  const lead = at > 0 && text.charCodeAt(at - 1) !== 0x0a ? nl : "";
  const lastOfUnterminated = at === text.length && lead !== "";
  const trail = body.endsWith("\n") || lastOfUnterminated ? "" : nl;
  return { text: lead + body + trail, lead: lead.length };
}
