// grepDocuments: the wiring — modes, order, paging with head_limit/offset, errors and bounds.
import { describe, expect, it } from "vitest";
import { growth, LINEAR_AT_8 } from "../../test/support/growth.js";
import { newlineOffsets } from "../text/lines.js";
import {
  DEFAULT_HEAD_LIMIT,
  grepDocuments,
  grepSearch,
  NO_MATCHES,
  type SearchDoc,
} from "./grep.js";
import { foldCase } from "./matcher/fold.js";

const docs: SearchDoc[] = [
  { path: "L/b.md", text: "one\ntwo hit\nthree\n" },
  { path: "L/a.md", text: "hit\nx\nhit again\n" },
  { path: "L/c.md", text: "nothing\n" },
];

describe("grepDocuments", () => {
  it("defaults to files_with_matches, in rg --sort path order whatever the input order", () => {
    expect(grepDocuments(docs, { pattern: "hit" })).toEqual({
      text: "L/a.md\nL/b.md",
      isError: false,
    });
  });

  it("takes documents said to be in path order as they come (a caller that sorted them once)", () => {
    const sorted = [...docs].sort((a, b) => (a.path < b.path ? -1 : 1));
    const files = (input: SearchDoc[], inPathOrder: boolean) => {
      const r = grepSearch(input, { pattern: "hit|nothing" }, { inPathOrder });
      return r.ok ? r.page.entries.map((e) => ("path" in e ? e.path : "")) : [];
    };
    expect(files(sorted, true)).toEqual(["L/a.md", "L/b.md", "L/c.md"]);
    expect(files(docs, false)).toEqual(["L/a.md", "L/b.md", "L/c.md"]);
    // Not sorted again: the order given is the order searched.
    expect(files(docs, true)).toEqual(["L/b.md", "L/a.md", "L/c.md"]);
    const globbed = grepSearch(sorted, { pattern: "hit", glob: "b*" }, { inPathOrder: true });
    expect(globbed.ok && globbed.page.entries).toEqual([{ kind: "file", path: "L/b.md" }]);
  });

  it("content and count modes", () => {
    expect(grepDocuments(docs, { pattern: "hit", output_mode: "content" }).text).toBe(
      "L/a.md:1:hit\nL/a.md:3:hit again\nL/b.md:2:two hit",
    );
    expect(grepDocuments(docs, { pattern: "hit", output_mode: "count" }).text).toBe(
      "L/a.md:2\nL/b.md:1",
    );
  });

  it("-A/-B override -C per side", () => {
    const r = grepDocuments(docs, { pattern: "two", output_mode: "content", "-C": 1, "-A": 0 });
    expect(r.text).toBe("L/b.md-1-one\nL/b.md:2:two hit");
  });

  it("No matches found", () => {
    expect(grepDocuments(docs, { pattern: "absent" })).toEqual({
      text: NO_MATCHES,
      isError: false,
    });
    expect(grepDocuments([], { pattern: "x" }).text).toBe(NO_MATCHES);
  });

  it("an invalid pattern is an error that says what to do", () => {
    const r = grepDocuments(docs, { pattern: "foo(?=bar)" });
    expect(r.isError).toBe(true);
    expect(r.text).toMatch(/look-ahead/);
    expect(r.text).toMatch(/ripgrep's regex syntax/);
  });

  describe("paging", () => {
    const many: SearchDoc[] = [
      { path: "p.md", text: Array.from({ length: 10 }, (_, i) => `hit ${i + 1}`).join("\n") },
    ];
    const page = (head_limit?: number, offset?: number) =>
      grepDocuments(many, { pattern: "hit", output_mode: "content", head_limit, offset });

    it("head_limit keeps the first N entries and says how to go on", () => {
      const r = page(3);
      expect(r.truncated).toBe(true);
      expect(r.text.split("\n\n")[0]).toBe("p.md:1:hit 1\np.md:2:hit 2\np.md:3:hit 3");
      expect(r.text).toMatch(/offset: 3/);
    });

    it("offset skips entries before head_limit applies (| tail -n +offset+1 | head -N)", () => {
      const r = page(3, 3);
      expect(r.text.split("\n\n")[0]).toBe("p.md:4:hit 4\np.md:5:hit 5\np.md:6:hit 6");
      expect(r.text).toMatch(/offset: 6/);
    });

    it("the last page has no note", () => {
      expect(page(5, 5)).toEqual({
        text: "p.md:6:hit 6\np.md:7:hit 7\np.md:8:hit 8\np.md:9:hit 9\np.md:10:hit 10",
        isError: false,
      });
    });

    it("head_limit 0 means no limit; the default is 250", () => {
      expect(page(0).text.split("\n")).toHaveLength(10);
      const big: SearchDoc[] = [{ path: "b.md", text: "x\n".repeat(400) }];
      const r = grepDocuments(big, { pattern: "x", output_mode: "content" });
      expect(r.text.split("\n\n")[0]!.split("\n")).toHaveLength(DEFAULT_HEAD_LIMIT);
    });

    it("offset past the end says how many entries there are", () => {
      expect(page(3, 20).text).toBe("No entries at offset 20: the search produced 10.");
    });

    it("pages files and counts too; `--` lines are entries", () => {
      expect(
        grepDocuments(docs, { pattern: "hit", head_limit: 1, offset: 1 }).text.split("\n")[0],
      ).toBe("L/b.md");
      const ctx = grepDocuments(docs, {
        pattern: "hit",
        output_mode: "content",
        "-A": 1,
        offset: 3,
        head_limit: 1,
      });
      expect(ctx.text.split("\n")[0]).toBe("--");
    });
  });

  it("output is bounded in size, with a note", () => {
    const big: SearchDoc[] = [{ path: "b.md", text: `${"y".repeat(1000)}\n`.repeat(100) }];
    const r = grepDocuments(
      big,
      { pattern: "y", output_mode: "content", head_limit: 0 },
      { maxOutputChars: 5000 },
    );
    expect(r.truncated).toBe(true);
    expect(r.text.length).toBeLessThan(5400);
    expect(r.text).toMatch(/size bound after 4 entries;/);
    const one = grepDocuments(
      big,
      { pattern: "y", output_mode: "content", head_limit: 0 },
      { maxOutputChars: 1500 },
    );
    expect(one.text).toMatch(/size bound after 1 entry;/);
  });

  it("stops at the time limit with a note (injectable clock)", () => {
    let t = 0;
    const r = grepDocuments(
      docs,
      { pattern: "hit", output_mode: "content" },
      { now: () => (t += 10), timeLimitMs: 25 },
    );
    expect(r.truncated).toBe(true);
    expect(r.text).toMatch(/time limit/);
  });

  it("a catastrophic pattern on a 100 KB line returns the right result", () => {
    const line = "a".repeat(100_000);
    const r = grepDocuments([{ path: "a.md", text: `${line}\n${line}b\n` }], {
      pattern: "(a+)+$",
      output_mode: "count",
    });
    expect(r.text).toBe("a.md:1");
  });

  it("glob filters by basename or path, with ! exclusions", () => {
    expect(grepDocuments(docs, { pattern: "hit", glob: "a*" }).text).toBe("L/a.md");
    expect(grepDocuments(docs, { pattern: "hit", glob: "!a*" }).text).toBe("L/b.md");
    expect(grepDocuments(docs, { pattern: "hit", glob: "L/{a,c}.md" }).text).toBe("L/a.md");
    expect(grepDocuments(docs, { pattern: "hit", glob: "b.md" }, { scope: "L" }).text).toBe(
      "L/b.md",
    );
  });
});

describe("grep's work on an alternation of words", () => {
  it("looks for each word once per occurrence, not once per matching line", () => {
    // Every line matches "latency"; "consensus" occurs only at the end. Searching for the rare
    // word again from every matching line would scan the rest of the document each time.
    const ratio = growth((n) => {
      const doc = { path: "a.md", text: `${"latency here\n".repeat(n)}consensus\n` };
      const params = {
        pattern: "latency|throughput|consensus",
        output_mode: "count" as const,
        head_limit: 0,
      };
      return () => {
        grepDocuments([doc], params, { maxOutputChars: Number.POSITIVE_INFINITY });
      };
    }, 2_000);
    expect(ratio).toBeLessThan(LINEAR_AT_8);
  });
});

describe("what a caller keeps beside each text", () => {
  /** The docs with kept copies that count how often they are asked for. */
  function kept() {
    const asked = { folded: 0, newlines: 0, newlinesOf: new Set<string>() };
    const withKept: SearchDoc[] = docs.map((d) => ({
      ...d,
      folded: () => {
        asked.folded++;
        return foldCase(d.text);
      },
      newlines: () => {
        asked.newlines++;
        asked.newlinesOf.add(d.path);
        return newlineOffsets(d.text);
      },
    }));
    return { asked, withKept };
  }

  it("files and count modes never ask for newline offsets (a pass over the whole text)", () => {
    for (const params of [
      { pattern: "hit", output_mode: "files_with_matches" },
      { pattern: "hit", output_mode: "count" },
      { pattern: "hit\\n", output_mode: "count", multiline: true },
      { pattern: "HIT", output_mode: "count", "-i": true },
    ] as const) {
      const { asked, withKept } = kept();
      expect(grepDocuments(withKept, params).text).toBe(grepDocuments(docs, params).text);
      expect(asked.newlines).toBe(0);
    }
  });

  it("content mode asks for newline offsets of documents with a match only", () => {
    const { asked, withKept } = kept();
    const params = { pattern: "HIT", output_mode: "content", "-i": true } as const;
    expect(grepDocuments(withKept, params).text).toBe(grepDocuments(docs, params).text);
    expect(asked.folded).toBe(3);
    expect([...asked.newlinesOf].sort()).toEqual(["L/a.md", "L/b.md"]);
  });
});
