// Paging through a long grep answer: each page resumes where the previous one stopped, and
// says exactly what the same page says when searched from the start.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type GrepParams, type GrepResume, grepDocuments, type SearchDoc } from "../src/index.js";

const LINES = ["foo", "bar foo", "baz", "", "foo foo", "qux", "FOO"];

const docsArb = fc
  .array(fc.array(fc.constantFrom(...LINES), { maxLength: 12 }), { minLength: 1, maxLength: 8 })
  .map((docs) => docs.map((lines, i) => ({ path: `F/d${i}.md`, text: `${lines.join("\n")}\n` })));

const paramsArb: fc.Arbitrary<GrepParams> = fc.record({
  pattern: fc.constantFrom("foo", "ba.", "foo|qux", "^$"),
  output_mode: fc.constantFrom("content" as const, "count" as const, "files_with_matches" as const),
  "-C": fc.constantFrom(0, 1, 2),
  head_limit: fc.integer({ min: 1, max: 5 }),
  glob: fc.constantFrom(undefined, "d1*", "!d0.md", "{d2,d5}.md"),
});

/**
 * Every page of `params`, resumed page after page. A resumed page is given no documents: the
 * resume point carries them, filtered and in order, as the grep worker keeps it.
 */
function pagesResumed(docs: SearchDoc[], params: GrepParams): string[] {
  const pages: string[] = [];
  let offset = 0;
  let resume: GrepResume | undefined;
  for (let guard = 0; guard < 200; guard++) {
    const r = grepDocuments(resume ? [] : docs, { ...params, offset }, resume ? { resume } : {});
    pages.push(r.text);
    if (!r.resume) break;
    resume = r.resume;
    offset = r.resume.nextOffset;
  }
  return pages;
}

describe("grep paging resumes where the last page stopped", () => {
  it("gives each page exactly as a search from the start gives it", () => {
    fc.assert(
      fc.property(docsArb, paramsArb, (docs, params) => {
        const resumed = pagesResumed(docs, params);
        let offset = 0;
        resumed.forEach((page, i) => {
          const fresh = grepDocuments(docs, { ...params, offset });
          expect(page, `page ${i}`).toBe(fresh.text);
          offset = fresh.resume?.nextOffset ?? offset;
        });
        // All pages together are the unpaged answer.
        const all = grepDocuments(docs, { ...params, head_limit: 0 }).text;
        const body = (t: string) => t.split("\n\n[")[0]!;
        expect(resumed.map(body).join("\n")).toBe(all);
      }),
      { numRuns: 300 },
    );
  });

  it("searches each document about once in all, not once per page", () => {
    const docs = Array.from({ length: 200 }, (_, i) => ({
      path: `F/d${String(i).padStart(3, "0")}.md`,
      text: "foo\n".repeat(5),
    }));
    let reads = 0;
    const counted = docs.map((d) => ({
      path: d.path,
      get text() {
        reads++;
        return d.text;
      },
    }));
    const pages = pagesResumed(counted, { pattern: "foo", output_mode: "content", head_limit: 10 });
    expect(pages).toHaveLength(100);
    // 200 documents over 100 pages: each page re-reads at most the one it stopped in.
    expect(reads).toBeLessThan(200 * 2 + 100 * 2);
  });

  it("ignores a resume point given for another offset", () => {
    const docs = [{ path: "F/a.md", text: "foo\nfoo\nfoo\n" }];
    const first = grepDocuments(docs, { pattern: "foo", output_mode: "content", head_limit: 1 });
    const wrong = grepDocuments(
      docs,
      { pattern: "foo", output_mode: "content", head_limit: 1, offset: 0 },
      { resume: first.resume! },
    );
    expect(wrong.text).toBe(first.text);
  });
});
