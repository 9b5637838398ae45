// The case-folded copy the -i prefilter searches: an ASCII letter in it stands exactly for the
// characters rg's -i (Unicode simple case folding) matches with that letter.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldCase } from "./fold.js";

describe("foldCase", () => {
  it("maps a character to an ASCII letter exactly when case folding does", () => {
    const mismatches: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      const folded = foldCase(c);
      // The regex engine's own simple case folding is the reference.
      const letter = /^[a-z]$/iu.test(c);
      if (/^[a-z]$/.test(folded) !== letter) mismatches.push(cp.toString(16));
    }
    expect(mismatches).toEqual([]);
  });

  it("keeps the offsets of any text: one ASCII unit, or ÿ, for each unit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (t) => {
        const f = foldCase(t);
        expect(f.length).toBe(t.length);
        for (let i = 0; i < t.length; i++) {
          const c = t.charCodeAt(i);
          const expected =
            c < 0x80 ? t[i]!.toLowerCase() : c === 0x212a ? "k" : c === 0x17f ? "s" : "\u00ff";
          expect(f[i]).toBe(expected);
        }
      }),
    );
    // İ lowercases to two units: the copy stays aligned all the same.
    expect(foldCase("\u0130stanbul KIT")).toBe("\u00ffstanbul kit");
    expect(foldCase("🚀 Go")).toBe("\u00ff\u00ff go");
  });

  it("folds ſ and the Kelvin sign to their ASCII letters", () => {
    expect(foldCase("Ke\u017FTREL \u212A")).toBe("kestrel k");
  });
});
