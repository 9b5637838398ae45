// Properties and tags of a note: frontmatter parsed with `yaml`, tolerant of what cannot be read
// and bounded against hostile YAML; tags by Obsidian's rules; glob's filters.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesFilter } from "./filters.js";
import { MAX_FRONTMATTER_CHARS, parseFrontmatter } from "./frontmatterYaml.js";
import { noteProperties } from "./noteProperties.js";
import { asTag, frontmatterTags, hasTag, inlineTags } from "./tags.js";

describe("frontmatter properties", () => {
  it("parses YAML properties as JSON, dates as written", () => {
    const note =
      "---\ntitle: Plan\ncount: 3\ndone: false\ndue: 2026-11-24\naliases:\n  - P\n  - Q\n---\nbody";
    expect(parseFrontmatter(note)).toEqual({
      properties: { title: "Plan", count: 3, done: false, due: "2026-11-24", aliases: ["P", "Q"] },
    });
    expect(parseFrontmatter("no frontmatter")).toEqual({});
    expect(parseFrontmatter("---\n---\nbody")).toEqual({ properties: {} });
  });

  it("leaves out what it cannot read, with a note, never throwing", () => {
    expect(parseFrontmatter("---\ntitle: [unclosed\n---\n").problem).toMatch(/not valid YAML/);
    expect(parseFrontmatter("---\n- a\n- b\n---\n").problem).toMatch(/not a list of `key: value`/);
    const big = `---\nx: "${"a".repeat(MAX_FRONTMATTER_CHARS)}"\n---\n`;
    expect(parseFrontmatter(big).problem).toMatch(/over 8192 characters/);
    const deep = `---\nx: ${"[".repeat(5000)}${"]".repeat(5000)}\n---\n`;
    expect(parseFrontmatter(deep).problem).toBeDefined();
  });

  it("refuses an alias bomb (billion laughs) quickly instead of expanding it", () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`);
    }
    const r = parseFrontmatter(`---\n${lines.join("\n")}\n---\n`);
    expect(r.properties).toBeUndefined();
    expect(r.problem).toMatch(/could not be read as YAML/);
  });

  it("keeps a __proto__ key as a key, polluting nothing", () => {
    const r = parseFrontmatter('---\n__proto__: {"polluted": true}\n---\n');
    expect(Object.keys(r.properties ?? {})).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("tags", () => {
  it("reads frontmatter tags as a list or a string, and inline tags outside code and headings", () => {
    const note = [
      "---",
      "tags: [daily, '#team/ops', 2024]",
      "---",
      "# Heading #notatag",
      "A #standup here, (#paren) and #Daily again; x#no and #123 and [[Note#Section]].",
      "`#code` not a tag",
      "```",
      "#fenced",
      "```",
      "#ünïcode/nested_x-y",
    ].join("\n");
    expect(noteProperties(note).tags).toEqual([
      "daily",
      "team/ops",
      "notatag",
      "standup",
      "paren",
      "ünïcode/nested_x-y",
    ]);
    expect(frontmatterTags("a, b c #d")).toEqual(["a", "b", "c", "d"]);
    expect(frontmatterTags(3)).toEqual([]);
  });

  it("a tag is letters, digits, _ - / with one non-digit", () => {
    expect(asTag("#a/b")).toBe("a/b");
    expect(asTag("2024")).toBeUndefined();
    expect(asTag("a b")).toBeUndefined();
    expect(asTag("")).toBeUndefined();
  });

  it("finds a tag and the tags nested under it, any case", () => {
    expect(hasTag(["Team/Ops"], "team")).toBe(true);
    expect(hasTag(["team/ops"], "TEAM/OPS")).toBe(true);
    expect(hasTag(["teams"], "team")).toBe(false);
  });

  it("never throws and only returns valid tags, whatever the text (generated)", () => {
    const chars = fc.constantFrom(
      "#",
      " ",
      "\n",
      "a",
      "1",
      "/",
      "-",
      "_",
      "`",
      "~",
      "(",
      "é",
      "😀",
      ":",
      "[",
      "]",
      "-",
      "\r",
    );
    const text = fc.array(chars, { maxLength: 200 }).map((a) => a.join(""));
    fc.assert(
      fc.property(fc.oneof(text, fc.string(), fc.string({ unit: "grapheme" })), (t) => {
        for (const tag of [...inlineTags(t), ...noteProperties(t).tags])
          expect(asTag(tag), JSON.stringify(tag)).toBe(tag.normalize("NFC"));
        noteProperties(`---\n${t}\n---\n${t}`);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("filters", () => {
  const note = noteProperties(
    "---\nstatus: Open\ntags: [project/alpha]\nowners: [ann, bo]\nn: 3\n---\n#urgent",
  );
  it("needs every tag and every property: equal, or held by a list, ignoring case", () => {
    const f = (tags: string[], where: Record<string, string | number | boolean> = {}) =>
      matchesFilter(note, { tags, where });
    expect(f(["project"])).toBe(true);
    expect(f(["project", "urgent"])).toBe(true);
    expect(f(["project", "other"])).toBe(false);
    expect(f([], { status: "open" })).toBe(true);
    expect(f([], { Status: " OPEN " })).toBe(true);
    expect(f([], { owners: "bo" })).toBe(true);
    expect(f([], { n: 3 })).toBe(true);
    expect(f([], { status: "closed" })).toBe(false);
    expect(f([], { missing: "x" })).toBe(false);
  });
});
