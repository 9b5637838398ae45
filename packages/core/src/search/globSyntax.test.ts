// The glob syntax check: what rg (globset) refuses, with its reason; everything else passes.
import { describe, expect, it } from "vitest";
import { globSyntaxError } from "./globSyntax.js";

describe("globSyntaxError", () => {
  it("accepts globs rg parses, including literal brackets, dashes and escapes", () => {
    for (const g of [
      "*.md",
      "Obsidian Help/Plugins/**",
      "{Notes,Ideas}/**",
      "{a,{b,c}}", // nested braces: rg refuses them, picomatch understands them
      "a}",
      "[]a]*",
      "[!]a]",
      "[^a]",
      "[a-]",
      "[-a]",
      "[\\]]", // inside a class a backslash is a member
      "x\\ y.md",
      "\\[a",
      "[😀-😂]",
      "[a-c-e]",
      "[a-c-b]",
    ]) {
      expect(globSyntaxError(g), g).toBeUndefined();
    }
  });

  it("refuses what rg refuses, saying why and how to match the character literally", () => {
    expect(globSyntaxError("{a")).toMatch(/^unclosed alternate group.*'\[\{\]'/);
    expect(globSyntaxError("Notes/{a,b}/{c")).toMatch(/^unclosed alternate group/);
    expect(globSyntaxError("[a")).toMatch(/^unclosed character class.*'\[\[\]'/);
    expect(globSyntaxError("[]")).toMatch(/^unclosed character class/);
    expect(globSyntaxError("[!]")).toMatch(/^unclosed character class/);
    expect(globSyntaxError("[z-a]")).toBe("invalid range; 'z' > 'a'");
    expect(globSyntaxError("[c-d-a]")).toBe("invalid range; 'c' > 'a'"); // a range extended past its start
    expect(globSyntaxError("[😂-😀]")).toBe("invalid range; '😂' > '😀'");
    expect(globSyntaxError("a\\")).toMatch(/^dangling '\\'/);
  });
});
