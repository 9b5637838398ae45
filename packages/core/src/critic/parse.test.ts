// parseCritic: the five forms, metadata, malformed and unclosed marks, and code regions.
import { describe, expect, it } from "vitest";
import { growth, LINEAR_AT_8 } from "../../test/support/growth.js";
import { parseCritic, scanCritic } from "./parse.js";

const kinds = (raw: string) => parseCritic(raw).map((m) => [m.kind, m.text]);

describe("parseCritic", () => {
  it("parses all five forms in order with raw and content offsets", () => {
    const raw = "a{++ins++}b{--del--}c{~~old~>new~~}d{>>note<<}e{==hi==}";
    const marks = parseCritic(raw);
    expect(marks.map((m) => m.kind)).toEqual([
      "insert",
      "delete",
      "substitute",
      "comment",
      "highlight",
    ]);
    for (const m of marks) {
      expect(raw.slice(m.contentStart, m.contentEnd)).toBe(m.text);
      expect(m.contentStart).toBe(m.start + 3);
      expect(m.contentEnd).toBe(m.end - 3);
    }
    const sub = marks[2]!;
    expect(sub).toMatchObject({ text: "old~>new", oldText: "old", newText: "new" });
    expect(raw.slice(sub.start, sub.end)).toBe("{~~old~>new~~}");
  });

  it("reads metadata after the opening delimiter", () => {
    const raw = '{++{"author":"ann","time":1700000000000}@@hello++}';
    const [m] = parseCritic(raw);
    expect(m).toMatchObject({
      kind: "insert",
      text: "hello",
      meta: { author: "ann", time: 1700000000000 },
      contentStart: raw.indexOf("hello"),
    });
  });

  it("reads metadata in a substitution before looking for ~>", () => {
    const [m] = parseCritic('{~~{"author":"x~>y"}@@a~>b~~}');
    expect(m).toMatchObject({ oldText: "a", newText: "b", meta: { author: "x~>y" } });
  });

  it("keeps string times and ignores other metadata fields", () => {
    const [m] = parseCritic('{>>{"author":"bo","time":"2024-01-01","done":true}@@ok<<}');
    expect(m?.meta).toEqual({ author: "bo", time: Date.parse("2024-01-01") });
  });

  it("treats an invalid JSON prefix as plain content", () => {
    expect(kinds('{++{"author":bob}@@x++}')).toEqual([["insert", '{"author":bob}@@x']]);
    expect(kinds("{++{not json}@@x++}")).toEqual([["insert", "{not json}@@x"]]);
    expect(kinds('{++["a"]@@x++}')).toEqual([["insert", '["a"]@@x']]);
    expect(kinds('{++{"a":1} @@x++}')).toEqual([["insert", '{"a":1} @@x']]);
  });

  it("ends a mark at the first closing delimiter", () => {
    expect(kinds("{++a++}b++}")).toEqual([["insert", "a"]]);
    expect(kinds('{++{"author":"a++}"}@@x++}')).toEqual([["insert", '{"author":"a']]);
  });

  it("leaves unclosed and malformed marks as plain text", () => {
    expect(parseCritic("{++never closed")).toEqual([]);
    expect(parseCritic("{~~no separator~~}")).toEqual([]);
    expect(parseCritic("{+ + } {- -} {~ ~} ++} --}")).toEqual([]);
    expect(kinds("{~~a~~} {++b++}")).toEqual([["insert", "b"]]);
    expect(kinds("{++ {--x--}")).toEqual([["delete", "x"]]);
  });

  it("parses empty marks and marks spanning lines", () => {
    expect(kinds("{++++}{----}{~~~>~~}")).toEqual([
      ["insert", ""],
      ["delete", ""],
      ["substitute", "~>"],
    ]);
    expect(kinds("{--line one\nline two\r\n--}")).toEqual([["delete", "line one\nline two\r\n"]]);
  });

  it("never nests: an opener inside a mark is content", () => {
    expect(kinds("{++a {--b--} c++}")).toEqual([["insert", "a {--b--} c"]]);
    expect(kinds("{++a {++b++} c++}")).toEqual([["insert", "a {++b"]]);
    expect(kinds("{>>a {++b++} c<<}")).toEqual([["comment", "a {++b++} c"]]);
  });
});

describe("code regions", () => {
  it("ignores marks in inline code spans of any backtick length", () => {
    expect(parseCritic("`{++a++}`")).toEqual([]);
    expect(parseCritic("``a ` {++b++}``")).toEqual([]);
    expect(kinds("``{++a++}` {++b++}")).toEqual([
      ["insert", "a"],
      ["insert", "b"],
    ]);
  });

  it("pairs backtick runs of equal length only, within a paragraph", () => {
    expect(kinds("`a {++b++} c``")).toEqual([["insert", "b"]]);
    expect(parseCritic("`a\n{++b++}\nc`")).toEqual([]);
    expect(kinds("`a\n\n{++b++}\nc`")).toEqual([["insert", "b"]]);
    expect(kinds("`a\n \r\n{++b++}`")).toEqual([["insert", "b"]]);
  });

  it("does not open a code span at an escaped backtick", () => {
    expect(kinds("\\`{++a++}`")).toEqual([["insert", "a"]]);
    expect(parseCritic("\\\\`{++a++}`")).toEqual([]);
  });

  it("ignores marks in fenced code blocks, backtick and tilde fences", () => {
    expect(kinds("```\n{++a++}\n```\n{++b++}")).toEqual([["insert", "b"]]);
    expect(kinds("~~~md\n{--a--}\n~~~\n{--b--}")).toEqual([["delete", "b"]]);
    expect(kinds("  > ```\n  > {++a++}\n  > ```\n{++b++}")).toEqual([["insert", "b"]]);
  });

  it("closes a fence only with a run at least as long, of the same character", () => {
    expect(parseCritic("````\n```\n{++a++}\n~~~~\n{++b++}")).toEqual([]);
    expect(kinds("````\n```\n{++a++}\n`````  \n{++b++}")).toEqual([["insert", "b"]]);
    expect(parseCritic("```\n{++a++}\n``` not a close\n{++b++}")).toEqual([]);
    expect(kinds("```\r\n{++a++}\r\n```\r\n{++b++}")).toEqual([["insert", "b"]]);
  });

  it("runs an unclosed fence to the end of the document", () => {
    expect(parseCritic("text\n```js\n{++a++}\n\n{++b++}")).toEqual([]);
  });

  it("does not take a backtick line with backticks in its info string for a fence", () => {
    expect(kinds("``` a ` b\n{++x++}")).toEqual([["insert", "x"]]);
  });

  it("opens fences at line starts only, not after a mark", () => {
    expect(kinds("{++a++}```\n{++b++}")).toEqual([
      ["insert", "a"],
      ["insert", "b"],
    ]);
  });

  it("does not look for code inside a mark's content", () => {
    expect(kinds("{++a `b++} {++c++} `")).toEqual([
      ["insert", "a `b"],
      ["insert", "c"],
    ]);
    expect(kinds("{++x\n```\n++}\n{++y++}")).toEqual([
      ["insert", "x\n```\n"],
      ["insert", "y"],
    ]);
  });

  // Regressions: the parser's own rules (before text/markdownCode.ts) opened a fence after any
  // indentation and let a fence outlive its blockquote.
  it("does not open a fence indented 4 columns past its container", () => {
    expect(kinds("text\n    ```\n{++a++}")).toEqual([["insert", "a"]]);
  });

  it("ends a quoted fence with its blockquote, and sees fences in list items", () => {
    expect(kinds("> ```\n> {++a++}\n{++b++}")).toEqual([["insert", "b"]]);
    expect(parseCritic("- a\n\t```\n\t{++a++}\n\t```")).toEqual([]);
  });

  it("does not close a code span across a fence", () => {
    expect(kinds("`a\n```\nx\n```\n{++b++} `")).toEqual([["insert", "b"]]);
  });

  it("reports the code regions it skipped", () => {
    const raw = "a `b` c\n```\nx\n```\nd";
    expect(scanCritic(raw).code).toEqual([
      { start: 2, end: 5, fenced: false },
      { start: 8, end: 17, fenced: true },
    ]);
  });
});

describe("parseCritic performance", () => {
  it("stays linear on pathological input (cost at 8× the size is far from 64×)", () => {
    const inputs: ((n: number) => string)[] = [
      (n) => "{++".repeat(n),
      (n) => `${"{~~".repeat(n)}~~}`,
      (n) => `\`\`\`${" x ``".repeat(n / 4)}`,
      (n) => `{++${"a ".repeat(n)}`.repeat(3),
      (n) => "{~~".repeat(n / 2) + "{++a~~}".repeat(n / 8),
      (n) => "` ``".repeat(n / 4),
      (n) => '{++{"a":'.repeat(n / 8),
    ];
    for (const input of inputs) {
      const ratio = growth((n) => {
        const raw = input(n);
        return () => parseCritic(raw);
      }, 25_000);
      expect(ratio).toBeLessThan(LINEAR_AT_8);
    }
  });
});
