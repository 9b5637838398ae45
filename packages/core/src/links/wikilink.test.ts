// The wikilink parser: every SPEC §5 form, positions, code awareness, frontmatter.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { growth, LINEAR_AT_8 } from "../../test/support/growth.js";
import {
  parseWikilinks,
  type Wikilink,
  wikilinkAt,
  wikilinkSpans,
  wikilinkTargetAt,
} from "./wikilink.js";

/** The one link of `text`, without positions. */
function one(text: string): Omit<Wikilink, "start" | "end"> {
  const links = parseWikilinks(text);
  expect(links).toHaveLength(1);
  const { start: _s, end: _e, ...rest } = links[0]!;
  return rest;
}

const targets = (text: string) => parseWikilinks(text).map((l) => l.target);

describe("parseWikilinks: forms", () => {
  it.each([
    ["[[T]]", { target: "T" }],
    ["[[T|alias]]", { target: "T", alias: "alias" }],
    ["[[T#Heading]]", { target: "T", heading: "Heading" }],
    ["[[T#Part one#Sub]]", { target: "T", heading: "Part one#Sub" }],
    ["[[T#^block-1]]", { target: "T", block: "block-1" }],
    ["[[#Heading]]", { target: "", heading: "Heading" }],
    ["[[#^abc]]", { target: "", block: "abc" }],
    ["![[image.png]]", { target: "image.png", embed: true }],
    ["![[T#Heading|shown]]", { target: "T", heading: "Heading", alias: "shown", embed: true }],
    ["[[folder/T]]", { target: "folder/T" }],
    ["[[T.md]]", { target: "T.md" }],
    ["[[../x/T]]", { target: "../x/T" }],
    ["[[./T]]", { target: "./T" }],
    ["[[T\\|alias]]", { target: "T", alias: "alias" }],
    ["[[T#H\\|alias]]", { target: "T", heading: "H", alias: "alias" }],
    ["[[ spaced name | shown ]]", { target: "spaced name", alias: "shown" }],
    ["[[a|b|c]]", { target: "a", alias: "b|c" }],
    ["[[Café ünï 日本]]", { target: "Café ünï 日本" }],
  ])("%s", (text, expected) => {
    expect(one(text)).toEqual({ embed: false, raw: text, ...expected });
  });

  it("is not fooled by empty or bracketed forms", () => {
    expect(parseWikilinks("[[]] [[|x]] [[#]] [[ ]] [x] [[a\nb]] [[a]b]]")).toEqual([]);
    expect(targets("[[a [[b]] c]]")).toEqual(["b"]);
    expect(targets("[[[x]]]")).toEqual(["x"]);
  });

  it("finds an escaped-pipe link in a markdown table cell", () => {
    const text =
      "| Note | Why |\n| --- | --- |\n| [[Projects/Plan\\|the plan]] | see [[Other]] |\n";
    const links = parseWikilinks(text);
    expect(links.map((l) => [l.target, l.alias])).toEqual([
      ["Projects/Plan", "the plan"],
      ["Other", undefined],
    ]);
  });
});

describe("parseWikilinks: positions", () => {
  it("gives start/end offsets with raw = text.slice(start, end), the ! included for embeds", () => {
    const text = "Intro [[A]] and ![[b.png]]\nline 2 [[C|c]] 😀 [[D#x]]";
    const links = parseWikilinks(text);
    expect(links.map((l) => [l.start, l.end, l.raw])).toEqual([
      [6, 11, "[[A]]"],
      [16, 26, "![[b.png]]"],
      [34, 41, "[[C|c]]"],
      [45, 52, "[[D#x]]"],
    ]);
    for (const l of links) expect(text.slice(l.start, l.end)).toBe(l.raw);
  });

  it("holds for generated texts: raw is the slice, links in order and disjoint", () => {
    const piece = fc.constantFrom(
      "[[A]]",
      "![[B]]",
      "[[C|x]]",
      "`",
      "```",
      "\n",
      "[[",
      "]]",
      "x",
      " ",
      "---\n",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        const links = parseWikilinks(text);
        let last = 0;
        for (const l of links) {
          expect(text.slice(l.start, l.end)).toBe(l.raw);
          expect(l.start).toBeGreaterThanOrEqual(last);
          last = l.end;
        }
      }),
    );
  });
});

describe("parseWikilinks: code", () => {
  it("skips fenced code blocks (``` and ~~~), indented up to 3 spaces", () => {
    const text = [
      "[[before]]",
      "```js",
      "[[in backticks]]",
      "```",
      "   ~~~",
      "[[in tildes]]",
      "~~~",
      "[[after]]",
    ].join("\n");
    expect(targets(text)).toEqual(["before", "after"]);
  });

  it("follows CommonMark fence rules: closing fence as long, same char, nothing after", () => {
    const text = [
      "````",
      "```",
      "[[still code]]",
      "~~~~",
      "```` not a close",
      "````",
      "[[out]]",
      "    ```",
      "[[indented 4: not a fence]]",
      "",
      "``` info with ` backtick is not a fence",
      "",
      "[[also out]]",
    ].join("\n");
    expect(targets(text)).toEqual(["out", "indented 4: not a fence", "also out"]);
  });

  it("runs an unclosed fence to the end of the document", () => {
    expect(targets("[[a]]\n~~~\n[[b]]\n\n[[c]]")).toEqual(["a"]);
  });

  it("handles CRLF line endings around fences", () => {
    expect(targets("```\r\n[[x]]\r\n```\r\n[[y]]\r\n")).toEqual(["y"]);
  });

  it("skips inline code spans of any length, not unmatched backticks", () => {
    expect(targets("`[[a]]` [[b]] ``x ` [[c]] `` [[d]]")).toEqual(["b", "d"]);
    expect(targets("a ` lone backtick [[e]]")).toEqual(["e"]);
    expect(targets("``` [[f]] `` [[g]]")).toEqual(["f", "g"]);
    expect(targets("\\`[[h]]` [[i]]`")).toEqual(["h"]);
  });

  it("matches code spans across lines of a paragraph but not across a blank line", () => {
    expect(targets("x `a\n[[in span]]\nb` [[out]]")).toEqual(["out"]);
    expect(targets("x `a\n\n[[para 2]] b`")).toEqual(["para 2"]);
  });

  // Changed with the shared definition of code (text/markdownCode.ts): fences in containers.
  it("skips fences in blockquotes and list items, each ending with its container", () => {
    const text = [
      "> ```",
      "> [[in quote]]",
      "[[after quote]]",
      "- item",
      "\t```",
      "\t[[in item]]",
      "\t```",
      "- ```js",
      "  [[after marker]]",
      "[[after item]]",
    ].join("\n");
    expect(targets(text)).toEqual(["after quote", "after item"]);
  });

  it("ends a paragraph only at a blank line of spaces and tabs, not of NBSP", () => {
    expect(targets("`a\n\u00a0\n[[x]] b`")).toEqual([]);
    expect(targets("`a\n \t\n[[x]] b`")).toEqual(["x"]);
  });

  it("keeps a link that only touches a code span", () => {
    expect(targets("`code`[[A]]`code`")).toEqual(["A"]);
  });
});

describe("parseWikilinks: frontmatter", () => {
  it("counts quoted links (values, list items, flow lists) and not unquoted ones", () => {
    const text = [
      "---",
      'up: "[[Home]]"',
      "related:",
      '  - "[[Other]]"',
      "  - '[[Single]]'",
      'tags: ["[[InFlow]]", "[[Second|alias]]"]',
      "plain: [[Unquoted]]",
      "note: it's [[NotQuoted]]",
      'commented: 1 # "[[Comment]]"',
      "---",
      "Body [[Body]]",
    ].join("\n");
    expect(targets(text)).toEqual(["Home", "Other", "Single", "InFlow", "Second", "Body"]);
  });

  it("treats frontmatter only at the very start and only when closed", () => {
    expect(targets("x\n---\na: [[A]]\n---\n")).toEqual(["A"]);
    expect(targets("---\na: [[A]]\nno close")).toEqual(["A"]);
    expect(targets("---\r\na: '[[A]]'\r\n...\r\n[[B]]")).toEqual(["A", "B"]);
  });

  it("gives positions in the whole text", () => {
    const text = '---\nup: "[[Home]]"\n---\n';
    const [link] = parseWikilinks(text);
    expect(text.slice(link!.start, link!.end)).toBe("[[Home]]");
  });
});

describe("parseWikilinks: the scan", () => {
  // The scan replaced the regex `/(!?)\[\[([^[\]\r\n]*)\]\]/g` run over each prose range (no
  // match arrays, one search for `[[` across ranges); both must find the same links.
  const LINK = /(!?)\[\[([^[\]\r\n]*)\]\]/g;
  function byRegex(text: string): { start: number; end: number; raw: string; embed: boolean }[] {
    const out: { start: number; end: number; raw: string; embed: boolean }[] = [];
    for (const m of text.matchAll(LINK)) {
      // No frontmatter, code or pipes in these texts: every match with a non-blank inside is one.
      if ((m[2] ?? "").trim() === "") continue;
      out.push({ start: m.index, end: m.index + m[0].length, raw: m[0], embed: m[1] === "!" });
    }
    return out;
  }

  it("finds what the regex finds: leftmost, non-overlapping, embeds", () => {
    const piece = fc.constantFrom("[", "]", "[[", "]]", "!", "a", "b c", "\n", "\r", " ");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        const found = parseWikilinks(text).map(({ start, end, raw, embed }) => ({
          start,
          end,
          raw,
          embed,
        }));
        expect(found).toEqual(byRegex(text));
      }),
      { numRuns: 2000 },
    );
  });

  it("searches a text cut by many code spans once (linear)", () => {
    // Code spans cut the prose into many ranges; the only link is at the very end.
    const text = (n: number) => `${"a `b` ".repeat(n)}[[T]]`;
    expect(growth((n) => () => parseWikilinks(text(n)), 400)).toBeLessThan(LINEAR_AT_8);
  });
});

describe("wikilinkSpans, wikilinkAt, wikilinkTargetAt", () => {
  it("give back parseWikilinks' links and their targets", () => {
    const piece = fc.constantFrom(
      "[[",
      "]]",
      "!",
      "|",
      "\\|",
      "#",
      "#^",
      " ",
      "a",
      "Ab",
      "`",
      "\n",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        const spans = wikilinkSpans(text);
        const links = parseWikilinks(text);
        expect(spans.length).toBe(links.length * 2);
        links.forEach((l, i) => {
          expect(wikilinkAt(text, spans[2 * i]!, spans[2 * i + 1]!)).toEqual(l);
          expect(wikilinkTargetAt(text, spans[2 * i]!, spans[2 * i + 1]!)).toBe(l.target);
        });
      }),
      { numRuns: 3000 },
    );
  });
});
