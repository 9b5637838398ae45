// rg --sort path order: per path component, UTF-8 byte order.
import { describe, expect, it } from "vitest";
import { comparePaths } from "./order.js";

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
