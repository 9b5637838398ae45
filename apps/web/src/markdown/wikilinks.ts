// A markdown-it inline rule for Obsidian wikilinks: `[[Note]]`, `[[Note|alias]]`,
// `[[Note#Heading]]` and embeds `![[Note]]` become one `wikilink` token, parsed by core's
// wikilink parser, so the page reads links exactly as Lens's link tools do. Code spans are
// consumed by markdown-it's backticks rule first, so links in code stay text.
import { parseWikilinks, type Wikilink } from "@lens/core";
import type { MarkdownIt, StateInline } from "markdown-it";

export const WIKILINK_TOKEN = "wikilink";

export type WikilinkMeta = Pick<Wikilink, "target" | "heading" | "block" | "alias" | "embed">;

const OPEN_BRACKET = 0x5b;
const BANG = 0x21;

function wikilinkRule(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state;
  const embed = src.charCodeAt(pos) === BANG;
  const open = embed ? pos + 1 : pos;
  if (src.charCodeAt(open) !== OPEN_BRACKET || src.charCodeAt(open + 1) !== OPEN_BRACKET) {
    return false;
  }
  const close = src.indexOf("]]", open + 2);
  if (close === -1 || close + 2 > posMax) return false;
  const raw = src.slice(pos, close + 2);
  const [link] = parseWikilinks(raw);
  if (link?.start !== 0 || link.end !== raw.length) return false;
  if (!silent) {
    const token = state.push(WIKILINK_TOKEN, "a", 0);
    const meta: WikilinkMeta = { target: link.target, embed: link.embed };
    if (link.heading !== undefined) meta.heading = link.heading;
    if (link.block !== undefined) meta.block = link.block;
    if (link.alias !== undefined) meta.alias = link.alias;
    token.meta = meta;
    token.content = raw;
  }
  state.pos = close + 2;
  return true;
}

export function wikilinks(md: MarkdownIt): void {
  md.inline.ruler.before("link", WIKILINK_TOKEN, wikilinkRule);
}

/** What a wikilink shows: its alias, else its target (and heading). */
export function wikilinkLabel(meta: WikilinkMeta): string {
  if (meta.alias) return meta.alias;
  const anchor = meta.heading ? `#${meta.heading}` : meta.block ? `#^${meta.block}` : "";
  return `${meta.target}${anchor}` || "this note";
}
