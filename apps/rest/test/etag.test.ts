// ETags of documents and the If-Match / If-None-Match comparisons (RFC 9110 §13.1).
import { describe, expect, it } from "vitest";
import { etagOfText, ifMatchHits, ifNoneMatchHits } from "../src/index.js";

describe("etags", () => {
  const tag = etagOfText("# Note\n");

  it("are strong, quoted, stable and change with the text", () => {
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(etagOfText("# Note\n")).toBe(tag);
    expect(etagOfText("# Note \n")).not.toBe(tag);
    expect(etagOfText("")).toMatch(/^"/);
  });

  it("If-Match compares strongly, accepts lists and *", () => {
    expect(ifMatchHits(tag, tag)).toBe(true);
    expect(ifMatchHits(`"a", ${tag}`, tag)).toBe(true);
    expect(ifMatchHits("*", tag)).toBe(true);
    expect(ifMatchHits(`W/${tag}`, tag)).toBe(false);
    expect(ifMatchHits('"a"', tag)).toBe(false);
    expect(ifMatchHits(tag.slice(1, -1), tag)).toBe(false);
    expect(ifMatchHits("", tag)).toBe(false);
  });

  it("If-None-Match compares weakly, accepts lists and *", () => {
    expect(ifNoneMatchHits(tag, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`"x",W/"y", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits("*", tag)).toBe(true);
    expect(ifNoneMatchHits('"x"', tag)).toBe(false);
  });
});
