// The grep tool: AI views of the workspace's documents, scoping by path, schema and errors.
import { describe, expect, it } from "vitest";
import { folderReach } from "../access/reach.js";
import { workspaceFromTexts } from "../workspace/fromTexts.js";
import { type GrepArgs, grepListing, grepPlan, grepTool } from "./grep.js";
import { Session } from "./session.js";
import { invokeTool } from "./tool.js";

function setup() {
  const ws = workspaceFromTexts([
    {
      name: "Lens",
      files: {
        "Notes/Ideas.md": "first idea\nsecond {--old--}{++new++} idea\n",
        "Notes/Plan.md": "plan\n{>>a comment<<} idea?\n",
        "README.md": "Read me. No ideas here.\n",
      },
    },
    { name: "Équipe", files: { "Café.md": "idée\nidea\n" } },
  ]);
  const grep = (args: Record<string, unknown>) =>
    invokeTool(grepTool, ws, new Session("s"), grepTool.input.parse(args));
  return { ws, grep };
}

describe("grep tool", () => {
  it("lists matching documents in path order by default", () => {
    const { grep } = setup();
    expect(grep({ pattern: "idea" })).toMatchObject({
      text: "Lens/Notes/Ideas.md\nLens/Notes/Plan.md\nLens/README.md\nÉquipe/Café.md",
      isError: false,
    });
  });

  it("searches the AI view: suggestions as accepted, comments kept", () => {
    const { grep } = setup();
    expect(grep({ pattern: "new|old|comment", output_mode: "content" }).text).toBe(
      "Lens/Notes/Ideas.md:2:second new idea\nLens/Notes/Plan.md:2:{>>a comment<<} idea?",
    );
  });

  it("scopes to a folder, a sub-folder or one document", () => {
    const { grep } = setup();
    expect(grep({ pattern: "idea", path: "Équipe" }).text).toBe("Équipe/Café.md");
    expect(grep({ pattern: "idea", path: "Lens/Notes" }).text).toBe(
      "Lens/Notes/Ideas.md\nLens/Notes/Plan.md",
    );
    expect(grep({ pattern: "idea", path: "Lens/Notes/Plan", output_mode: "count" }).text).toBe(
      "Lens/Notes/Plan.md:1",
    );
  });

  it("glob with / is relative to the folder path too", () => {
    const { grep } = setup();
    expect(grep({ pattern: "idea", glob: "Notes/P*", path: "Lens" }).text).toBe(
      "Lens/Notes/Plan.md",
    );
    expect(grep({ pattern: "idea", glob: "*.md", path: "Lens/README.md" }).text).toBe(
      "Lens/README.md",
    );
  });

  it("a glob string is one pattern, spaces included; an array gives several", () => {
    const ws = workspaceFromTexts([
      {
        name: "Obsidian Help",
        files: {
          "Plugins/Web viewer.md": "plugin\n",
          "Plugins/Canvas.md": "plugin\n",
          "Start here.md": "plugin\n",
        },
      },
    ]);
    const grep = (args: Record<string, unknown>) =>
      invokeTool(grepTool, ws, new Session("s"), grepTool.input.parse(args));
    expect(grep({ pattern: "plugin", glob: "Obsidian Help/Plugins/**" }).text).toBe(
      "Obsidian Help/Plugins/Canvas.md\nObsidian Help/Plugins/Web viewer.md",
    );
    expect(grep({ pattern: "plugin", glob: "Web viewer.md" }).text).toBe(
      "Obsidian Help/Plugins/Web viewer.md",
    );
    expect(grep({ pattern: "plugin", glob: ["Start here.md", "Canvas.md"] }).text).toBe(
      "Obsidian Help/Plugins/Canvas.md\nObsidian Help/Start here.md",
    );
  });

  it("a glob that leaves nothing to search says so instead of a bare No matches", () => {
    const { grep } = setup();
    const r = grep({ pattern: "idea", glob: "Notes/*.md" });
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(
      /^No matches found: no document in scope matches the glob "Notes\/\*\.md"\./,
    );
    expect(grep({ pattern: "zzz", glob: "*.md" }).text).toBe("No matches found");
  });

  it("refuses a glob list it cannot use", () => {
    const { grep } = setup();
    const many = grep({ pattern: "idea", glob: Array(100).fill("*.md") });
    expect(many.isError).toBe(false);
    expect(() => grepTool.input.parse({ pattern: "x", glob: Array(101).fill("*.md") })).toThrow();
    const empty = grep({ pattern: "idea", glob: "" });
    expect(empty).toMatchObject({ isError: true, code: "invalid_pattern" });
    expect(empty.text).toMatch(/^Invalid glob: Empty glob/);
    // A glob rg cannot parse is an error naming it, not "No matches".
    const unclosed = grep({ pattern: "idea", glob: ["*.md", "Lens/{Notes,Daily/**"] });
    expect(unclosed).toMatchObject({ isError: true, code: "invalid_pattern" });
    expect(unclosed.text).toBe(
      `Invalid glob: Glob "Lens/{Notes,Daily/**" cannot be parsed: unclosed alternate group; missing '}' (to match '{' write '[{]').`,
    );
  });

  it("-i, -n false and context", () => {
    const { grep } = setup();
    expect(grep({ pattern: "READ", "-i": true, output_mode: "content", "-n": false }).text).toBe(
      "Lens/README.md:Read me. No ideas here.",
    );
    expect(grep({ pattern: "first", output_mode: "content", "-A": 1 }).text).toBe(
      "Lens/Notes/Ideas.md:1:first idea\nLens/Notes/Ideas.md-2-second new idea",
    );
  });

  it("follows document changes (the cached view is invalidated)", () => {
    const { ws, grep } = setup();
    const loc = ws.paths.get("Lens/README.md")!;
    ws.contentText(loc.docId)!.insert(0, "zebra ");
    expect(grep({ pattern: "zebra" }).text).toBe("Lens/README.md");
  });

  it("errors say what to do", () => {
    const { grep } = setup();
    const bad = grep({ pattern: "(unclosed" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/unclosed group/);
    const missing = grep({ pattern: "x", path: "Nope/There" });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/does not exist/);
    expect(grep({ pattern: "x", path: "/abs" }).isError).toBe(true);
    expect(grep({ pattern: "zzz" })).toMatchObject({ text: "No matches found", isError: false });
    const nested = grep({ pattern: "(".repeat(100_000) });
    expect(nested).toMatchObject({ isError: true, code: "invalid_pattern" });
    expect(nested.text).toMatch(/nested too deeply/);
    expect(nested.text.length).toBeLessThan(600);
    const classes = grep({ pattern: "[".repeat(100_000) });
    expect(classes).toMatchObject({ isError: true, code: "invalid_pattern" });
    expect(classes.text).toMatch(/nested too deeply/);
    // Stacked repetitions are valid (rg accepts `a**`) but each nests the tree deeper.
    expect(grep({ pattern: "a**" }).isError).toBe(false);
    expect(grep({ pattern: `a${"*".repeat(50_000)}` }).text).toMatch(
      /too many repetition operators/,
    );
    const deep = `${"(".repeat(200)}a${")**".repeat(200)}`;
    expect(grep({ pattern: deep }).text).toMatch(/nested too deeply \(groups and repetitions/);
    // Like ripgrep's size limit: repetitions that expand past 50 000 elements are refused.
    const huge = grep({ pattern: "\\w{1000}".repeat(56) });
    expect(huge).toMatchObject({ isError: true, code: "invalid_pattern" });
    expect(huge.text).toMatch(/too large once its repetitions are expanded \(56000 elements/);
    expect(grep({ pattern: "(\\w{1000}){1000}" }).text).toMatch(/1000000 elements/);
    expect(grep({ pattern: "\\w{1000}\\s" }).isError).toBe(false);
    const lookAround = grep({ pattern: "a(?=b)" });
    expect(lookAround.text).not.toMatch(/\.\./);
  });

  it("publishes Claude Code's parameter names", () => {
    expect(Object.keys(grepTool.input.shape).sort()).toEqual(
      [
        "-A",
        "-B",
        "-C",
        "-i",
        "-n",
        "glob",
        "head_limit",
        "multiline",
        "offset",
        "output_mode",
        "path",
        "pattern",
      ].sort(),
    );
    expect(grepTool.readOnly).toBe(true);
    expect(() => grepTool.input.parse({ pattern: "x", output_mode: "lines" })).toThrow();
  });
});

describe("grep's typed result (one search, the text rendered from it)", () => {
  const ws = workspaceFromTexts([
    {
      name: "Lens",
      files: { "a.md": "alpha\nbeta gamma\ndelta\n", "b/c.md": "x\ngamma ray\n" },
    },
  ]);
  const run = (args: Record<string, unknown>) =>
    invokeTool(grepTool, ws, new Session("s"), grepTool.input.parse(args));

  it("gives the page's entries typed, in path order", () => {
    const r = run({ pattern: "gamma", "-C": 1, output_mode: "content" });
    expect(r.isError).toBe(false);
    expect(r.data?.entries).toEqual([
      { kind: "context", path: "Lens/a.md", line: 1, text: "alpha" },
      { kind: "match", path: "Lens/a.md", line: 2, text: "beta gamma" },
      { kind: "context", path: "Lens/a.md", line: 3, text: "delta" },
      { kind: "break" },
      { kind: "context", path: "Lens/b/c.md", line: 1, text: "x" },
      { kind: "match", path: "Lens/b/c.md", line: 2, text: "gamma ray" },
    ]);
    expect(r.text).toBe(
      "Lens/a.md-1-alpha\nLens/a.md:2:beta gamma\nLens/a.md-3-delta\n--\nLens/b/c.md-1-x\nLens/b/c.md:2:gamma ray",
    );
    expect(r.data).toMatchObject({ cut: null, nextOffset: null, timedOut: false, produced: 6 });
  });

  it("pages entries and text alike, and says where the next page starts", () => {
    const r = run({ pattern: "a", output_mode: "count", offset: 1, head_limit: 1 });
    expect(r.data?.entries).toEqual([{ kind: "count", path: "Lens/b/c.md", count: 1 }]);
    expect(r.text.split("\n")[0]).toBe("Lens/b/c.md:1");
    const files = run({ pattern: "a", head_limit: 1 });
    expect(files.data?.entries).toEqual([{ kind: "file", path: "Lens/a.md" }]);
    expect(files.data).toMatchObject({ cut: "head", nextOffset: 1 });
    expect(files.text).toContain("offset: 1");
  });

  it("reports bad patterns and paths as typed errors", () => {
    const bad = run({ pattern: "(a" });
    expect(bad.isError && bad.error?.code).toBe("invalid_pattern");
    const missing = run({ pattern: "a", path: "Nope" });
    expect(missing.isError && missing.error?.code).toBe("not_found");
    expect(missing.data).toBeUndefined();
  });

  /** One of a grep plan's keys for `args` (pattern "idea" unless given) and a reach. */
  const planKeys = (which: "key" | "docsKey") => {
    const { ws } = setup();
    return (args: Partial<GrepArgs>, reach = folderReach([])) => {
      const plan = grepPlan(ws, grepTool.input.parse({ pattern: "idea", ...args }), reach);
      if (!plan.ok) throw new Error(plan.error.message);
      return plan.value[which];
    };
  };

  it("plans name one search whatever its page: the key leaves out offset only", () => {
    const key = planKeys("key");
    const base = key({});
    expect(key({ offset: 40 })).toBe(base);
    expect(key({ head_limit: 250, output_mode: "count" })).toBe(
      key({ output_mode: "count", head_limit: 250 }),
    );
    const others = [
      key({ pattern: "idee" }),
      key({ path: "Lens" }),
      key({ path: "Lens/Notes" }),
      key({ glob: "*.md" }),
      key({ "-i": true }),
      key({ output_mode: "count" }),
      key({}, folderReach(["Lens"])),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it("plans name their documents whatever the search: the docsKey is path and reach only", () => {
    const docsKey = planKeys("docsKey");
    const base = docsKey({});
    for (const same of [
      { pattern: "other" },
      { output_mode: "count", "-i": true, offset: 3 },
      { glob: "*.md", head_limit: 5 },
    ] as Partial<GrepArgs>[]) {
      expect(docsKey(same)).toBe(base);
    }
    const others = [
      docsKey({ path: "Lens" }),
      docsKey({ path: "Lens/Notes" }),
      docsKey({}, folderReach(["Lens"])),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it("plans list the documents in scope and reach, once however often asked", () => {
    const { ws } = setup();
    const plan = grepPlan(ws, grepTool.input.parse({ pattern: "idea" }), folderReach(["Lens"]));
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.docs.map((d) => d.path).sort()).toEqual([
      "Lens/Notes/Ideas.md",
      "Lens/Notes/Plan.md",
      "Lens/README.md",
    ]);
    expect(plan.value.docs).toBe(plan.value.docs);
  });

  it("a listing is the plan's documents and docsKey for that path and reach, without a search", () => {
    const { ws } = setup();
    for (const [path, reach] of [
      [undefined, undefined],
      ["Lens/Notes", undefined],
      [undefined, folderReach(["Équipe"])],
    ] as const) {
      const listing = grepListing(ws, path, reach);
      const plan = grepPlan(ws, grepTool.input.parse({ pattern: "x", path }), reach);
      if (!listing.ok || !plan.ok) throw new Error("not listed");
      expect(listing.value.docsKey).toBe(plan.value.docsKey);
      expect(listing.value.docs).toEqual(plan.value.docs);
    }
    expect(grepListing(ws, "Nowhere")).toMatchObject({ ok: false });
  });
});
