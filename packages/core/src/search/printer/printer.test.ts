// Printers: rg's line formats and separators, and the bounded, paged output they write into.
import { describe, expect, it } from "vitest";
import { ContentPrinter } from "./contentPrinter.js";
import { CountPrinter } from "./countPrinter.js";
import { entryFormat, type GrepEntry } from "./entries.js";
import { FilesPrinter } from "./filesPrinter.js";
import { OutputLines } from "./output.js";

const printed = (lineNumbers = true) =>
  new OutputLines<GrepEntry>({}, entryFormat({ lineNumbers }));

const summary = { matchedLines: 2, matches: 5 };

describe("printers", () => {
  it("content: path:N:text, path-N-text, -- between groups and, with context, between files", () => {
    const out = printed();
    const p = new ContentPrinter(out, { contextOn: true });
    p.begin("a.md");
    p.context(1, "c");
    p.matched(2, "m");
    p.contextBreak();
    p.matched(9, "m");
    p.finish(summary);
    p.begin("b.md");
    p.matched(1, "m");
    expect(out.lines).toEqual(["a.md-1-c", "a.md:2:m", "--", "a.md:9:m", "--", "b.md:1:m"]);
  });

  it("content without line numbers, and without -- between files when there is no context", () => {
    const out = printed(false);
    const p = new ContentPrinter(out);
    p.begin("a.md");
    p.matched(2, "m");
    p.begin("b.md");
    p.matched(1, "n");
    expect(out.lines).toEqual(["a.md:m", "b.md:n"]);
  });

  it("separators are a matter of printing: entries stay typed", () => {
    const out = new OutputLines<GrepEntry>(
      {},
      entryFormat({ separators: { match: "=", context: "~", contextBreak: "…" } }),
    );
    const p = new ContentPrinter(out);
    p.begin("a.md");
    p.matched(2, "xm");
    p.contextBreak();
    p.context(4, "c");
    expect(out.lines).toEqual(["a.md=2=xm", "…", "a.md~4~c"]);
    expect(out.entries[0]).toEqual({ kind: "match", path: "a.md", line: 2, text: "xm" });
  });

  it("files: the first match prints the path and stops the document", () => {
    const out = printed();
    const p = new FilesPrinter(out);
    p.begin("a.md");
    expect(p.matched()).toBe(false);
    expect(out.lines).toEqual(["a.md"]);
  });

  it("count: matching lines, or matches when asked; nothing for zero", () => {
    const out = printed();
    new CountPrinter(out).begin("a.md");
    const lines = new CountPrinter(out);
    lines.begin("a.md");
    lines.finish(summary);
    const matches = new CountPrinter(out, { countMatches: true });
    matches.begin("b.md");
    matches.finish(summary);
    const none = new CountPrinter(out);
    none.begin("c.md");
    none.finish({ matchedLines: 0, matches: 0 });
    expect(out.lines).toEqual(["a.md:2", "b.md:5"]);
  });

  it("output skips offset entries, keeps head_limit, and notes a cut", () => {
    const out = new OutputLines({ offset: 2, headLimit: 2 });
    const pushed = ["a", "b", "c", "d", "e"].map((l) => out.push(l));
    expect(out.lines).toEqual(["c", "d"]);
    expect(pushed).toEqual([true, true, true, true, false]);
    expect(out.cut).toBe("head");
  });

  it("output is bounded in characters", () => {
    const out = new OutputLines({ maxChars: 5 });
    expect(out.push("abc")).toBe(true);
    expect(out.push("def")).toBe(false);
    expect(out.cut).toBe("size");
    const long = new OutputLines({ maxChars: 4 });
    long.push("abcdefgh");
    expect(long.lines).toEqual(["abcd"]);
    const entry = new OutputLines<GrepEntry>({ maxChars: 12 }, entryFormat());
    entry.push({ kind: "match", path: "a.md", line: 3, text: "0123456789" });
    expect(entry.lines).toEqual(["a.md:3:01234"]);
    expect(entry.cut).toBe("size");
  });
});
