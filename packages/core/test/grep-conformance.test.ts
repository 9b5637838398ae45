// Conformance with the real ripgrep: each corpus is written as files under its paths in a temp
// dir, `rg --sort path` runs there, and grepDocuments must print exactly what rg prints.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  foldCase,
  type GrepParams,
  grepDocuments,
  NO_MATCHES,
  type SearchDoc,
} from "../src/search/index.js";
import { newlineOffsets } from "../src/text/lines.js";

const RG = spawnSync("rg", ["--version"], { encoding: "utf8" });

// These tests compare with the real rg; without it they fail rather than pass vacuously.
it("has ripgrep installed (./scripts/test installs it)", () => {
  expect(RG.status, "rg not found: apt-get install ripgrep").toBe(0);
});

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** What `rg` prints for `docs` and `params` (no paging), or NO_MATCHES when it prints nothing. */
function runRg(docs: SearchDoc[], params: GrepParams): string {
  const root = mkdtempSync(join(tmpdir(), "lens-grep-"));
  roots.push(root);
  for (const d of docs) {
    const file = join(root, d.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, d.text, "utf8");
  }
  const args = [
    "--no-config",
    "--sort",
    "path",
    "--no-heading",
    "--with-filename",
    "--color",
    "never",
  ];
  args.push("--hidden", "--no-ignore");
  const mode = params.output_mode ?? "files_with_matches";
  if (mode === "files_with_matches") args.push("-l");
  else if (mode === "count") args.push("--count");
  else {
    args.push(params["-n"] === false ? "-N" : "-n");
    args.push(
      "-B",
      String(params["-B"] ?? params["-C"] ?? 0),
      "-A",
      String(params["-A"] ?? params["-C"] ?? 0),
    );
  }
  if (params["-i"]) args.push("-i");
  if (params.multiline) args.push("-U", "--multiline-dotall");
  for (const glob of typeof params.glob === "string" ? [params.glob] : (params.glob ?? [])) {
    args.push("--glob", glob);
  }
  args.push("-e", params.pattern);
  const r = spawnSync("rg", args, {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  rmSync(root, { recursive: true, force: true });
  if (r.status === 2) throw new Error(`rg failed: ${r.stderr}`);
  const out = r.stdout.replace(/\n$/, "");
  return out === "" ? NO_MATCHES : out;
}

function lens(docs: SearchDoc[], params: GrepParams): string {
  const options = { maxOutputChars: 10_000_000 };
  const r = grepDocuments(docs, { ...params, head_limit: 0 }, options);
  expect(r.isError, r.text).toBe(false);
  // With what a caller keeps beside each text (the case-folded copy, newline offsets), the
  // output is the same.
  const kept = docs.map((d) => ({
    ...d,
    folded: () => foldCase(d.text),
    newlines: () => newlineOffsets(d.text),
  }));
  expect(grepDocuments(kept, { ...params, head_limit: 0 }, options).text).toBe(r.text);
  return r.text;
}

function same(docs: SearchDoc[], params: GrepParams): void {
  expect(lens(docs, params), JSON.stringify({ docs, params })).toBe(runRg(docs, params));
}

const MODES = ["content", "files_with_matches", "count"] as const;

describe("grep matches rg on hand-written cases", () => {
  const ctx: SearchDoc[] = [
    { path: "N/a.md", text: "1\nx\n3\n4\nx\n6\n7\n8\n9\nx\n11\n" },
    { path: "N/b.md", text: "x\n2\n" },
    { path: "N/c.md", text: "q\n" },
  ];

  it.each([
    ["merges context of near matches and breaks groups with --", { "-A": 1, "-B": 1 }],
    ["overlapping -A/-B", { "-A": 3, "-B": 2 }],
    ["-C", { "-C": 2 }],
    ["-A only", { "-A": 1 }],
    ["-B only", { "-B": 1 }],
    ["-A larger than the gap", { "-A": 5 }],
    ["-C0 prints no separators", { "-C": 0 }],
    ["-n false", { "-n": false, "-C": 1 }],
  ])("%s", (_name, extra) => {
    same(ctx, { pattern: "x", output_mode: "content", ...extra });
  });

  it("-- between files only with context", () => {
    same(ctx, { pattern: "x", output_mode: "content" });
    same(ctx, { pattern: "x", output_mode: "content", "-A": 1 });
  });

  const edge: SearchDoc[] = [
    { path: "E/crlf.md", text: "alpha\r\nbeta\r\n\r\ngamma\r\n" },
    { path: "E/empty-lines.md", text: "\n\nfoo\n\n" },
    { path: "E/no-final-newline.md", text: "foo\nbar" },
    { path: "E/empty.md", text: "" },
    { path: "E/only-newline.md", text: "\n" },
    {
      path: "E/unicode.md",
      text: "Straße\nÉTÉ été\n😀 emoji 😀\nnaïve café\nſ long s\nK kelvin\n",
    },
    { path: "E/bom.md", text: "\uFEFFfoo first\nfoo\n" },
  ];

  it.each([
    "a$",
    "a\\r$",
    "^$",
    "^",
    "",
    "$",
    "foo$",
    "bar",
    "\\z",
    "\\Afoo",
    "é",
    "😀",
    ".",
    "^.$",
    "\\w+$",
    "\\bété\\b",
    "\\bSTRA",
    "ß\\b",
    "\\d",
    "\\s",
    "[^a-z]",
    "(?i)été",
    "^foo",
    // A found string is a match, so files mode takes the first one found: not one the
    // searcher's dropped byte-order mark holds, nor one before a string that is absent.
    "\uFEFFfoo",
    "zzz|\uFEFFfoo",
    "absent|kelvin|first",
    "first|absent",
  ])("edge corpus, pattern %j", (pattern) => {
    for (const output_mode of MODES) {
      same(edge, { pattern, output_mode, "-C": 1 });
      same(edge, { pattern, output_mode });
    }
  });

  it.each(["straße", "s", "k", "été", "FOO", "Ε"])("-i %j", (pattern) => {
    for (const output_mode of MODES) same(edge, { pattern, output_mode, "-i": true });
  });

  const ml: SearchDoc[] = [
    { path: "M/m.md", text: "a\nb\nc\nd\n" },
    { path: "M/n.md", text: "x x\nfoo\nbar\n\nfoo\r\nbar\r\n" },
    { path: "M/o.md", text: "a\nb" },
  ];

  it.each([
    "b\\nc|c\\nd",
    "b\\nc|\\nd",
    "a|b|\\n",
    "x|\\n",
    "\\z|\\n",
    "\\z",
    "$",
    "b\\n",
    "foo.bar",
    "foo\\r?\\nbar",
    "^$\\n",
    "\\n\\n",
    "x",
    ".",
    "(?-s)foo.*",
    "d\\n\\z",
  ])("multiline %j", (pattern) => {
    for (const output_mode of MODES) {
      same(ml, { pattern, output_mode, multiline: true });
      same(ml, { pattern, output_mode, multiline: true, "-C": 1 });
    }
  });

  it("orders paths per component, as bytes", () => {
    const names = [
      "a b.md",
      "a-b/x.md",
      "a/b.md",
      "A.md",
      "é.md",
      "Z.md",
      "a.md",
      "😀.md",
      "\uE000.md",
      "_x.md",
      "a0.md",
    ];
    const docs = names.map((n) => ({ path: `F/${n}`, text: "hit\n" }));
    for (const output_mode of MODES) same(docs, { pattern: "hit", output_mode });
  });

  it.each<string | string[]>([
    "*.md",
    "!a*",
    "F/a/*",
    "{a,Z}*.md",
    "F/**/x.md",
    "!F/a",
    "a b.md",
    "F/Web viewer/**",
    "Web viewer.md",
    ["*.md", "!a*"],
    ["!a*", "a b.md"],
    ["F/Web viewer/*", "F/a/*"],
  ])("glob %j", (glob) => {
    const names = [
      "a b.md",
      "a-b/x.md",
      "a/b.md",
      "A.md",
      "Z.md",
      "a.md",
      "Web viewer.md",
      "Web viewer/x y.md",
    ];
    const docs = names.map((n) => ({ path: `F/${n}`, text: "hit\n" }));
    same(docs, { pattern: "hit", glob });
  });
  // Globs rg cannot parse are tool errors, never a search that silently matches nothing.
  const globNames = ["{a", "[x", "]x", "ax", "-x", "x y.md", "[a].md", "b", "c"];
  const globDocs = globNames.map((n) => ({ path: `G/${n}`, text: "hit\n" }));

  it.each(["{a", "*.{md,txt", "[a", "[]", "[!]", "[z-a]*", "[c-d-a]", "\\", "x\\"])(
    "glob %j is refused by rg and by grep",
    (glob) => {
      expect(() => runRg(globDocs, { pattern: "hit", glob })).toThrow(/error parsing glob/);
      const r = grepDocuments(globDocs, { pattern: "hit", glob });
      expect(r).toMatchObject({ isError: true, code: "invalid_pattern" });
      expect(r.text).toMatch(
        /^Invalid glob: Glob ".*" cannot be parsed: (unclosed|invalid range|dangling)/,
      );
    },
  );

  it.each(["[{]a", "\\{a", "[[]x", "[]a]*", "[a-]*", "[-a]*", "x\\ y.md", "[[]a].md", "[a-c]"])(
    "glob %j, odd but valid, matches what rg matches",
    (glob) => {
      same(globDocs, { pattern: "hit", glob });
    },
  );
});

// ---- generated corpora ------------------------------------------------------------------------

const LINES = [
  "",
  "foo",
  "Foo bar",
  "bar baz foo",
  "FOO",
  "foo\r",
  "\r",
  "café Straße",
  "naïve ÉTÉ été",
  "emoji 😀 here",
  "😀😀",
  "a.b*c",
  "  indented",
  "x",
  "123 456",
  "Ⅻ ٣ ٤",
  "ſtop K",
  "über-bar",
  "İ STOP ſtop",
];
const PATHS = [
  "L/a.md",
  "L/a b.md",
  "L/a-b/x.md",
  "L/a/b.md",
  "L/A.md",
  "L/é.md",
  "L/Z.md",
  "O/n.md",
  "L/😀.md",
];
const LINE_PATTERNS = [
  "foo",
  "Foo",
  "bar",
  "o",
  "^foo",
  "foo$",
  "^$",
  "^",
  "\\d+",
  "\\w+ \\w+",
  "[a-c]",
  "[^a-z ]",
  "foo|bar",
  "bar|foo|baz",
  "(o|ba|z)",
  "oo|o",
  "é|😀|Foo",
  "(foo|baz)$",
  "é",
  "😀",
  "\\bbar\\b",
  "\\bfoo",
  "ba.",
  ".",
  "\\s",
  "^\\s*$",
  "[[:upper:]]",
  "\\p{Lu}",
  "a\\.b",
  "\\r$",
  "é|😀",
  "\\S+$",
  "É",
  "s",
  "stop",
  "t\\b",
  "\\W",
  "x*",
  "\\b",
  "\\B",
  "\\bété\\b",
  "(?i)ÉTÉ",
  "\\w+é",
  "[é😀]+",
  "é\\b",
  "\\b\\w",
  "o\\b",
  "\\bK",
];
const MULTI_PATTERNS = [
  "foo\\nbar",
  "o\\n",
  "\\n\\n",
  "bar.*\\nfoo",
  "foo[\\s\\S]*?bar",
  "^$\\n",
  "\\n",
  ".\\n.",
  "\\r\\n",
];

const docArb = fc.record({
  lines: fc.array(fc.constantFrom(...LINES), { maxLength: 12 }),
  finalNewline: fc.boolean(),
});
const corpusArb = fc
  .uniqueArray(fc.constantFrom(...PATHS), { minLength: 1, maxLength: 5 })
  .chain((paths) =>
    fc.tuple(
      fc.constant(paths),
      fc.array(docArb, { minLength: paths.length, maxLength: paths.length }),
    ),
  )
  .map(([paths, docs]) =>
    paths.map((path, i) => {
      const d = docs[i]!;
      const text = d.lines.join("\n") + (d.finalNewline && d.lines.length > 0 ? "\n" : "");
      return { path, text };
    }),
  );
const ctxArb = fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined });
const paramsArb = fc
  .record({
    multiline: fc.boolean(),
    line: fc.constantFrom(...LINE_PATTERNS),
    // Known difference, left out of -U here: rg 13 reports no end-of-text match of a bare `\B`
    // after a final newline ("x\n"), while it reports `\z`'s there (its before-context); Lens
    // reports both alike. `\B` stays covered line by line and in the middle of texts.
    multi: fc.constantFrom(...MULTI_PATTERNS, ...LINE_PATTERNS.filter((p) => p !== "\\B")),
    "-i": fc.boolean(),
    "-n": fc.boolean(),
    "-A": ctxArb,
    "-B": ctxArb,
    output_mode: fc.constantFrom(...MODES),
  })
  .map(({ line, multi, ...p }): GrepParams => ({ ...p, pattern: p.multiline ? multi : line }));

describe("grep matches rg on generated corpora", () => {
  it("for random documents, patterns, flags, context and modes", () => {
    fc.assert(
      fc.property(corpusArb, paramsArb, (docs, params) => {
        same(docs, params);
      }),
      { numRuns: Number(process.env.GREP_CONFORMANCE_RUNS ?? 250) },
    );
    // 250 runs each spawn rg: about 7 s alone, several times that while every package's
    // tests (and a browser) share two cores.
  }, 180_000);
});
