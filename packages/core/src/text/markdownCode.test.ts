// The one definition of markdown code: fences, code spans, containers, prose ranges, linearity,
// and that the CriticMarkup and wikilink parsers judge the same text the same way.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { growth, LINEAR_AT_8 } from "../../test/support/growth.js";
import { parseCritic, scanCritic } from "../critic/parse.js";
import { parseWikilinks } from "../links/wikilink.js";
import { CodeFinder, type CodeRegion, codeRanges, proseRanges } from "./markdownCode.js";

/** The code regions of `text`, as the text they cover. */
const code = (text: string) => codeRanges(text).map((r) => text.slice(r.start, r.end));
const lines = (...ls: string[]) => ls.join("\n");

describe("fenced code blocks", () => {
  it("opens on 3+ backticks or tildes and closes on the same fence", () => {
    expect(code(lines("a", "```", "x", "```", "b"))).toEqual(["```\nx\n```"]);
    expect(code(lines("~~~", "x", "~~~", "b"))).toEqual(["~~~\nx\n~~~"]);
    expect(codeRanges(lines("a", "```", "x", "```", "b"))).toEqual([
      { start: 2, end: 11, fenced: true },
    ]);
  });

  it("closes only on a run of the same character at least as long, with only blanks after", () => {
    expect(code(lines("````", "```", "~~~~", "x", "`````  ", "after"))).toEqual([
      "````\n```\n~~~~\nx\n`````  ",
    ]);
    expect(code(lines("~~~", "x", "~~~~~", "after"))).toEqual(["~~~\nx\n~~~~~"]);
    expect(code(lines("```", "x", "``` not a close", "y"))).toEqual(["```\nx\n``` not a close\ny"]);
  });

  it("runs an unclosed fence to the end of the text", () => {
    expect(code(lines("a", "~~~", "x", "", "y"))).toEqual(["~~~\nx\n\ny"]);
    expect(code("```")).toEqual(["```"]);
  });

  it("takes an info string, except a backtick fence's info string holding a backtick", () => {
    expect(code(lines("```js title", "x", "```"))).toEqual(["```js title\nx\n```"]);
    expect(code(lines("``` a ` b", "x"))).toEqual([]);
    expect(code(lines("~~~ a ` b", "x", "~~~"))).toEqual(["~~~ a ` b\nx\n~~~"]);
  });

  it("handles CRLF lines: the region ends before the closing line's newline", () => {
    const text = "```\r\nx\r\n```\r\ny `z`\r\n";
    expect(code(text)).toEqual(["```\r\nx\r\n```\r", "`z`"]);
  });

  it("allows up to 3 columns of indentation, for the opening and the closing fence", () => {
    expect(code(lines("   ```", "x", "   ```", "y"))).toEqual(["   ```\nx\n   ```"]);
  });

  // Regression: the CriticMarkup parser's rule took any indentation, so a 4-space `    ```` line
  // continuing a paragraph hid everything after it (CommonMark: not a fence).
  it("does not open a fence indented 4 columns (a paragraph line or indented code)", () => {
    expect(code(lines("text", "    ```", "[[x]] {++y++}"))).toEqual([]);
    expect(code(lines("text", "\t```", "x"))).toEqual([]);
    expect(code(lines("", "    ```", "x"))).toEqual([]);
  });

  it("does not take a closing fence indented 4 columns: it is content", () => {
    expect(code(lines("```", "    ```", "x"))).toEqual(["```\n    ```\nx"]);
  });

  it("opens fences in blockquotes, after the `>` markers", () => {
    expect(code(lines("> ```", "> x", "> ```", "y"))).toEqual(["> ```\n> x\n> ```"]);
    expect(code(lines("  > > ~~~", "  > > x", "> > ~~~", "y"))).toEqual([
      "  > > ~~~\n  > > x\n> > ~~~",
    ]);
    expect(code(lines(">\t```", "> x", "> ```"))).toEqual([">\t```\n> x\n> ```"]);
  });

  // Regression: a fence in a blockquote closes with the blockquote (CommonMark: no lazy lines).
  it("ends a fence where its blockquote ends", () => {
    expect(code(lines("> ```", "> x", "y `z`"))).toEqual(["> ```\n> x", "`z`"]);
    expect(code(lines("> ```", "> x", "", "> y"))).toEqual(["> ```\n> x"]);
  });

  // Regression: `>` was skipped before any fence, so a quoted fence line closed a top-level one.
  it("does not close a top-level fence with a quoted fence line", () => {
    const text = lines("```markdown", "> ```", "> x", "> ```", "```", "after");
    expect(code(text)).toEqual([text.slice(0, text.lastIndexOf("\n"))]);
  });

  it("opens fences in list items, indented up to 3 columns past the item's content", () => {
    expect(code(lines("- item", "\t```", "\t[[x]]", "\t```", "after"))).toEqual([
      "\t```\n\t[[x]]\n\t```",
    ]);
    expect(code(lines("1. step", "", "    ```", "    x", "    ```"))).toEqual([
      "    ```\n    x\n    ```",
    ]);
    expect(code(lines("- a", "\t- b", "\t\t```js", "\t\tx", "\t\t```", "c"))).toEqual([
      "\t\t```js\n\t\tx\n\t\t```",
    ]);
    expect(code(lines("> - a", ">   ```", ">   x", ">   ```"))).toEqual([
      ">   ```\n>   x\n>   ```",
    ]);
  });

  it("opens a fence right after a list marker", () => {
    expect(code(lines("- ```js", "  x", "  ```", "y"))).toEqual(["- ```js\n  x\n  ```"]);
    expect(code(lines("1) ~~~", "   x", "   ~~~"))).toEqual(["1) ~~~\n   x\n   ~~~"]);
  });

  // Regression: a fence in a list item closes with the item (a line indented less than its
  // content), where the old rules ran it to the end of the note.
  it("ends a fence where its list item ends", () => {
    expect(code(lines("- a", "  ```", "  x", "", "  y", "b `c`"))).toEqual([
      "  ```\n  x\n\n  y",
      "`c`",
    ]);
  });

  it("does not open a fence indented 4 columns past a list item's content", () => {
    expect(code(lines("- a", "", "      ```", "x"))).toEqual([]);
    expect(code(lines("-     ```", "x"))).toEqual([]);
  });

  it("does not take a thematic break for a list item", () => {
    expect(code(lines("* * *", "    ```", "x"))).toEqual([]);
    expect(code(lines("- - -", "  ```", "x", "  ```"))).toEqual(["  ```\nx\n  ```"]);
  });
});

describe("inline code spans", () => {
  it("closes a run of n backticks with the next run of exactly n", () => {
    expect(code("a `b` c ``d ` e`` f")).toEqual(["`b`", "``d ` e``"]);
    expect(code("`a``b`")).toEqual(["`a``b`"]);
    expect(code("``a` b `` c`")).toEqual(["``a` b ``"]);
  });

  it("leaves unmatched runs as text", () => {
    expect(code("a ` b")).toEqual([]);
    expect(code("```` x `` y")).toEqual([]);
    expect(code("``a` `b``")).toEqual(["``a` `b``"]);
  });

  it("spans the lines of a paragraph but not a blank line", () => {
    expect(code("x `a\nb` y")).toEqual(["`a\nb`"]);
    expect(code("x `a\n\nb` y")).toEqual([]);
    expect(code("x `a\n \t\r\nb` y")).toEqual([]);
    expect(code("`a\n\n`b`")).toEqual(["`b`"]);
  });

  // Regression: a fence interrupts a paragraph, so a code span cannot close across one.
  it("does not close a code span across a fence", () => {
    expect(code(lines("`a", "```", "x", "```", "b`"))).toEqual(["```\nx\n```"]);
  });

  // Regression: `>` alone is an empty line of a blockquote: it ends the paragraph.
  it("does not close a code span across an empty blockquote line", () => {
    expect(code(lines("> `a", ">", "> b`"))).toEqual([]);
    expect(code(lines("> `a", "> b`"))).toEqual(["`a\n> b`"]);
  });

  it("does not open a span at a backslash-escaped backtick", () => {
    expect(code("\\`a` b`")).toEqual(["` b`"]);
    expect(code("\\\\`a`")).toEqual(["`a`"]);
    expect(code("\\``a`")).toEqual(["`a`"]);
  });

  it("handles CRLF lines", () => {
    expect(code("`a\r\nb`\r\n")).toEqual(["`a\r\nb`"]);
    expect(code("`a\r\n\r\nb`\r\n")).toEqual([]);
  });
});

/** Bits of markdown that fences, spans, blockquotes and list items are made of. */
const MARKDOWN_PIECES = [
  "```",
  "~~~",
  "````",
  "`",
  "``",
  "\n",
  "\r\n",
  "\n\n",
  " ",
  "    ",
  "\t",
  "> ",
  ">",
  "- ",
  "1. ",
  "x",
  "\\",
];

describe("proseRanges", () => {
  it("is everything outside code, from `from` on", () => {
    const text = "a `b` c\n```\nx\n```\nd";
    expect(proseRanges(text).map((r) => text.slice(r.start, r.end))).toEqual(["a ", " c\n", "\nd"]);
    expect(proseRanges("---\n`a`\nb", 4)).toEqual([{ start: 7, end: 9 }]);
    expect(proseRanges("")).toEqual([]);
  });

  const piece = fc.constantFrom(...MARKDOWN_PIECES);
  const doc = fc.array(piece, { maxLength: 40 }).map((p) => p.join(""));

  it("holds for generated texts: regions in order, disjoint, and prose is the rest", () => {
    fc.assert(
      fc.property(doc, (text) => {
        const regions = codeRanges(text);
        const prose = proseRanges(text);
        const all = [...regions, ...prose].sort((a, b) => a.start - b.start);
        let at = 0;
        for (const r of all) {
          expect(r.start).toBe(at);
          expect(r.end).toBeGreaterThan(r.start);
          at = r.end;
        }
        expect(at).toBe(text.length);
        for (let i = 1; i < regions.length; i++)
          expect(regions[i]!.start).toBeGreaterThanOrEqual(regions[i - 1]!.end);
      }),
      { numRuns: 500 },
    );
  });

  describe("one definition for CriticMarkup and wikilinks", () => {
    it("gives the CriticMarkup parser the same regions on text without marks", () => {
      fc.assert(
        fc.property(doc, (text) => {
          expect(scanCritic(text).code).toEqual(codeRanges(text));
        }),
        { numRuns: 500 },
      );
    });

    it("judges a mark and a link at the same place the same way", () => {
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 30 }), fc.nat(), (pieces, k) => {
          const at = k % (pieces.length + 1);
          const withHole = (hole: string) => [...pieces.slice(0, at), hole, ...pieces.slice(at)];
          const marked = withHole("{++m++}").join("");
          const linked = withHole("[[abc]]").join("");
          const start = pieces.slice(0, at).join("").length;
          const isMark = parseCritic(marked).some((m) => m.start === start);
          const isLink = parseWikilinks(linked).some((l) => l.start === start);
          expect(isMark).toBe(isLink);
        }),
        { numRuns: 1000 },
      );
    });

    it("sees a [[link]] and a {++mark++} on one line alike", () => {
      for (const [text, live] of [
        [lines("para", "    ```", "[[L]] {++m++}"), true],
        [lines("- a", "\t```", "\t[[L]] {++m++}", "\t```"), false],
        [lines("> ```", "> x", "[[L]] {++m++}"), true],
        [lines("`a", "```", "x", "```", "[[L]] {++m++} b`"), true],
      ] as const) {
        expect(parseWikilinks(text).length > 0, text).toBe(live);
        expect(parseCritic(text).length > 0, text).toBe(live);
      }
    });
  });
});

describe("linearity", () => {
  it("stays linear on pathological input (cost at 8× the size is far from 64×)", () => {
    const inputs: ((n: number) => string)[] = [
      (n) => `${"1. ".repeat(n / 4)}x\n${"\n`a".repeat(n / 4)}`,
      (n) => `${"- a\n  ".repeat(n / 8)}\`\n`,
      (n) => `${">".repeat(n)}\`\`\`\n${"> x\n".repeat(n / 4)}`,
      (n) => `\`\`\`\n${"    ```\n".repeat(n / 8)}`,
      (n) => "` ``".repeat(n / 4),
      (n) => `${"\\".repeat(n)}\``,
      (n) => `${"`a\n".repeat(n / 4)}`,
      (n) => `${"- ".repeat(n / 2)}\`\`\`\n${"x\n".repeat(n / 4)}`,
    ];
    for (const input of inputs) {
      const ratio = growth((n) => {
        const text = input(n);
        return () => {
          codeRanges(text);
          scanCritic(text);
        };
      }, 25_000);
      expect(ratio).toBeLessThan(LINEAR_AT_8);
    }
  });
});

/**
 * The scan as it was first written, one character at a time (the finder asked at every line
 * start and every backtick): the oracle for the scan that jumps between newlines and backticks.
 */
function codeRangesByCharacter(text: string): CodeRegion[] {
  const finder = new CodeFinder(text);
  const out: CodeRegion[] = [];
  let i = 0;
  let lineStart = true;
  while (i < text.length) {
    if (lineStart) {
      lineStart = false;
      const fence = finder.fenceAt(i);
      if (fence) {
        out.push(fence);
        i = fence.end;
        continue;
      }
    }
    const c = text[i];
    if (c === "\n") {
      i++;
      lineStart = true;
    } else if (c === "`") {
      const step = finder.backtickAt(i);
      if (step.span) out.push(step.span);
      i = step.next;
    } else i++;
  }
  return out;
}

describe("the scan that jumps", () => {
  // Lines of every kind a fence or a span depends on: plain text at column 0 (the fast case),
  // other list markers, thematic breaks, tables, headings, non-ASCII and a mark.
  const piece = fc.constantFrom(
    ...MARKDOWN_PIECES,
    ...["* ", "+ ", "2) ", "---", "text", "é", "|", "#", "{++a++}"],
  );
  const doc = fc.array(piece, { maxLength: 60 }).map((p) => p.join(""));

  it("finds what a scan of every character finds, and the CriticMarkup parser agrees", () => {
    fc.assert(
      fc.property(doc, (text) => {
        const regions = codeRangesByCharacter(text);
        expect(codeRanges(text)).toEqual(regions);
        // The parser's regions outside its marks: those of the text with the marks blanked.
        const blanked = text.replaceAll("{++a++}", "       ");
        expect(scanCritic(blanked).code).toEqual(codeRangesByCharacter(blanked));
      }),
      { numRuns: 3000 },
    );
  });
});
