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

const BANG = 0x21;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const NL = 0x0a;
const CR = 0x0d;
const BACKSLASH = 0x5c;
const PIPE = 0x7c;
const HASH = 0x23;

/**
 * Every wikilink of a markdown text, in order. Links inside fenced code blocks and inline code
 * spans are text; in YAML frontmatter only links inside quoted strings count.
 */
export function parseWikilinks(text: string): Wikilink[] {
  const spans = wikilinkSpans(text);
  const out = new Array<Wikilink>(spans.length / 2);
  for (let i = 0; i < spans.length; i += 2) out[i / 2] = wikilinkAt(text, spans[i]!, spans[i + 1]!);
  return out;
}

/**
 * Where the links of `parseWikilinks(text)` are, as `[start, end, start, end, …]`, without
 * making them: an index that keeps 100 000 links keeps a number pair for each, and makes a
 * link again with `wikilinkAt` when asked.
 */
export function wikilinkSpans(text: string): number[] {
  const out: number[] = [];
  if (!text.includes("[[")) return out;
  const opens = new Opens(text);
  const fm = findFrontmatter(text);
  if (fm) {
    for (const r of quotedRanges(text, { start: fm.start, end: fm.end })) scan(text, r, opens, out);
  }
  const body = fm?.bodyStart ?? 0;
  // No backtick and no `~~~`: no code span, no fence, so all of the body is prose (a quarter of
  // a typical vault's notes; the code scan looks at every character).
  if (!text.includes("`", body) && !text.includes("~~~", body)) {
    scan(text, { start: body, end: text.length }, opens, out);
  } else for (const r of proseRanges(text, body)) scan(text, r, opens, out);
  return out;
}

/** The link at a span `wikilinkSpans(text)` found. */
export function wikilinkAt(text: string, start: number, end: number): Wikilink {
  const embed = text.charCodeAt(start) === BANG;
  const parts = splitLink(text.slice(start + (embed ? 3 : 2), end - 2))!;
  const link = new Link(start, end, text.slice(start, end), parts.target, embed);
  if (parts.heading) link.heading = parts.heading;
  if (parts.block) link.block = parts.block;
  if (parts.alias) link.alias = parts.alias;
  return link;
}

/** The target of the link at a span `wikilinkSpans(text)` found (see `Wikilink.target`). */
export function wikilinkTargetAt(text: string, start: number, end: number): string {
  // splitLink's target without the parts it does not need: the text before the first `|`
  // (less an escaping `\`) and the first `#`, trimmed. Searched within the link only.
  const from = start + (text.charCodeAt(start) === BANG ? 3 : 2);
  let to = end - 2;
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) === PIPE) {
      to = i > from && text.charCodeAt(i - 1) === BACKSLASH ? i - 1 : i;
      break;
    }
  }
  for (let i = from; i < to; i++) {
    if (text.charCodeAt(i) === HASH) {
      to = i;
      break;
    }
  }
  return text.slice(from, to).trim();
}

/**
 * Where the next `[[` is, for ranges asked in increasing order: a search that ran past the end
 * of one range is reused by the next, so the text is searched about once however many ranges
 * (code spans cut prose into) there are.
 */
class Opens {
  private from = 0;
  private found = -2;
  constructor(private readonly text: string) {}

  /** Offset of the first `[[` at or after `at`, or -1. */
  next(at: number): number {
    if (this.found === -2 || at < this.from || (this.found !== -1 && this.found < at)) {
      this.from = at;
      this.found = this.text.indexOf("[[", at);
    }
    return this.found;
  }
}

/**
 * The links in `text[range]`: `[[`, then anything but brackets and line breaks, then `]]`; a
 * `!` just before makes an embed. The leftmost-first, non-overlapping matches the regex
 * `/(!?)\[\[([^[\]\r\n]*)\]\]/g` finds in that range, by a scan that looks at each character
 * a bounded number of times and makes no match arrays. Pushes the span of each match that is
 * a link (see `splitLink`).
 */
function scan(text: string, range: TextRange, opens: Opens, out: number[]): void {
  const end = range.end;
  let from = range.start;
  for (let open = opens.next(from); open !== -1 && open + 1 < end; ) {
    let k = open + 2;
    for (; k < end; k++) {
      const c = text.charCodeAt(k);
      if (c === OPEN || c === CLOSE || c === NL || c === CR) break;
    }
    if (k + 1 < end && text.charCodeAt(k) === CLOSE && text.charCodeAt(k + 1) === CLOSE) {
      const embed = open > from && text.charCodeAt(open - 1) === BANG;
      if (splitLink(text.slice(open + 2, k))) out.push(embed ? open - 1 : open, k + 2);
      from = k + 2;
      open = opens.next(from);
    } else open = opens.next(open + 1);
  }
}

/**
 * A parsed link. Made by a constructor rather than an object literal: V8 leaves room in the
 * object for the optional fields added after, so no link needs a property store of its own.
 */
class Link implements Wikilink {
  declare heading?: string;
  declare block?: string;
  declare alias?: string;
  constructor(
    public start: number,
    public end: number,
    public raw: string,
    public target: string,
    public embed: boolean,
  ) {}
}

/**
 * Splits the text between the brackets: `target#heading|alias`, `target#^block|alias`;
 * undefined when it names nothing (`[[]]`, `[[ ]]`, `[[#]]`, `[[|x]]`).
 */
function splitLink(
  inner: string,
): { target: string; heading?: string; block?: string; alias?: string } | undefined {
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
  return { target, heading, block, alias };
}
