// Markdown to the page's tree (tree.ts): markdown-it (HTML disabled) tokenizes the text with
// its placeholders; this walks the tokens, keeping only known tags and safe attributes,
// splitting every text at its placeholders, and turning links into the page's own routes.

import type { Token } from "markdown-it";
import MarkdownIt from "markdown-it";
import { docHash } from "../app/route.js";
import type { LinkResolver } from "./resolveLink.js";
import { splitSlots, stripSlots, stripSlotsInUrl } from "./slots.js";
import type { ElementNode, RenderNode } from "./tree.js";
import { WIKILINK_TOKEN, type WikilinkMeta, wikilinkLabel, wikilinks } from "./wikilinks.js";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false }).use(wikilinks);

/** The placeholders' characters (slots.ts): private use, or the noncharacter U+FDD0. */
const PLACEHOLDER = /[\uE000-\uF8FF\uFDD0]/;
// markdown-it turns an address's host into punycode: a placeholder in the host became an
// `xn--` label the slot could not be found in, so the suggestion was lost instead of listed
// below the document. An address holding a placeholder is only percent-encoded.
const normalizeLink = md.normalizeLink.bind(md);
md.normalizeLink = (url) =>
  PLACEHOLDER.test(url) ? md.utils.lib.mdurl.encode(url) : normalizeLink(url);

/** Tags markdown-it's core rules produce; any other becomes a span. */
const TAGS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "ul",
  "ol",
  "li",
  "pre",
  "code",
  "em",
  "strong",
  "s",
  "a",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

export interface RenderContext {
  /** The document's user path (links resolve from it). */
  path: string;
  /** The placeholder character of the text (slots.ts). */
  marker: string;
  resolve: LinkResolver;
}

export interface RenderedDocument {
  /** YAML frontmatter, shown apart as text. */
  frontmatter?: RenderNode[];
  body: RenderNode[];
}

const FRONTMATTER = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(\r?\n|$)/;

/** Renders a document's text (with placeholders) to the page's tree. */
export function renderMarkdown(source: string, ctx: RenderContext): RenderedDocument {
  const fm = FRONTMATTER.exec(source);
  const body = fm ? source.slice(fm[0].length) : source;
  const root: ElementNode = { tag: "div", attrs: {}, children: [] };
  new Builder(root, ctx).blocks(md.parse(body, {}));
  const out: RenderedDocument = { body: root.children };
  if (fm) out.frontmatter = texts(fm[1] ?? "", ctx.marker);
  return out;
}

/** A token attribute as a string (markdown-it types them as string or number). */
function attr(t: Token, name: string): string | undefined {
  const v = t.attrGet(name);
  return v === null ? undefined : String(v);
}

function texts(text: string, marker: string): RenderNode[] {
  return splitSlots(text, marker).map((part) => (typeof part === "number" ? { slot: part } : part));
}

class Builder {
  /** Open elements; `null` stands for a hidden one (a tight list's paragraphs). */
  private readonly stack: (ElementNode | null)[];

  constructor(
    root: ElementNode,
    private readonly ctx: RenderContext,
  ) {
    this.stack = [root];
  }

  private get current(): ElementNode {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const el = this.stack[i];
      if (el) return el;
    }
    throw new Error("unbalanced markdown tokens");
  }

  private add(...nodes: RenderNode[]): void {
    this.current.children.push(...nodes);
  }

  private open(tag: string, attrs: Record<string, string> = {}): void {
    const el: ElementNode = { tag: TAGS.has(tag) ? tag : "span", attrs, children: [] };
    this.add(el);
    this.stack.push(el);
  }

  private close(): void {
    if (this.stack.length > 1) this.stack.pop();
  }

  private text(text: string): void {
    this.add(...texts(text, this.ctx.marker));
  }

  blocks(tokens: Token[]): void {
    for (const t of tokens) {
      if (t.type === "inline") this.inline(t.children ?? []);
      else if (t.type === "fence" || t.type === "code_block") this.code(t);
      else if (t.type === "hr") this.add({ tag: "hr", attrs: {}, children: [] });
      else if (t.nesting === 1) {
        if (t.hidden) this.stack.push(null);
        else this.open(t.tag, this.blockAttrs(t));
      } else if (t.nesting === -1) this.close();
      else if (t.content) this.text(t.content);
    }
  }

  private code(t: Token): void {
    const lang = /^[\w+-]+/.exec(t.info.trim())?.[0];
    const code: ElementNode = {
      tag: "code",
      attrs: lang ? { class: `language-${lang}` } : {},
      children: texts(t.content, this.ctx.marker),
    };
    this.add({ tag: "pre", attrs: {}, children: [code] });
  }

  private blockAttrs(t: Token): Record<string, string> {
    const attrs: Record<string, string> = {};
    const start = attr(t, "start");
    if (t.tag === "ol" && start && /^\d+$/.test(start)) attrs.start = start;
    const align = /text-align:(left|center|right)/.exec(attr(t, "style") ?? "")?.[1];
    if (align) attrs.class = `align-${align}`;
    return attrs;
  }

  private inline(tokens: Token[]): void {
    for (const t of tokens) {
      switch (t.type) {
        case "text":
          this.text(t.content);
          break;
        case "code_inline":
          this.add({ tag: "code", attrs: {}, children: texts(t.content, this.ctx.marker) });
          break;
        // A line break inside a paragraph is kept, as Obsidian shows it by default.
        case "softbreak":
        case "hardbreak":
          this.add({ tag: "br", attrs: {}, children: [] });
          break;
        case "link_open":
          this.link(attr(t, "href") ?? "", attr(t, "title"));
          break;
        case "image":
          this.image(t);
          break;
        case WIKILINK_TOKEN:
          this.wikilink(t.meta as WikilinkMeta);
          break;
        default:
          if (t.nesting === 1) this.open(t.tag);
          else if (t.nesting === -1) this.close();
          else if (t.content) this.text(t.content);
      }
    }
  }

  /**
   * A markdown link: the web and mail as they are, a note as its page, anything else (and an
   * address holding a suggestion) as text.
   */
  private link(rawHref: string, title: string | undefined): void {
    const address = stripSlotsInUrl(rawHref, this.ctx.marker);
    const attrs: Record<string, string> = {};
    if (title) attrs.title = stripSlots(title, this.ctx.marker);
    // An address with a pending suggestion in it is neither the old nor the new one: not a
    // link (the suggestion is listed below the document).
    if (address !== rawHref) {
      this.open("span", {
        ...attrs,
        class: "link-unresolved",
        title: "Its address holds a suggestion, listed below the document",
      });
      return;
    }
    const href = this.safeHref(address);
    if (href === undefined) {
      this.open("span", {
        ...attrs,
        class: "link-unresolved",
        title: `Not a link this page can open: ${address}`,
      });
      return;
    }
    attrs.href = href;
    if (/^(https?|mailto):/i.test(href)) {
      attrs.target = "_blank";
      attrs.rel = "noopener noreferrer";
      attrs.class = "external";
    }
    this.open("a", attrs);
  }

  private safeHref(href: string): string | undefined {
    if (/^(https?:\/\/|mailto:)/i.test(href)) return href;
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//") || href.startsWith("#")) {
      return undefined;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(href.split("#")[0] ?? "");
    } catch {
      return undefined;
    }
    const path = this.ctx.resolve(decoded, this.ctx.path);
    return path === undefined ? undefined : docHash(path);
  }

  /** Images are not loaded (notes' attachments are not served): their text and address show. */
  private image(t: Token): void {
    const alt = t.children?.map((c) => c.content).join("") ?? t.content;
    const src = stripSlotsInUrl(attr(t, "src") ?? "", this.ctx.marker);
    this.add({
      tag: "span",
      attrs: { class: "image", title: src },
      children: texts(`[image: ${alt || src}]`, this.ctx.marker),
    });
  }

  private wikilink(meta: WikilinkMeta): void {
    const label = texts(wikilinkLabel(meta), this.ctx.marker);
    const target = stripSlots(meta.target, this.ctx.marker);
    const path = target === "" ? undefined : this.ctx.resolve(target, this.ctx.path);
    const cls = meta.embed ? "wikilink embed" : "wikilink";
    if (path === undefined) {
      this.add({
        tag: "span",
        attrs: { class: `${cls} unresolved`, title: `No document named “${target}”` },
        children: label,
      });
    } else {
      this.add({ tag: "a", attrs: { class: cls, href: docHash(path) }, children: label });
    }
  }
}
