// The ATX headings of a note (`# Title` … `###### Detail`) outside its frontmatter and fenced
// code blocks, with the section each one opens: what insert places text by.
import { findFrontmatter } from "../links/frontmatter.js";
import { codeRanges } from "../text/markdownCode.js";

export interface Heading {
  /** 1-based line of the heading. */
  line: number;
  /** 1 for `#` … 6 for `######`. */
  level: number;
  /** The heading's text, trimmed, without its `#`s or a closing `#` sequence. */
  text: string;
  /** Offset where the heading's line starts. */
  start: number;
  /** Offset where the next line starts (`text.length` on the last line). */
  end: number;
}

/** Up to 3 spaces, 1 to 6 `#`s, then a space, a tab or the line's end (no backtracking). */
const OPENING = /^ {0,3}(#{1,6})(?=[ \t]|\r?$)/;

/** The headings of `text`, in order. Linear in its length. */
export function findHeadings(text: string): Heading[] {
  const from = findFrontmatter(text)?.bodyStart ?? 0;
  const fences = codeRanges(text, from).filter((r) => r.fenced);
  const out: Heading[] = [];
  let line = 1 + countNewlines(text, 0, from);
  let fence = 0;
  for (let pos = from; pos < text.length; line++) {
    const nl = text.indexOf("\n", pos);
    const end = nl === -1 ? text.length : nl + 1;
    while (fence < fences.length && (fences[fence]?.end ?? 0) <= pos) fence++;
    const inFence = fence < fences.length && (fences[fence]?.start ?? 0) <= pos;
    if (!inFence && text.charCodeAt(pos) !== 0x0a) {
      const row = text.slice(pos, nl === -1 ? text.length : nl);
      const m = OPENING.exec(row);
      if (m) {
        const level = (m[1] as string).length;
        out.push({ line, level, text: headingText(row.slice(m[0].length)), start: pos, end });
      }
    }
    pos = end;
  }
  return out;
}

/** Offset where the section `headings[index]` opens ends: the next heading of its level or higher. */
export function sectionEnd(
  headings: readonly Heading[],
  index: number,
  textLength: number,
): number {
  const own = headings[index];
  if (!own) return textLength;
  for (let i = index + 1; i < headings.length; i++) {
    const h = headings[i] as Heading;
    if (h.level <= own.level) return h.start;
  }
  return textLength;
}

/** A heading's text: trimmed, without a closing run of `#`s (one that follows a space or tab). */
export function headingText(rest: string): string {
  const t = rest.trim();
  let i = t.length;
  while (i > 0 && t.charCodeAt(i - 1) === 0x23) i--;
  if (i === t.length) return t;
  if (i === 0) return "";
  const before = t.charCodeAt(i - 1);
  return before === 0x20 || before === 0x09 ? t.slice(0, i).trim() : t;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
