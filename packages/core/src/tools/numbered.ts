// Lines numbered as read prints them (`cat -n`: the 1-based number right-aligned in 6 columns,
// a tab, the line), for read itself and for the excerpts write tools answer with.
import { z } from "zod";
import { lineAt, lineIndexOf, lineStarts } from "../text/lines.js";

export function numberColumn(n: number): string {
  return String(n).padStart(6);
}

/** Characters of one excerpt line shown before it is cut with `…`. */
const EXCERPT_LINE = 200;
/** Lines of an excerpt shown before its middle is left out. */
const EXCERPT_LINES = 24;

export const ExcerptSchema = z
  .array(z.object({ line: z.number().int(), text: z.string() }))
  .describe(
    "AI-view lines around the change, numbered like read; a gap in numbers = lines left out.",
  );
export type Excerpt = z.infer<typeof ExcerptSchema>;

/** The lines of `text` holding offsets [from, to), with `context` lines either side. */
export function excerptAround(text: string, from: number, to: number, context = 2): Excerpt {
  const starts = lineStarts(text);
  if (starts.length === 0) return [];
  const first = lineIndexOf(starts, from);
  const last = Math.max(first, lineIndexOf(starts, Math.max(from, to - 1)));
  const lo = Math.max(0, first - context);
  const hi = Math.min(starts.length - 1, last + context);
  const rows: Excerpt = [];
  const half = EXCERPT_LINES / 2;
  for (let i = lo; i <= hi; i++) {
    if (hi - lo + 1 > EXCERPT_LINES && i === lo + half) i = hi - half + 1;
    rows.push({ line: i + 1, text: cutLine(lineAt(text, starts, i).replace(/\r$/, "")) });
  }
  return rows;
}

function cutLine(line: string): string {
  if (line.length <= EXCERPT_LINE) return line;
  let keep = EXCERPT_LINE;
  const c = line.charCodeAt(keep - 1);
  if (c >= 0xd800 && c <= 0xdbff) keep--;
  return `${line.slice(0, keep)}…`;
}

/** An excerpt as read prints lines; left-out lines show as one unnumbered note. */
export function renderExcerpt(rows: Excerpt): string {
  const out: string[] = [];
  let prev: number | undefined;
  for (const r of rows) {
    if (prev !== undefined && r.line > prev + 1) {
      out.push(`${" ".repeat(6)}\t… (${r.line - prev - 1} lines not shown)`);
    }
    out.push(`${numberColumn(r.line)}\t${r.text}`);
    prev = r.line;
  }
  return out.join("\n");
}
