// Matching old_string in the AI view: exact, line-ending tolerant, quote tolerant.
import { describe, expect, it } from "vitest";
import { lineEndingOf, toCrlf, toLf } from "./lineEndings.js";
import { findMatches, occurrences } from "./match.js";
import { matchQuoteStyle, straightenQuotes } from "./quotes.js";

describe("findMatches", () => {
  it("finds non-overlapping occurrences left to right", () => {
    expect(occurrences("aaaa", "aa")).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
    expect(findMatches("x y x", "x", "z")).toMatchObject({ strategy: "exact", replacement: "z" });
  });

  it("skips occurrences that would split a surrogate pair", () => {
    expect(occurrences("😀", "\ude00")).toEqual([]);
    expect(occurrences("😀\ude00", "\ude00")).toEqual([{ start: 2, end: 3 }]);
  });

  it("falls back to line-ending tolerant matching", () => {
    const m = findMatches("a\r\nb\r\n", "a\nb", "c\nd");
    expect(m).toMatchObject({ strategy: "line-endings", replacement: "c\r\nd" });
    expect(m?.ranges).toEqual([{ start: 0, end: 4 }]);
    expect(findMatches("a\nb", "a\r\nb", "c\r\nd")).toMatchObject({ replacement: "c\nd" });
  });

  it("writes new text with the line endings of a CRLF document even on an exact match", () => {
    expect(findMatches("a\r\nb\r\n", "b", "b\nc")).toMatchObject({
      strategy: "exact",
      replacement: "b\r\nc",
    });
  });

  it("falls back to quote-tolerant matching and restyles the new text", () => {
    const m = findMatches("He said “it’s fine”.", `"it's fine"`, `"it's 'great'"`);
    expect(m).toMatchObject({ strategy: "quotes", replacement: "“it’s ‘great’”" });
  });

  it("finds nothing when no strategy matches", () => {
    expect(findMatches("abc", "abd", "x")).toBeUndefined();
  });
});

describe("quotes", () => {
  it("straightens curly quotes without changing lengths", () => {
    expect(straightenQuotes("‘a’ “b” „c‟")).toBe(`'a' "b" "c"`);
  });

  it("curls straight quotes: opening after space or bracket, closing and apostrophes elsewhere", () => {
    expect(matchQuoteStyle(`"a" (don't) 'b'`, ["“x’”"], " ")).toBe("“a” (don’t) ‘b’");
    expect(matchQuoteStyle(`"a"`, ["“x”"], "x")).toBe("”a”");
  });

  it("leaves quotes alone where the replaced text mixes styles", () => {
    expect(matchQuoteStyle(`"a"`, [`"x" “y”`], "")).toBe(`"a"`);
  });
});

describe("line endings", () => {
  it("converts and detects", () => {
    expect(toCrlf("a\nb\r\nc")).toBe("a\r\nb\r\nc");
    expect(toLf("a\r\nb\nc")).toBe("a\nb\nc");
    expect(lineEndingOf("a\r\nb\r\nc\n")).toBe("crlf");
    expect(lineEndingOf("a\r\nb\nc\n")).toBe("lf");
    expect(lineEndingOf("abc")).toBe("lf");
  });
});
