// The matcher: ripgrep's regex flavour on re2js — translations, refusals, prefilter, linear time.
import { RE2JS } from "re2js";
import { describe, expect, it, vi } from "vitest";
import { PatternError } from "./errors.js";
import { foldCase } from "./fold.js";
import { requiredLiterals } from "./literals.js";
import { compileMatcher, type Matcher } from "./matcher.js";
import { parsePattern } from "./parse.js";

/** All matches in `text`, resuming at each match end (the multiline searcher's walk). */
function all(m: Matcher, text: string): string[] {
  const out: string[] = [];
  let pos = 0;
  while (pos <= text.length) {
    const r = m.find(text, pos);
    if (!r) break;
    out.push(text.slice(r[0], r[1]));
    pos = r[1] > r[0] ? r[1] : r[0] + 1;
  }
  return out;
}

const lineMatches = (pattern: string, text: string, ci = false) =>
  all(compileMatcher(pattern, { caseInsensitive: ci }), text);

function refusal(pattern: string, options = {}): PatternError {
  try {
    compileMatcher(pattern, options);
  } catch (e) {
    if (e instanceof PatternError) return e;
    throw e;
  }
  throw new Error(`expected ${pattern} to be refused`);
}

describe("unsupported constructs are refused, naming the construct", () => {
  it.each([
    ["(a)\\1", "\\1", /backreference/],
    ["(?P<x>a)(?P=x)", "(?P=", /backreference/],
    ["\\k<x>", "\\k", /backreference/],
    ["foo(?=bar)", "(?=", /look-ahead/],
    ["foo(?!bar)", "(?!", /negative look-ahead/],
    ["(?<=a)b", "(?<=", /look-behind/],
    ["(?<!a)b", "(?<!", /negative look-behind/],
    ["a*+", "*+", /possessive/],
    ["a++", "++", /possessive/],
    ["a{2}+", "{2}+", /possessive/],
    ["(?>a+)b", "(?>", /atomic group/],
    ["(?R)", "(?R)", /recursion/],
    ["(?1)", "(?1", /recursion/],
    ["[a&&b]", "&&", /set operation/],
    ["\\Z", "\\Z", /\\z/],
    ["\\<foo", "\\<", /word-start/],
  ])("%s", (pattern, construct, message) => {
    const e = refusal(pattern);
    expect(e.construct).toBe(construct);
    expect(e.message).toMatch(message);
  });

  it.each([
    ["(foo", /unclosed group/],
    ["foo)", /unopened group/],
    ["[abc", /unclosed character class/],
    ["*a", /nothing to repeat/],
    ["a{", /invalid repetition/],
    ["a{3,2}", /minimum exceeds/],
    ["a{1001}", /too large/],
    ["\\p{NoSuchClass}", /unknown Unicode class/],
    ["(?q)a", /unknown flag/],
    ["[z-a]", /backwards/],
    ["\\", /lone backslash/],
    ["\\e", /unsupported escape/],
  ])("invalid %s", (pattern, message) => {
    expect(refusal(pattern).message).toMatch(message);
  });

  it("a literal newline needs multiline, as rg says", () => {
    expect(refusal("a\\nb").message).toMatch(/multiline/);
    expect(() => compileMatcher("a\\nb", { multiline: true })).not.toThrow();
  });
});

describe("Rust flavour on re2js", () => {
  it("\\d \\w \\s are Unicode-aware", () => {
    expect(lineMatches("\\d+", "a ٣٤ 12")).toEqual(["٣٤", "12"]);
    expect(lineMatches("\\w+", "héllo wörld")).toEqual(["héllo", "wörld"]);
    expect(lineMatches("a\\sb", "a\u00a0b")).toEqual(["a\u00a0b"]);
    expect(lineMatches("(?-u:\\d)", "٣1")).toEqual(["1"]);
  });

  it("\\b judges Unicode word characters", () => {
    expect(lineMatches("\\bétude\\b", "une étude. études")).toEqual(["étude."]);
    expect(lineMatches("\\bfoo", "éfoo foo")).toHaveLength(1);
    expect(lineMatches("foo\\B", "foo fooé")).toEqual(["fooé"]);
  });

  it("accepts Rust-only syntax", () => {
    expect(lineMatches("(?x) a b # comment", "ab")).toEqual(["ab"]);
    expect(lineMatches("\\u{1F600}|\\u0041", "😀A")).toEqual(["😀", "A"]);
    expect(lineMatches("\\p{Letter}+", "abc1")).toEqual(["abc"]);
    expect(lineMatches("\\p{sc=Greek}", "aβ")).toEqual(["β"]);
    expect(lineMatches("[[a-c]x]+", "abxd")).toEqual(["abx"]);
    expect(lineMatches("a**", "aa")).toEqual(["aa", ""]);
    expect(lineMatches("(?<name>a)", "a")).toEqual(["a"]);
    expect(lineMatches("\\/", "a/b")).toEqual(["/"]);
  });

  it("inline flags scope to their group, and (?i) reaches later branches", () => {
    expect(lineMatches("a(?i)b|c", "aB C")).toEqual(["aB", "C"]);
    expect(lineMatches("(?i:a)b", "AB Ab")).toEqual(["Ab"]);
  });

  it("-i folds Unicode classes too, like Rust", () => {
    expect(lineMatches("\\p{Lu}", "a", true)).toEqual(["a"]);
    expect(lineMatches("straße", "STRASSE Straße", true)).toEqual(["Straße"]);
  });

  it("line mode never matches across a newline, even with classes that contain one", () => {
    expect(lineMatches("a[^x]b", "a\nb")).toEqual([]);
    expect(lineMatches("a\\sb", "a\nb")).toEqual([]);
    expect(lineMatches("a\\Wb", "a\nb")).toEqual([]);
    expect(lineMatches("a\\p{Cc}b", "a\nb a\tb")).toEqual(["a\tb"]);
    expect(lineMatches("(?s)a.b", "a\nb")).toEqual([]);
    expect(lineMatches("\\Afoo", "foo\nfoo")).toEqual(["foo", "foo"]);
  });

  it("multiline mode spans lines; . matches newline (rg -U --multiline-dotall)", () => {
    const m = compileMatcher("a.b", { multiline: true });
    expect(all(m, "a\nb")).toEqual(["a\nb"]);
    expect(m.canMatchNewline).toBe(true);
    expect(compileMatcher("ab", { multiline: true }).canMatchNewline).toBe(false);
    expect(compileMatcher("(?-s)a.b", { multiline: true }).canMatchNewline).toBe(false);
  });
});

describe("literal prefilter", () => {
  it.each([
    ["foo", ["foo"], false],
    ["foo\\d+bar", ["foo"], false],
    ["foo|barbaz", ["foo", "barbaz"], false],
    ["(foo|bar)baz", ["foobaz", "barbaz"], false],
    ["^#+ Title", [" Title"], false],
    ["\\bAPI\\b", ["API"], false],
  ])("%s needs %j", (pattern, needles, folded) => {
    expect(compileMatcher(pattern).prefilter).toEqual({ needles, folded });
  });

  it.each([
    ["[Tt]he cat", ["The cat", "the cat"]],
    ["x{3}", ["xxx"]],
  ])("%s needs %j, but an ASCII class factor that decides lines wins", (pattern, needles) => {
    expect(requiredLiterals(parsePattern(pattern), false)?.needles).toEqual(needles);
    const m = compileMatcher(pattern);
    expect(m.prefilter).toBeUndefined();
    expect(m.classFactor?.decides).toBe(true);
  });

  it("none when no literal is required", () => {
    expect(compileMatcher("\\w+").prefilter).toBeUndefined();
    expect(compileMatcher("foo|\\d").prefilter).toBeUndefined();
    expect(compileMatcher("(?:foo)?bar?").prefilter).toEqual({ needles: ["ba"], folded: false });
  });

  it("-i lowercases ASCII needles and keeps ſ candidates", () => {
    const m = compileMatcher("Stop", { caseInsensitive: true });
    expect(m.prefilter).toEqual({ needles: ["stop"], folded: true });
    expect(m.mayMatch("a STOP")).toBe(true);
    expect(m.mayMatch("ſtop")).toBe(true); // ſ folds to s
    expect(all(m, "ſtop")).toEqual(["ſtop"]);
    expect(m.mayMatch("nothing")).toBe(false);
  });

  it("skips text without the needle and finds lines holding it", () => {
    const m = compileMatcher("fo+ bar");
    expect(m.mayMatch("x\ny\n")).toBe(false);
    const text = "foo\nfoo bar\nfooo bar";
    expect(all(m, text)).toEqual(["foo bar", "fooo bar"]);
  });

  it("a whole literal is matched by indexOf alone, astral characters included", () => {
    const m = compileMatcher("😀 a\\.b");
    expect(m.prefilter).toEqual({ needles: ["😀 a.b"], folded: false });
    expect(all(m, "x 😀 a.b 😀 axb")).toEqual(["😀 a.b"]);
  });
});

describe("an alternation of plain strings", () => {
  /** Lines `findLine` returns over `text`, with how many times the engine was asked. */
  function scan(pattern: string, text: string): { lines: number; engineCalls: number } {
    const m = compileMatcher(pattern);
    const spy = vi.spyOn(RE2JS.prototype, "test");
    let lines = 0;
    for (let r = m.findLine(text, 0); r; r = m.findLine(text, r[1] + 1)) lines++;
    const engineCalls = spy.mock.calls.length;
    spy.mockRestore();
    return { lines, engineCalls };
  }

  const text = Array.from({ length: 300 }, (_, i) =>
    i % 3 === 0 ? `the latency was ${i}` : i % 3 === 1 ? `throughput ${i}` : `nothing ${i}`,
  ).join("\n");

  it("finds every line holding a branch without asking the regex engine", () => {
    expect(compileMatcher("latency|throughput|consensus").prefilter).toEqual({
      needles: ["latency", "throughput", "consensus"],
      folded: false,
    });
    expect(scan("latency|throughput|consensus", text)).toEqual({ lines: 200, engineCalls: 0 });
  });

  it("a hit is a match: mayMatch stops at the first string found", () => {
    const m = compileMatcher("latency|throughput|consensus");
    expect(m.hitIsMatch).toBe(true);
    const spy = vi.spyOn(String.prototype, "indexOf");
    expect(m.mayMatch(`${text}\n`)).toBe(true);
    const asked = spy.mock.calls.map((c) => c[0]);
    spy.mockRestore();
    expect(asked).toEqual(["latency"]);
    // The line search after it still finds the leftmost hit of every string.
    expect(m.findLine("a throughput\nlatency", 0)).toEqual([0, 12]);
  });

  it("a hit is not a match when the pattern is more than strings, or a string is unsafe", () => {
    expect(compileMatcher("foo").hitIsMatch).toBe(true);
    expect(compileMatcher("kestrel", { caseInsensitive: true }).hitIsMatch).toBe(true);
    expect(compileMatcher("latency|throughw+").hitIsMatch).toBe(false);
    expect(compileMatcher("fo+").hitIsMatch).toBe(false);
    expect(compileMatcher("\\d+").hitIsMatch).toBe(false);
    // The searcher drops a leading byte-order mark, so a hit at a text's start may be none.
    expect(compileMatcher("\uFEFFfoo").hitIsMatch).toBe(false);
    expect(compileMatcher("x|\uFEFFfoo").hitIsMatch).toBe(false);
  });

  it("still asks the engine when a branch is not a plain string, or under -i", () => {
    expect(scan("latency|throughw+", text).engineCalls).toBeGreaterThan(0);
    const folded = compileMatcher("Latency|THROUGHPUT", { caseInsensitive: true });
    const spy = vi.spyOn(RE2JS.prototype, "test");
    let lines = 0;
    for (let r = folded.findLine(text, 0); r; r = folded.findLine(text, r[1] + 1)) lines++;
    expect(lines).toBe(200);
    expect(spy.mock.calls.length).toBeGreaterThan(0);
    spy.mockRestore();
  });
});

describe("linear time", () => {
  it("(a+)+$ on 100 KB of a's returns the right match", () => {
    const text = `${"a".repeat(100_000)}!\n${"a".repeat(100_000)}`;
    const m = compileMatcher("(a+)+$");
    const r = m.find(text, 0);
    expect(r).toEqual([100_002, 200_002]);
    expect(compileMatcher("(a+)+$").find(`${"a".repeat(100_000)}!`, 0)).toBeUndefined();
  });

  it("(x+x+)+y finds no match on 50 KB of x's", () => {
    expect(compileMatcher("(x+x+)+y").find("x".repeat(50_000), 0)).toBeUndefined();
  });
});

describe("-i on a plain ASCII word: needles in the lowercased copy are the matches", () => {
  const lines = (m: Matcher, text: string) => {
    const out: string[] = [];
    for (let at = 0; at <= text.length; ) {
      const hit = m.findLine(text, at);
      if (!hit) break;
      out.push(text.slice(hit[0], hit[1]));
      at = hit[1] + 1;
    }
    return out;
  };

  it("finds every case, the Kelvin sign and ſ too, in the case-folded copy", () => {
    const m = compileMatcher("kestrel", { caseInsensitive: true });
    expect(m.prefilter).toEqual({ needles: ["kestrel"], folded: true });
    const text = "KESTREL\nno\nKestrel here\n\u212Aestrel\nke\u017Ftrel\n";
    let folds = 0;
    const folded = () => {
      folds++;
      return foldCase(text);
    };
    expect(m.mayMatch(text, { folded })).toBe(true);
    expect(folds).toBe(1);
    expect(lines(m, text)).toEqual(["KESTREL", "Kestrel here", "\u212Aestrel", "ke\u017Ftrel"]);
    // Only ſ stands for the s: found through the copy, with no other scan of the text.
    expect(m.mayMatch("a ke\u017Ftrel", { folded: () => foldCase("a ke\u017Ftrel") })).toBe(true);
    expect(m.mayMatch("a kes trel", { folded: () => foldCase("a kes trel") })).toBe(false);
  });

  it("keeps the offsets where lowercasing would not (İ lowercases to two units)", () => {
    const m = compileMatcher("kestrel", { caseInsensitive: true });
    const text = "\u0130 no\nKESTREL \u0130\nke\u017Ftrel\n";
    expect(foldCase(text).length).toBe(text.length);
    expect(m.mayMatch(text, { folded: () => foldCase(text) })).toBe(true);
    expect(lines(m, text)).toEqual(["KESTREL \u0130", "ke\u017Ftrel"]);
  });

  it("looks only for ASCII needles under -i: the folded copy keeps no other character", () => {
    const m = compileMatcher("go—launch 🚀", { caseInsensitive: true });
    const needles = m.prefilter?.needles ?? [];
    expect(needles.length).toBeGreaterThan(0);
    for (const needle of needles) expect([...needle].every((c) => c < "\u0080")).toBe(true);
    const text = "GO—LAUNCH 🚀\ngo-launch 🚀\nGo—Launch 🚀!\n";
    expect(m.mayMatch(text, { folded: () => foldCase(text) })).toBe(true);
    expect(lines(m, text)).toEqual(["GO—LAUNCH 🚀", "Go—Launch 🚀!"]);
  });

  it("keeps the case of letters outside (?i)", () => {
    const m = compileMatcher("(?i)ab(?-i)C");
    expect(m.prefilter?.needles).not.toEqual(["abc"]);
    expect(lines(m, "ABC\nabc\naBC\n")).toEqual(["ABC", "aBC"]);
  });
});
