// The grep worker's state without its thread: a document list is made ready once and then
// serves every search over the same documents and every page, and outlives changes of texts;
// what it does not hold is `missing` (the pool then sends the list), never a wrong or empty
// answer.
import { type GrepParams, grepOutcome, grepSearch, type SearchDoc } from "@lens/core";
import { describe, expect, it } from "vitest";
import { GrepMirror, MAX_LISTS } from "../src/search/grepMirror.js";
import { packList } from "../src/search/packedList.js";
import type { FromWorker, ToWorker } from "../src/search/protocol.js";

type GrepRequest = Extract<ToWorker, { type: "grep" }>;

const COUNT = 40;
/** Documents listed out of path order, as the workspace lists them. */
const DOCS = Array.from({ length: COUNT }, (_, i) => {
  const n = (i * 17) % COUNT;
  const lines = Array.from({ length: 6 }, (_, l) =>
    l % 2 === 0 ? `alpha ${n} line ${l}` : `beta ${n}`,
  );
  return {
    path: `Notes/${n % 3 === 0 ? "sub/" : ""}note ${n}.md`,
    docId: `d${n}`,
    text: lines.join("\n"),
  };
});
const LIST: [string, string][] = DOCS.map((d) => [d.path, d.docId]);

function loaded(): GrepMirror {
  const mirror = new GrepMirror();
  mirror.update({ type: "docs", set: DOCS.map((d) => [d.docId, d.text]), remove: [] });
  return mirror;
}

let nextId = 1;
/** Sends the mirror a document list, as the pool does before the first search over it. */
function list(mirror: GrepMirror, docs: [string, string][] = LIST, docsKey = "all"): void {
  const packed = packList(docs.map(([path, docId]) => ({ path, docId })));
  mirror.list({ type: "list", id: nextId++, docsKey, docs: packed });
}

function request(key: string, params: GrepParams, more: Partial<GrepRequest> = {}): GrepRequest {
  return { type: "grep", id: nextId++, key, docsKey: "all", params, timeLimitMs: 5000, ...more };
}

/** The same search in one go over the documents (what the worker's answer must equal). */
function reference(params: GrepParams): unknown {
  const docs: SearchDoc[] = DOCS.map((d) => ({ path: d.path, text: d.text }));
  return grepOutcome(grepSearch(docs, params));
}

function outcome(a: FromWorker): unknown {
  if ("missing" in a) throw new Error("missing");
  return a.outcome;
}

describe("the grep worker's mirror", () => {
  it("makes a list ready once: every page and every other search over it is sent without it", () => {
    const mirror = loaded();
    const params: GrepParams = { pattern: "alpha", output_mode: "content", head_limit: 7 };
    list(mirror);
    const first = mirror.answer(request("a", params));
    expect(outcome(first)).toEqual(reference(params));
    expect(mirror.docsListed).toBe(COUNT);
    // Page after page, resumed: nothing is listed, sorted or sent again.
    let answer = first;
    let pages = 1;
    for (;;) {
      if ("missing" in answer || !answer.outcome.ok) throw new Error("no page");
      const next = answer.outcome.value.nextOffset;
      if (next === null) break;
      expect(answer.resumable).toBe(true);
      const page = { ...params, offset: next };
      answer = mirror.answer(request("a", page, { resume: true }));
      expect(outcome(answer)).toEqual(reference(page));
      pages++;
    }
    expect(pages).toBeGreaterThan(10);
    // Other searches over the same documents (another pattern, mode, glob, offset).
    for (const other of [
      { pattern: "beta 1\\d", output_mode: "count" },
      { pattern: "alpha", glob: "sub/**", scope: "Notes" },
      { pattern: "line 4", output_mode: "files_with_matches", offset: 5, head_limit: 3 },
    ] as const) {
      const { scope, ...p } = { scope: undefined, ...other };
      const params2 = p as GrepParams;
      const r = mirror.answer(request(JSON.stringify(other), params2, scope ? { scope } : {}));
      const docs = DOCS.map((d) => ({ path: d.path, text: d.text }));
      expect(outcome(r)).toEqual(grepOutcome(grepSearch(docs, params2, scope ? { scope } : {})));
    }
    expect(mirror.docsListed).toBe(COUNT);
  });

  it("answers `missing` for a list or a stopping point it does not hold", () => {
    const mirror = loaded();
    const params: GrepParams = { pattern: "alpha", head_limit: 5 };
    expect(mirror.answer(request("a", params))).toMatchObject({ missing: true });
    expect(mirror.answer(request("a", params, { resume: true }))).toMatchObject({ missing: true });
    list(mirror);
    expect(mirror.answer(request("a", params))).toMatchObject({ resumable: true });
    // Resumed at an offset the last page did not give, or a search never started: searched
    // anew over the list.
    for (const [key, page] of [
      ["a", { ...params, offset: 7 }],
      ["b", { ...params, offset: 5 }],
    ] as const) {
      expect(outcome(mirror.answer(request(key, page, { resume: true })))).toEqual(reference(page));
    }
    // Another list of documents (another path or reach).
    expect(mirror.answer(request("c", params, { docsKey: "other" }))).toMatchObject({
      missing: true,
    });
  });

  it("keeps its lists while texts change, and searches the new texts; drops its stopping points", () => {
    const mirror = loaded();
    list(mirror);
    const params: GrepParams = { pattern: "alpha", output_mode: "content", head_limit: 5 };
    mirror.answer(request("a", params));
    mirror.update({ type: "docs", set: [["d3", "alpha changed\nbeta 3"]], remove: [] });
    // The stopping point held offsets into the old texts: page 2 is searched anew.
    const page2 = { ...params, offset: 5 };
    const changed = DOCS.map((d) => ({
      path: d.path,
      text: d.docId === "d3" ? "alpha changed\nbeta 3" : d.text,
    }));
    const resumed = mirror.answer(request("a", page2, { resume: true }));
    expect(outcome(resumed)).toEqual(grepOutcome(grepSearch(changed, page2)));
    const found = mirror.answer(request("b", { pattern: "changed" }));
    expect(outcome(found)).toMatchObject({
      ok: true,
      value: { entries: [{ path: "Notes/sub/note 3.md" }] },
    });
    expect(mirror.docsListed).toBe(COUNT);
  });

  it("drops the copies made of a text when it changes, and reads a text that comes after its list", () => {
    const mirror = new GrepMirror();
    list(mirror, [["New/late.md", "late"], ...LIST]);
    mirror.update({ type: "docs", set: DOCS.map((d) => [d.docId, d.text]), remove: [] });
    const insensitive: GrepParams = { pattern: "ALPHA 3 LINE", "-i": true, output_mode: "count" };
    expect(outcome(mirror.answer(request("a", insensitive)))).toMatchObject({
      value: { entries: [{ path: "Notes/sub/note 3.md", count: 3 }] },
    });
    // The `-i` search made a case-folded copy of each text: it must not outlive the text.
    mirror.update({ type: "docs", set: [["d3", "no more\nalpha 3 line"]], remove: [] });
    expect(outcome(mirror.answer(request("b", insensitive)))).toMatchObject({
      value: { entries: [{ path: "Notes/sub/note 3.md", count: 1 }] },
    });
    // Listed before its text came: empty until the text comes, then searched like the rest.
    expect(outcome(mirror.answer(request("c", { pattern: "^late" })))).toMatchObject({
      value: { entries: [] },
    });
    mirror.update({ type: "docs", set: [["late", "late text"]], remove: [] });
    expect(outcome(mirror.answer(request("d", { pattern: "^late" })))).toMatchObject({
      value: { entries: [{ path: "New/late.md" }] },
    });
  });

  it("drops its lists when a document goes away", () => {
    const mirror = loaded();
    list(mirror);
    mirror.update({ type: "docs", set: [], remove: ["d3"] });
    expect(mirror.answer(request("a", { pattern: "alpha" }))).toMatchObject({ missing: true });
    list(
      mirror,
      LIST.filter(([, docId]) => docId !== "d3"),
    );
    const r = mirror.answer(request("a", { pattern: "alpha 3$", output_mode: "count" }));
    expect(outcome(r)).toMatchObject({ ok: true, value: { entries: [] } });
  });

  it("keeps a bounded number of lists, the oldest dropped first", () => {
    const mirror = loaded();
    const params: GrepParams = { pattern: "alpha" };
    for (let i = 0; i <= MAX_LISTS; i++) {
      list(mirror, LIST.slice(i), `list ${i}`);
      // The list a search used last is dropped last.
      mirror.answer(request(`k${i}`, params, { docsKey: "list 1" }));
    }
    expect(mirror.docsListed).toBe(
      Array.from({ length: MAX_LISTS + 1 }, (_, i) => COUNT - i).reduce((a, b) => a + b),
    );
    expect(mirror.answer(request("x", params, { docsKey: "list 0" }))).toMatchObject({
      missing: true,
    });
    for (const kept of ["list 1", `list ${MAX_LISTS}`]) {
      expect(outcome(mirror.answer(request("y", params, { docsKey: kept })))).toMatchObject({
        ok: true,
      });
    }
  });
});

describe("searching ahead for a client paging through an answer", () => {
  /** Every page, `offset` after `offset`, the worker searching ahead after each as it does. */
  function pageThrough(mirror: GrepMirror, params: GrepParams, key: string): number {
    list(mirror);
    let answer = mirror.answer(request(key, params));
    mirror.workAhead();
    let pages = 1;
    for (;;) {
      if ("missing" in answer || !answer.outcome.ok) throw new Error("no page");
      const next = answer.outcome.value.nextOffset;
      if (next === null) return pages;
      const page = { ...params, offset: next };
      answer = mirror.answer(request(key, page, { resume: true }));
      mirror.workAhead();
      expect(outcome(answer)).toEqual(reference(page));
      pages++;
    }
  }

  it("answers every page from the third on from the page searched ahead, each as searched anew", () => {
    const mirror = loaded();
    const params: GrepParams = { pattern: "alpha", output_mode: "content", head_limit: 7 };
    const pages = pageThrough(mirror, params, "a");
    expect(pages).toBeGreaterThan(10);
    // Not after the first page (an assistant looking at the top); from the second page on.
    expect(mirror.answeredAhead).toBe(pages - 2);
  });

  it("searches ahead from the first page when everything was asked and the size bound cut it", () => {
    const long = Array.from({ length: COUNT }, (_, n) => ({
      path: `Long/note ${n}.md`,
      docId: `long${n}`,
      text: Array.from({ length: 6 }, (_, l) => `alpha ${n} ${l} ${"x".repeat(1000)}`).join("\n"),
    }));
    const mirror = new GrepMirror();
    mirror.update({ type: "docs", set: long.map((d) => [d.docId, d.text]), remove: [] });
    const params: GrepParams = { pattern: "alpha", output_mode: "content", head_limit: 0 };
    list(
      mirror,
      long.map((d) => [d.path, d.docId]),
    );
    let answer = mirror.answer(request("all", params));
    mirror.workAhead();
    let pages = 1;
    const entries: unknown[] = [];
    for (;;) {
      if ("missing" in answer || !answer.outcome.ok) throw new Error("no page");
      expect(answer.outcome.value.cut).toBe(
        answer.outcome.value.nextOffset === null ? null : "size",
      );
      entries.push(...answer.outcome.value.entries);
      const next = answer.outcome.value.nextOffset;
      if (next === null) break;
      const page = { ...params, offset: next };
      answer = mirror.answer(request("all", page, { resume: true }));
      // Each page as a fresh search over the same documents gives it.
      const fresh = long.map((d) => ({ path: d.path, text: d.text }));
      expect(outcome(answer)).toEqual(grepOutcome(grepSearch(fresh, page)));
      mirror.workAhead();
      pages++;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(entries).toHaveLength(COUNT * 6);
    // Every page after the first came from the page searched ahead.
    expect(mirror.answeredAhead).toBe(pages - 1);
  });

  it("never answers from a page searched ahead for another offset or after a change", () => {
    const mirror = loaded();
    list(mirror);
    const params: GrepParams = { pattern: "alpha", head_limit: 5 };
    mirror.answer(request("a", params));
    mirror.answer(request("a", { ...params, offset: 5 }, { resume: true }));
    mirror.workAhead(); // page at offset 10
    // Asked at another offset: searched anew over the list.
    const other = { ...params, offset: 12 };
    expect(outcome(mirror.answer(request("a", other, { resume: true })))).toEqual(reference(other));
    expect(mirror.answeredAhead).toBe(0);
    // Searched ahead again, then a document changes: dropped with the stopping points.
    mirror.answer(request("a", params));
    mirror.answer(request("a", { ...params, offset: 5 }, { resume: true }));
    mirror.workAhead();
    mirror.update({ type: "docs", set: [["d0", "alpha changed"]], remove: [] });
    const page3 = { ...params, offset: 10 };
    const changed = DOCS.map((d) => ({
      path: d.path,
      text: d.docId === "d0" ? "alpha changed" : d.text,
    }));
    expect(outcome(mirror.answer(request("a", page3, { resume: true })))).toEqual(
      grepOutcome(grepSearch(changed, page3)),
    );
    expect(mirror.answeredAhead).toBe(0);
  });

  it("does not search ahead after a search's last page, nor twice for one answer", () => {
    const mirror = loaded();
    const params: GrepParams = { pattern: "alpha 3\\b", output_mode: "files_with_matches" };
    list(mirror);
    const only = mirror.answer(request("a", params));
    expect(outcome(only)).toMatchObject({ ok: true, value: { nextOffset: null } });
    mirror.workAhead();
    mirror.workAhead();
    expect(mirror.answer(request("b", params))).toMatchObject({ resumable: false });
    expect(mirror.answeredAhead).toBe(0);
  });
});
