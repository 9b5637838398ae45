// Headings and sections: ATX headings outside frontmatter and fenced code, matched by text.
import { describe, expect, it } from "vitest";
import { matchHeading } from "./headingMatch.js";
import { findHeadings, headingText, sectionEnd } from "./headings.js";
import { insertionOffset, textToInsert } from "./insertionPoint.js";

const NOTE = [
  "---",
  "title: x",
  "# not a heading: frontmatter",
  "---",
  "# Title",
  "",
  "intro",
  "## Tasks",
  "- a",
  "```",
  "# not a heading: code",
  "```",
  "",
  "### Sub",
  "detail",
  "## Log ##",
  "#hashtag is no heading",
  "####### seven is none",
  "",
].join("\n");

describe("findHeadings", () => {
  it("finds ATX headings with their level and line, skipping frontmatter and fences", () => {
    const hs = findHeadings(NOTE);
    expect(hs.map((h) => [h.line, h.level, h.text])).toEqual([
      [5, 1, "Title"],
      [8, 2, "Tasks"],
      [14, 3, "Sub"],
      [16, 2, "Log"],
    ]);
  });

  it("a section ends at the next heading of the same or a higher level", () => {
    const hs = findHeadings(NOTE);
    const tasks = hs.findIndex((h) => h.text === "Tasks");
    expect(NOTE.slice(hs[tasks]!.end, sectionEnd(hs, tasks, NOTE.length))).toContain("### Sub");
    expect(sectionEnd(hs, tasks, NOTE.length)).toBe(hs[3]!.start);
    expect(sectionEnd(hs, 0, NOTE.length)).toBe(NOTE.length);
  });

  it("strips a closing run of #s only after a space", () => {
    expect(headingText(" C# ")).toBe("C#");
    expect(headingText("Log ##")).toBe("Log");
    expect(headingText("##")).toBe("");
  });

  it("stays linear on a long line of spaces and #s", () => {
    const line = `# ${" #".repeat(200_000)}x`;
    expect(findHeadings(line)[0]?.level).toBe(1);
  });
});

describe("matchHeading", () => {
  const hs = findHeadings("# A\n## Tasks\n### Tasks\n## tasks list\n");
  it("matches by exact text, or by level too when #s are given", () => {
    expect(matchHeading(hs, "## Tasks")).toEqual({ kind: "found", index: 1 });
    expect(matchHeading(hs, "  ### Tasks ")).toEqual({ kind: "found", index: 2 });
    expect(matchHeading(hs, "A")).toEqual({ kind: "found", index: 0 });
  });
  it("names every candidate of an ambiguous text", () => {
    const m = matchHeading(hs, "Tasks");
    expect(m.kind === "ambiguous" && m.candidates.map((h) => h.line)).toEqual([2, 3]);
  });
  it("lists the nearest headings of a missing one, case-insensitive likeness first", () => {
    const m = matchHeading(hs, "TASKS");
    expect(m.kind).toBe("missing");
    expect(m.kind === "missing" && m.nearby.map((h) => h.line)).toEqual([2, 3, 4, 1]);
  });
});

describe("insertion points", () => {
  it("start of the note is after its frontmatter; end is after the last non-blank line", () => {
    const text = "---\na: 1\n---\nbody\n\n\n";
    expect(insertionOffset(text, [], undefined, "start")).toBe("---\na: 1\n---\n".length);
    expect(insertionOffset(text, [], undefined, "end")).toBe("---\na: 1\n---\nbody\n".length);
  });
  it("end of a section is before the blank lines that precede the next heading", () => {
    const text = "# A\none\n\n# B\n";
    const hs = findHeadings(text);
    expect(insertionOffset(text, hs, 0, "end")).toBe("# A\none\n".length);
    expect(insertionOffset(text, hs, 0, "start")).toBe("# A\n".length);
    expect(insertionOffset("# A\n\n# B\n", findHeadings("# A\n\n# B\n"), 0, "end")).toBe(4);
  });
  it("writes whole lines in the note's line endings", () => {
    expect(textToInsert("a", 1, "b", false)).toEqual({ text: "\nb", lead: 1 });
    expect(textToInsert("a\n", 2, "b", false)).toEqual({ text: "b\n", lead: 0 });
    expect(textToInsert("a\r\nc\r\n", 3, "b\nd", true)).toEqual({ text: "b\r\nd\r\n", lead: 0 });
    expect(textToInsert("", 0, "b", false)).toEqual({ text: "b\n", lead: 0 });
  });
});
