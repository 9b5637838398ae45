// The wikilink parser: every `[[…]]` / `![[…]]` of a note with its target, heading, block,
// alias and position, skipping code (fenced and inline) and unquoted frontmatter.
import { proseRanges, type TextRange } from "../text/markdownCode.js";
import { findFrontmatter, quotedRanges } from "./frontmatter.js";

export interface Wikilink {
  /** Offset of `[[` (of `!` for an embed) in the parsed text. */
  start: number;
  /** Offset just after `]]`. */
  end: number;
  /** `text.slice(start, end)`. */
  raw: string;
  /** Path part, trimmed: `Notes/Idea` of `[[Notes/Idea#Plan|the plan]]`; `""` for `[[#Heading]]`. */
  target: string;
  /** `Plan` of `[[T#Plan]]` (nested headings keep their `#`: `A#B`). */
  heading?: string;
  /** `abc` of `[[T#^abc]]`. */
  block?: string;
  /** Display text after `|` (or `\|`, the escaped pipe used inside tables). */
  alias?: string;
  /** True for `![[…]]`. */
  embed: boolean;
}

/** `[[` … `]]` on one line, no brackets inside; an optional `!` before makes an embed. */
const LINK = /(!?)\[\[([^[\]\r\n]*)\]\]/g;

/**
 * Every wikilink of a markdown text, in order. Links inside fenced code blocks and inline code
 * spans are text; in YAML frontmatter only links inside quoted strings count.
 */
export function parseWikilinks(text: string): Wikilink[] {
  const out: Wikilink[] = [];
  const fm = findFrontmatter(text);
  if (fm) {
    for (const r of quotedRanges(text, { start: fm.start, end: fm.end })) scan(text, r, out);
  }
  for (const r of proseRanges(text, fm?.bodyStart ?? 0)) scan(text, r, out);
  return out;
}

function scan(text: string, range: TextRange, out: Wikilink[]): void {
  const slice = text.slice(range.start, range.end);
  for (const m of slice.matchAll(LINK)) {
    const start = range.start + m.index;
    const end = start + m[0].length;
    const link = parseInner(m[2] ?? "", m[1] === "!");
    if (link) out.push({ start, end, raw: m[0], ...link });
  }
}

type LinkParts = Omit<Wikilink, "start" | "end" | "raw">;

/** Splits the text between the brackets: `target#heading|alias`, `target#^block|alias`. */
function parseInner(inner: string, embed = false): LinkParts | undefined {
  let path = inner;
  let alias: string | undefined;
  const pipe = inner.indexOf("|");
  if (pipe !== -1) {
    path = inner.slice(0, pipe);
    if (path.endsWith("\\")) path = path.slice(0, -1);
    alias = inner.slice(pipe + 1).trim();
  }
  let target = path;
  let heading: string | undefined;
  let block: string | undefined;
  const hash = path.indexOf("#");
  if (hash !== -1) {
    target = path.slice(0, hash);
    const anchor = path.slice(hash + 1).trim();
    if (anchor.startsWith("^")) block = anchor.slice(1);
    else heading = anchor;
  }
  target = target.trim();
  if (target === "" && !heading && !block) return undefined;
  const parts: LinkParts = { target, embed };
  if (heading) parts.heading = heading;
  if (block) parts.block = block;
  if (alias) parts.alias = alias;
  return parts;
}
