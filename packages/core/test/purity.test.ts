// @lens/core stays pure: no Node I/O modules, no process or environment, in any source file.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = new URL("../src/", import.meta.url).pathname;
const FORBIDDEN_MODULES =
  /from\s+["'](node:)?(fs|fs\/promises|net|http|https|http2|child_process|worker_threads|os|dgram|tls|cluster|process)["']/;
const FORBIDDEN_GLOBALS = /\bprocess\.(env|argv|exit|cwd|stdout|stderr|stdin)\b|\brequire\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return p.endsWith(".ts") ? [p] : [];
  });
}

describe("@lens/core purity", () => {
  const files = sources(SRC);

  it("has sources to check", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [f.slice(SRC.length), f]))(
    "%s imports no Node I/O and reads no process",
    (_name, file) => {
      const text = readFileSync(file, "utf8");
      expect(text).not.toMatch(FORBIDDEN_MODULES);
      expect(text).not.toMatch(FORBIDDEN_GLOBALS);
    },
  );

  it("lists only yjs (and its lib0), picomatch, re2js, minisearch, stemmer, yaml and zod as runtime dependencies", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    expect(Object.keys(pkg.dependencies).sort()).toEqual([
      "lib0",
      "minisearch",
      "picomatch",
      "re2js",
      "stemmer",
      "yaml",
      "yjs",
      "zod",
    ]);
  });
});
