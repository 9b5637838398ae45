// Suggestion metadata: reading `{…}@@` prefixes and writing Lens's own.
import { describe, expect, it } from "vitest";
import { formatMeta, looksLikeMeta, readMeta } from "./meta.js";
import { parseCritic } from "./parse.js";

describe("metadata", () => {
  it("reads a JSON object followed by @@, braces inside strings included", () => {
    const s = '{"author":"a}b","time":5}@@rest';
    expect(readMeta(s, 0, s.length)).toEqual({
      meta: { author: "a}b", time: 5 },
      end: s.indexOf("rest"),
    });
    expect(readMeta('{"a":{"b":1}}@@', 0, 15)?.meta).toEqual({});
  });

  it("rejects what is not a JSON object followed by @@", () => {
    for (const s of ['{"a":1}', '{"a":1}@', "{a}@@", '["x"]@@', '{"a":1} @@', "x{}@@"])
      expect(readMeta(s, 0, s.length)).toBeUndefined();
  });

  it("writes metadata that can never close the mark it sits in", () => {
    const author = 'Eve ++} --} {>> "quoted" @@ \\';
    const meta = formatMeta(author, 1700000000000.4);
    expect(meta).not.toMatch(/\+\+\}|--\}|\{>>|@@./);
    const [mark] = parseCritic(`{++${meta}text++}`);
    expect(mark).toMatchObject({ text: "text", meta: { author, time: 1700000000000 } });
    expect(looksLikeMeta(`${meta}x`)).toBe(true);
    expect(looksLikeMeta("{plain}")).toBe(false);
  });
});
