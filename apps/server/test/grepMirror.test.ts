// The grep worker's state without its thread: a document list is made ready once and then
// serves every search over the same documents and every page; what it does not hold is
// `missing` (the pool then sends the list), never a wrong or empty answer.
import { type GrepParams, grepOutcome, grepSearch, type SearchDoc } from "@lens/core";
import { describe, expect, it } from "vitest";
import { GrepMirror, MAX_LISTS } from "../src/search/grepMirror.js";
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
    const first = mirror.answer(request("a", params, { docs: LIST }));
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
    expect(mirror.answer(request("a", params, { docs: LIST }))).toMatchObject({
      resumable: true,
    });
    // Resumed at an offset the last page did not give, or a search never started.
    expect(mirror.answer(request("a", { ...params, offset: 7 }, { resume: true }))).toMatchObject({
      missing: true,
    });
    expect(mirror.answer(request("b", { ...params, offset: 5 }, { resume: true }))).toMatchObject({
      missing: true,
    });
    // Another list of documents (another path or reach).
    expect(mirror.answer(request("c", params, { docsKey: "other" }))).toMatchObject({
      missing: true,
    });
  });

  it("drops its lists and stopping points when documents change", () => {
    const mirror = loaded();
    const params: GrepParams = { pattern: "alpha", head_limit: 5 };
    mirror.answer(request("a", params, { docs: LIST }));
    mirror.update({ type: "docs", set: [["d3", "alpha changed"]], remove: [] });
    expect(mirror.answer(request("b", { pattern: "changed" }))).toMatchObject({ missing: true });
    expect(mirror.answer(request("a", { ...params, offset: 5 }, { resume: true }))).toMatchObject({
      missing: true,
    });
    const fresh = mirror.answer(request("b", { pattern: "changed" }, { docs: LIST }));
    expect(outcome(fresh)).toMatchObject({
      ok: true,
      value: { entries: [{ path: "Notes/sub/note 3.md" }] },
    });
  });

  it("keeps a bounded number of lists, the oldest dropped first", () => {
    const mirror = loaded();
    const params: GrepParams = { pattern: "alpha" };
    for (let i = 0; i <= MAX_LISTS; i++) {
      mirror.answer(request(`k${i}`, params, { docsKey: `list ${i}`, docs: LIST.slice(i) }));
    }
    expect(mirror.docsListed).toBe(
      Array.from({ length: MAX_LISTS + 1 }, (_, i) => COUNT - i).reduce((a, b) => a + b),
    );
    expect(mirror.answer(request("x", params, { docsKey: "list 0" }))).toMatchObject({
      missing: true,
    });
    const kept = mirror.answer(request("y", params, { docsKey: `list ${MAX_LISTS}` }));
    expect(outcome(kept)).toMatchObject({ ok: true });
  });
});

describe("searching ahead for a client paging through an answer", () => {
  /** Every page, `offset` after `offset`, the worker searching ahead after each as it does. */
  function pageThrough(mirror: GrepMirror, params: GrepParams, key: string): number {
    let answer = mirror.answer(request(key, params, { docs: LIST }));
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
    let answer = mirror.answer(
      request("all", params, { docs: long.map((d) => [d.path, d.docId]) }),
    );
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
    const params: GrepParams = { pattern: "alpha", head_limit: 5 };
    mirror.answer(request("a", params, { docs: LIST }));
    mirror.answer(request("a", { ...params, offset: 5 }, { resume: true }));
    mirror.workAhead(); // page at offset 10
    // Asked at another offset: not resumable there (the pool would send the list).
    expect(mirror.answer(request("a", { ...params, offset: 12 }, { resume: true }))).toMatchObject({
      missing: true,
    });
    expect(mirror.answeredAhead).toBe(0);
    // Searched ahead again, then a document changes: dropped with the stopping points.
    mirror.answer(request("a", params, { docs: LIST }));
    mirror.answer(request("a", { ...params, offset: 5 }, { resume: true }));
    mirror.workAhead();
    mirror.update({ type: "docs", set: [["d0", "alpha changed"]], remove: [] });
    expect(mirror.answer(request("a", { ...params, offset: 10 }, { resume: true }))).toMatchObject({
      missing: true,
    });
    expect(mirror.answeredAhead).toBe(0);
  });

  it("does not search ahead after a search's last page, nor twice for one answer", () => {
    const mirror = loaded();
    const params: GrepParams = { pattern: "alpha 3\\b", output_mode: "files_with_matches" };
    const only = mirror.answer(request("a", params, { docs: LIST }));
    expect(outcome(only)).toMatchObject({ ok: true, value: { nextOffset: null } });
    mirror.workAhead();
    mirror.workAhead();
    expect(mirror.answer(request("b", params))).toMatchObject({ resumable: false });
    expect(mirror.answeredAhead).toBe(0);
  });
});
