// grep's glob filter: rg --glob semantics over user-facing paths.
import { describe, expect, it } from "vitest";
import { compileGlobs, splitGlobs } from "./glob.js";

describe("compileGlobs", () => {
  const accepts = (glob: string, path: string, scope?: string) =>
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
    expect(accepts("*.md !a.md", "L/a.md")).toBe(false);
    expect(accepts("!a.md *.md", "L/a.md")).toBe(true);
  });

  it("splits on whitespace and on commas outside braces", () => {
    expect(splitGlobs("*.md, {a,b}*  !x")).toEqual(["*.md", "{a,b}*", "!x"]);
  });
});
