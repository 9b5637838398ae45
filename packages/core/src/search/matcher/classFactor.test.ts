// The class factor: which run of character sets a pattern requires, when a hit decides its line,
// and that lines without a hit never reach the engine.
import { RE2JS } from "re2js";
import { describe, expect, it, vi } from "vitest";
import { classFactor } from "./classFactor.js";
import { compileMatcher } from "./matcher.js";
import { parsePattern } from "./parse.js";

const N = "\\u0080-\\uffff";
const UPPER = `[\\x41-\\x5a${N}]`;
const DIGIT = "[\\x30-\\x39]";
const LOWER = "[\\x61-\\x7a]";

function factorOf(pattern: string, caseInsensitive = false) {
  const f = classFactor(parsePattern(pattern, { caseInsensitive }));
  return f && { source: f.source, decides: f.decides };
}

describe("the factor read off the pattern", () => {
  it.each([
    ["\\p{Lu}{3,}", UPPER.repeat(3)],
    ["[0-9]{2,}[a-z]{2,}", DIGIT + DIGIT + LOWER + LOWER],
    ["(?-u)\\d{2}", DIGIT + DIGIT],
    ["x*[0-9]{2,}y?", DIGIT + DIGIT],
    ["[A-Z][0-9]{3}-[0-9]{2,}", `[\\x41-\\x5a]${DIGIT.repeat(3)}[\\x2d]${DIGIT.repeat(2)}`],
    ["(?:[0-9]){2}", DIGIT + DIGIT],
    ["[[:digit:]]{2}", DIGIT + DIGIT],
    ["a()b", "[\\x61][\\x62]"],
    ["(?i)k{2}", `[\\x4b\\x6b${N}]`.repeat(2)],
    ["(?i)[0-9]{2}", DIGIT + DIGIT],
    ["[^a]{2}", `[\\x00-\\x09\\x0b-\\x60\\x62-\\x7f${N}]`.repeat(2)],
    [".+", `[\\x00-\\x09\\x0b-\\x7f${N}]`],
    ["\\p{Greek}{2}", `[${N}]`.repeat(2)],
    ["\\s", `[\\x09\\x0b-\\x0d\\x20${N}]`],
    ["\\w", `[\\x30-\\x39\\x41-\\x5a\\x5f\\x61-\\x7a${N}]`],
  ])("%s decides lines with %s", (pattern, source) => {
    expect(factorOf(pattern)).toEqual({ source, decides: true });
  });

  it("after a set that may hold astral characters, a position also takes earlier ASCII sets", () => {
    // 𝐀12: the units are D835 DC00 '1' '2', so '1' can stand where [0-9] is second.
    expect(factorOf("\\p{Lu}[0-9]{2}")?.source).toBe(
      `${UPPER}[\\x30-\\x39\\x41-\\x5a${N}]${DIGIT}`,
    );
  });

  it("-i folds the sets, as re2js does (the Kelvin sign and long s are outside ASCII)", () => {
    expect(factorOf("\\p{Lu}{3,}", true)?.source).toBe(`[\\x41-\\x5a\\x61-\\x7a${N}]`.repeat(3));
    // The second position also takes the first one's ASCII: the sets only know that the first
    // may hold non-ASCII characters (ſ, the Kelvin sign), so they may be astral too.
    expect(factorOf("(?i)s(?-i)T")?.source).toBe(`[\\x53\\x73${N}][\\x53-\\x54\\x73${N}]`);
  });

  it.each([
    ["\\b[0-9]{4}\\b", DIGIT.repeat(4)],
    ["^[0-9]{3}-", `${DIGIT.repeat(3)}[\\x2d]`],
    ["(?:[0-9]{3}x|[0-9]{3}y)", `${DIGIT.repeat(3)}[\\x78-\\x79]`],
    ["[0-9]+[a-z]+[0-9]{3}", LOWER + DIGIT.repeat(3)],
    ["([0-9]{3}){2,}", DIGIT.repeat(6)],
    [
      "(?:[0-9]{2}|[a-f]{2}) [0-9]{3}q",
      `${"[\\x30-\\x39\\x61-\\x66]".repeat(2)}[\\x20]${DIGIT.repeat(3)}[\\x71]`,
    ],
  ])("%s requires %s but needs the engine", (pattern, source) => {
    expect(factorOf(pattern)).toEqual({ source, decides: false });
  });

  it("a run longer than 16 is cut to its rarest 16 positions", () => {
    const f = factorOf("\\b[0-9]{40}\\b");
    expect(f).toEqual({ source: DIGIT.repeat(16), decides: false });
    expect(factorOf("[0-9]{40}")?.decides).toBe(false);
  });

  it.each([
    "x?",
    "[0-9]{0,}",
    "[0-9]*",
    "(?:)",
    "\\b",
    "^$",
    "[0-9]{3}|[a-z]{2}",
    "(?:[0-9]{2}|)",
    "(?:[0-9]{2}|[0-9])x?",
    "[0-9]?[a-z]?",
    "\\w+\\b",
    "\\s*\\b",
    "(?:\\d|\\p{Lu}{2})",
  ])("%s: no factor", (pattern) => {
    expect(factorOf(pattern)).toBeUndefined();
  });

  it("inner blocks that vary keep a pattern from deciding", () => {
    // a+b+c+ matches abbc, which holds no abc.
    expect(factorOf("a+b+c+")?.decides).toBe(false);
    expect(factorOf("a+b{2}c+")).toEqual({ source: "[\\x61][\\x62][\\x62][\\x63]", decides: true });
  });
});

describe("the matcher with a class factor", () => {
  /** Lines `findLine` returns over `text`, with how many times the engine was asked. */
  function scan(pattern: string, text: string) {
    const m = compileMatcher(pattern);
    const spy = vi.spyOn(RE2JS.prototype, "test");
    const lines: string[] = [];
    for (let r = m.findLine(text, 0); r; r = m.findLine(text, r[1] + 1)) {
      lines.push(text.slice(r[0], r[1]));
    }
    const engineCalls = spy.mock.calls.length;
    spy.mockRestore();
    return { lines, engineCalls };
  }

  const text = Array.from({ length: 400 }, (_, i) =>
    i % 4 === 0 ? `see ABC ${i}` : i % 4 === 1 ? `plain words ${i}` : `Some Text ${i} ab`,
  ).join("\n");

  it("decides ASCII lines without the engine, and skips lines without a hit", () => {
    const r = scan("\\p{Lu}{3,}", text);
    expect(r.lines).toHaveLength(100);
    expect(r.engineCalls).toBe(0);
  });

  it("asks the engine only about lines holding a hit", () => {
    // Only "see ABC" lines hold three capitals; the factor of \bABC\b… is A-Z A-Z A-Z.
    const r = scan("\\b\\p{Lu}{3}\\b [0-9]", text);
    expect(r.lines).toHaveLength(100);
    expect(r.engineCalls).toBe(100);
    // No line holds a hit: the engine is never asked.
    expect(scan("\\b\\p{Lu}{4}\\b", text)).toEqual({ lines: [], engineCalls: 0 });
  });

  it("hands non-ASCII hits to the engine, which has the last word", () => {
    const t = "ÉCOLE\nΑΒΓ\nαβγ\n𝐀𝐁𝐂\n😀😀😀\nabc\nAB\u0301C";
    const r = scan("\\p{Lu}{3,}", t);
    expect(r.lines).toEqual(["ÉCOLE", "ΑΒΓ", "𝐀𝐁𝐂"]);
    // "abc" holds no hit and never reaches the engine; αβγ, 😀😀😀 and AB\u0301 are hits.
    expect(r.engineCalls).toBe(6);
  });

  it("mayMatch is the factor's answer for the whole text", () => {
    const m = compileMatcher("[0-9]{2,}[a-z]{2,}");
    expect(m.mayMatch("a1b2 c3d4\nno")).toBe(false);
    expect(m.mayMatch("x\n12ab\n")).toBe(true);
  });

  it("needles come first unless an ASCII-only factor decides", () => {
    expect(compileMatcher("\\w+ing\\b").classFactor).toBeUndefined();
    expect(compileMatcher("é{2,}").classFactor).toBeUndefined();
    expect(compileMatcher("é{2,}").prefilter?.needles).toEqual(["é"]);
    // A one-character needle gives way to a longer run.
    expect(compileMatcher("\\b\\p{Lu}{3}\\b [0-9]").classFactor?.length).toBe(5);
    expect(compileMatcher("ab[0-9]{2,}").classFactor?.decides).toBe(true);
  });

  it("multiline mode keeps today's behaviour", () => {
    expect(compileMatcher("\\p{Lu}{3,}", { multiline: true }).classFactor).toBeUndefined();
  });

  it("scanning stays linear: 200 KB of near misses", () => {
    const near = `${"AB1".repeat(70_000)}\n`;
    const m = compileMatcher("\\p{Lu}{3,}");
    expect(m.findLine(near, 0)).toBeUndefined();
    expect(compileMatcher("[A-Z]{16}").findLine(`${"A".repeat(15)}b`.repeat(10_000), 0)).toBe(
      undefined,
    );
  });
});
