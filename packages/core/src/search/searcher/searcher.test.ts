// The searcher alone, observed through a recording sink: lines, context merging, multiline, stops.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newlineOffsets } from "../../text/lines.js";
import { compileMatcher } from "../matcher/matcher.js";
import { RecordingSink, type SinkEvent } from "./recordingSink.js";
import { type SearchOptions, searchDocument } from "./searcher.js";

function events(
  pattern: string,
  text: string,
  options: SearchOptions = {},
  sink = new RecordingSink(),
) {
  const m = compileMatcher(pattern, { multiline: options.multiline ?? false });
  searchDocument(m, "d.md", text, options, sink);
  return sink.events.filter((e) => e.type !== "begin" && e.type !== "finish").map(short);
}

function short(e: SinkEvent): string {
  if (e.type === "matched") return `${e.line}:${e.text}`;
  if (e.type === "context") return `${e.line}-${e.text}`;
  return e.type === "break" ? "--" : e.type;
}

describe("searcher", () => {
  it("reports matching lines with their numbers; \\r stays in the line", () => {
    expect(events("b", "a\r\nb\r\nc")).toEqual(["2:b\r"]);
  });

  it("has no final empty line, but keeps inner empty lines", () => {
    expect(events("^$", "a\n\nb\n")).toEqual(["2:"]);
    expect(events("^", "")).toEqual([]);
  });

  it("merges overlapping and adjacent context, breaking only at gaps", () => {
    const text = "1\nx\n3\n4\nx\n6\n7\n8\n9\nx\n11\n";
    expect(events("x", text, { before: 1, after: 1 })).toEqual([
      "1-1",
      "2:x",
      "3-3",
      "4-4",
      "5:x",
      "6-6",
      "--",
      "9-9",
      "10:x",
      "11-11",
    ]);
    expect(events("x", text, { after: 3 })).toEqual([
      "2:x",
      "3-3",
      "4-4",
      "5:x",
      "6-6",
      "7-7",
      "8-8",
      "--",
      "10:x",
      "11-11",
    ]);
  });

  it("a match inside after-context becomes a match and restarts it", () => {
    expect(events("x", "x\nx\na\nb\n", { after: 1 })).toEqual(["1:x", "2:x", "3-a"]);
  });

  it("multiline: every line a match touches is a matching line", () => {
    expect(events("b\\nc", "a\nb\nc\nd\n", { multiline: true, before: 1 })).toEqual([
      "1-a",
      "2:b",
      "3:c",
    ]);
    expect(events("b\\nc|\\nd", "a\nb\nc\nd\n", { multiline: true })).toEqual([
      "2:b",
      "3:c",
      "4:d",
    ]);
  });

  it("drops a leading byte-order mark", () => {
    expect(events("^foo", "\uFEFFfoo\n")).toEqual(["1:foo"]);
  });

  it("stops the document when the sink says so", () => {
    const sink = new RecordingSink(1);
    expect(events("x", "x\nx\nx\n", {}, sink)).toEqual(["1:x"]);
  });

  it("stops at the deadline", () => {
    let calls = 0;
    const m = compileMatcher("x");
    const sink = new RecordingSink();
    const r = searchDocument(m, "d.md", "x\nx\nx\n", { shouldStop: () => ++calls > 2 }, sink);
    expect(r.stopped).toBe(true);
    expect(sink.events.filter((e) => e.type === "matched")).toHaveLength(2);
  });

  it("counts matches the way rg -U --count does", () => {
    const sink = new RecordingSink();
    searchDocument(
      compileMatcher("x|\\n", { multiline: true }),
      "d.md",
      "x x\n",
      { multiline: true },
      sink,
    );
    expect(sink.events.at(-1)).toEqual({
      type: "finish",
      summary: { matchedLines: 1, matches: 3 },
    });
  });
});

/** A sink that wants only totals, as the count printer does. */
class TotalsSink extends RecordingSink {
  readonly totalsOnly = true;
}

/** A sink that wants only whether a line matches, as the files printer does. */
class FirstSink extends RecordingSink {
  readonly totalsOnly = true;
  readonly firstMatchOnly = true;
}

describe("a sink that wants only totals", () => {
  it("gets the totals a sink given every line gets, and no lines", () => {
    const line = fc.constantFrom("", "a", "ab", "b a", "\r", "xx", "a\r", "é a", "😀b");
    const text = fc
      .tuple(fc.array(line, { maxLength: 8 }), fc.boolean(), fc.boolean())
      .map(([ls, bom, final]) => `${bom ? "\ufeff" : ""}${ls.join("\n")}${final ? "\n" : ""}`);
    const pattern = fc.constantFrom("a", "^", "$", "^$", "a|b", "b$", "x+", "\\w", "(?i)A", "é|😀");
    fc.assert(
      fc.property(text, pattern, (t, p) => {
        const m = compileMatcher(p, {});
        const all = new RecordingSink();
        const totals = new TotalsSink();
        searchDocument(m, "d.md", t, {}, all);
        searchDocument(compileMatcher(p, {}), "d.md", t, {}, totals);
        const summary = (s: RecordingSink) => s.events.find((e) => e.type === "finish");
        expect(summary(totals)).toEqual(summary(all));
        expect(totals.events.map((e) => e.type)).toEqual(["begin", "finish"]);
        const first = new FirstSink();
        searchDocument(compileMatcher(p, {}), "d.md", t, {}, first);
        const n = (s: RecordingSink) => {
          const f = s.events.find((e) => e.type === "finish");
          return f?.type === "finish" ? f.summary.matchedLines : -1;
        };
        expect(n(first)).toBe(Math.min(1, n(all)));
      }),
      { numRuns: 400 },
    );
  });
});

describe("numbering lines from the caller's newline offsets", () => {
  it("reports what walking the newlines reports, and asks for the offsets once", () => {
    const line = fc.constantFrom("", "a", "ab", "b a", "\r", "xx", "a\r", "é a", "😀b", "a\nb");
    const text = fc
      .tuple(fc.array(line, { maxLength: 10 }), fc.boolean(), fc.boolean())
      .map(([ls, bom, final]) => `${bom ? "\ufeff" : ""}${ls.join("\n")}${final ? "\n" : ""}`);
    const pattern = fc.constantFrom("a", "^", "$", "^$", "a|b", "b$", "x+", "\\w", "a\\nb", "\\n");
    const context = fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined });
    fc.assert(
      fc.property(text, pattern, fc.boolean(), context, context, (t, p, multiline, b, a) => {
        fc.pre(multiline || !p.includes("\\n")); // a newline in line mode is refused
        const options: SearchOptions = { multiline, before: b ?? 0, after: a ?? 0 };
        options.endOfTextMatches = true;
        let asked = 0;
        const indexed = events(p, t, {
          ...options,
          newlines: () => {
            asked++;
            return newlineOffsets(t);
          },
        });
        expect(indexed).toEqual(events(p, t, options));
        expect(asked).toBeLessThanOrEqual(1);
      }),
      { numRuns: 600 },
    );
  });

  it("finds every newline, in order", () => {
    expect([...newlineOffsets("")]).toEqual([]);
    expect([...newlineOffsets("a\nb\r\n\n")]).toEqual([1, 4, 5]);
    const long = "x\n".repeat(5000);
    const offsets = newlineOffsets(long);
    expect(offsets.length).toBe(5000);
    expect(offsets[4999]).toBe(9999);
  });
});
