// Detection of CriticMarkup delimiters in strings.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findDelimiter, hasDelimiter, mayContainMarks, openerAt } from "./delimiters.js";

describe("delimiters", () => {
  it("finds every opening and closing delimiter and the separator", () => {
    for (const d of ["{++", "++}", "{--", "--}", "{~~", "~>", "~~}", "{>>", "<<}", "{==", "==}"])
      expect(findDelimiter(`a ${d} b`)).toEqual({ index: 2, delimiter: d });
    expect(hasDelimiter("a {+ b -} c ~ > d")).toBe(false);
  });

  it("can leave the substitution separator out", () => {
    expect(hasDelimiter("gem ~> 2.0", { separator: false })).toBe(false);
    expect(hasDelimiter("gem ~> 2.0")).toBe(true);
  });

  it("tells which form opens at a position", () => {
    expect(openerAt("x{~~", 1)?.kind).toBe("substitute");
    expect(openerAt("x{~-", 1)).toBeUndefined();
    expect(mayContainMarks("a ++} b")).toBe(false);
    expect(mayContainMarks("a {== b")).toBe(true);
  });
});

describe("mayContainMarks", () => {
  it("is true exactly when an opener {++ {-- {~~ {>> {== occurs", () => {
    const opener = /\{(?:\+\+|--|~~|>>|==)/;
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("{", "+", "-", "~", ">", "=", "<", "}", "a", "\n") }),
        (s) => {
          expect(mayContainMarks(s)).toBe(opener.test(s));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
