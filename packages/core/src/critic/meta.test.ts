// Suggestion metadata: reading `{…}@@` prefixes and writing Lens's own.
import { describe, expect, it } from "vitest";
import { formatMeta, looksLikeMeta, readMeta } from "./meta.js";
import { parseCritic } from "./parse.js";

describe("metadata", () => {
  it("reads a JSON object followed by @@, braces inside strings included", () => {
    const s = '{"author":"a}b","time":5}@@rest';
    expect(readMeta(s, 0, s.length)).toEqual({
      meta: { author: "a}b", time: 5000 },
      end: s.indexOf("rest"),
    });
    expect(readMeta('{"a":{"b":1}}@@', 0, 15)?.meta).toEqual({});
    // Commentator's short keys, when the long ones are absent.
    const short = '{"a":"ann","t":1700000000}@@';
    expect(readMeta(short, 0, short.length)?.meta).toEqual({ author: "ann", time: 1.7e12 });
    const both = '{"author":"bob","a":"ann","time":1700000001,"t":1}@@';
    expect(readMeta(both, 0, both.length)?.meta).toEqual({ author: "bob", time: 1700000001000 });
  });

  it("reads every writer's time as ms: timestamp (lens-relay), time in s (Commentator) or ms (old Lens)", () => {
    const time = (json: string) => readMeta(`${json}@@x`, 0, json.length + 3)?.meta.time;
    expect(time('{"author":"a","timestamp":1700000000123}')).toBe(1700000000123);
    expect(time('{"author":"a","time":1700000000}')).toBe(1700000000000);
    expect(time('{"author":"a","time":1700000000123}')).toBe(1700000000123);
    expect(time('{"time":1,"timestamp":1700000000123}')).toBe(1700000000123);
    expect(time('{"time":"1700000000"}')).toBe(1700000000000);
    expect(time('{"time":"2024-01-01T00:00:00Z"}')).toBe(Date.parse("2024-01-01T00:00:00Z"));
    expect(time('{"time":"soon","timestamp":"x"}')).toBeUndefined();
    expect(time('{"time":1e400}')).toBeUndefined();
  });

  it("writes time in seconds and timestamp in ms, and reads its own time back", () => {
    expect(formatMeta("Ana", 1700000000999)).toBe(
      '{"author":"Ana","time":1700000000,"timestamp":1700000000999}@@',
    );
    const s = formatMeta("Ana", 1700000000999);
    expect(readMeta(s, 0, s.length)?.meta).toEqual({ author: "Ana", time: 1700000000999 });
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
