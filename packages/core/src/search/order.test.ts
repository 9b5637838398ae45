// rg --sort path order: per path component, UTF-8 byte order.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareBytes, comparePaths } from "./order.js";

describe("comparePaths", () => {
  it("sorts directory entries by name, component by component", () => {
    const paths = [
      "a.md",
      "a b.md",
      "a-b/x.md",
      "a/b.md",
      "Z.md",
      "A.md",
      "é.md",
      "😀.md",
      "\uE000.md",
    ];
    expect([...paths].sort(comparePaths)).toEqual([
      "A.md",
      "Z.md",
      "a/b.md",
      "a b.md",
      "a-b/x.md",
      "a.md",
      "é.md",
      "\uE000.md",
      "😀.md",
    ]);
  });
});

describe("comparePaths equals a component-by-component comparison", () => {
  /** The definition: split on "/", compare names in code point order, fewer components first. */
  function byComponents(a: string, b: string): number {
    const as = a.split("/");
    const bs = b.split("/");
    for (let i = 0; i < Math.min(as.length, bs.length); i++) {
      const c = compareBytes(as[i]!, bs[i]!);
      if (c !== 0) return c;
    }
    return as.length - bs.length;
  }

  it("on generated paths", () => {
    const name = fc.stringMatching(/^[a-zA-Z0-9 ._\-é😀\uE000!]{1,6}$/u);
    const path = fc.array(name, { minLength: 1, maxLength: 4 }).map((p) => p.join("/"));
    fc.assert(
      fc.property(path, path, (a, b) => {
        expect(Math.sign(comparePaths(a, b))).toBe(Math.sign(byComponents(a, b)));
      }),
      { numRuns: 2000 },
    );
  });
});
