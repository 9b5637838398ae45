// grep's glob filter: rg --glob semantics over user-facing paths.
import { describe, expect, it } from "vitest";
import { compileGlobs, MAX_GLOB_LENGTH, MAX_GLOBS } from "./glob.js";

describe("compileGlobs", () => {
  const accepts = (glob: string | string[], path: string, scope?: string) =>
    compileGlobs(glob, scope).accepts(path);

  it("a glob without / matches the basename anywhere", () => {
    expect(accepts("*.md", "L/Notes/x.md")).toBe(true);
    expect(accepts("x*", "L/Notes/x.md")).toBe(true);
    expect(accepts("Notes", "L/Notes/x.md")).toBe(false); // rg: whitelisting a dir does not whitelist its files
  });

  it("a glob with / matches the whole path, or the path inside the scope", () => {
    expect(accepts("L/Notes/*", "L/Notes/x.md")).toBe(true);
    expect(accepts("Notes/*", "L/Notes/x.md")).toBe(false);
    expect(accepts("Notes/*", "L/Notes/x.md", "L")).toBe(true);
    expect(accepts("L/*", "L/Notes/x.md")).toBe(false); // * stays within one component
    expect(accepts("L/**", "L/Notes/x.md")).toBe(true);
  });

  it("! excludes, prunes directories, and the last matching glob wins", () => {
    expect(accepts("!x.md", "L/x.md")).toBe(false);
    expect(accepts("!x.md", "L/y.md")).toBe(true);
    expect(accepts("!Archive", "L/Archive/y.md")).toBe(false);
    expect(accepts(["*.md", "!a.md"], "L/a.md")).toBe(false);
    expect(accepts(["!a.md", "*.md"], "L/a.md")).toBe(true);
  });

  it("takes a string as one glob: spaces and commas are part of the pattern, as in rg --glob", () => {
    expect(accepts("Web viewer.md", "Help/Web viewer.md")).toBe(true);
    expect(accepts("Obsidian Help/Plugins/**", "Obsidian Help/Plugins/Canvas.md")).toBe(true);
    expect(accepts("*.md !a.md", "L/a.md")).toBe(false);
    expect(accepts("a,b.md", "L/a,b.md")).toBe(true);
    expect(accepts("a,b.md", "L/a.md")).toBe(false);
  });

  it("costs at most one test per glob per path, plus one per glob per directory", () => {
    // 100 globs (the most allowed), none matching: the worst case, every glob tried everywhere.
    const globs = Array.from({ length: MAX_GLOBS }, (_, i) => (i % 2 ? `!Z${i}/**` : `z${i}*`));
    const paths = Array.from({ length: 5000 }, (_, i) => `L/D${i % 50}/n${i}.md`);
    const filter = compileGlobs(globs);
    for (const p of paths) filter.accepts(p);
    const dirs = 1 + 50; // "L" and its 50 sub-directories, each judged once
    expect(filter.tests).toBe(MAX_GLOBS * (paths.length + dirs));
  });

  it("refuses globs it cannot use, with the reason", () => {
    expect(() => compileGlobs("")).toThrow(/Empty glob/);
    expect(() => compileGlobs(["*.md", "!"])).toThrow(/Empty glob/);
    expect(() => compileGlobs(Array(MAX_GLOBS + 1).fill("*.md"))).toThrow(/Too many globs/);
    const long = "a".repeat(MAX_GLOB_LENGTH + 1);
    expect(() => compileGlobs(long)).toThrow(/too long/);
    // The message repeats a bounded part of the input.
    expect(() => compileGlobs("x".repeat(1_000_000))).toThrow(/^.{0,400}$/s);
  });
});
