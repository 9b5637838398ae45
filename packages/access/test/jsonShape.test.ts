// The JSON shape check every door runs before JSON.parse: its verdict against the parsed
// value's real depth and value count (property), brackets in strings, and the work per slice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from "../src/jsonShape.js";

/** Depth and value count of a parsed JSON value, as the scanner counts them in its text. */
function shapeOf(value: unknown): { depth: number; values: number } {
  if (value === null || typeof value !== "object") return { depth: 0, values: 0 };
  const items = Array.isArray(value) ? value : Object.values(value);
  let depth = 0;
  // One for the container, one per comma between its items.
  let values = 1 + Math.max(0, items.length - 1);
  for (const item of items) {
    const s = shapeOf(item);
    depth = Math.max(depth, s.depth);
    values += s.values;
  }
  return { depth: depth + 1, values };
}

const noPause = () => Promise.resolve();

describe("jsonShapeProblem", () => {
  it("refuses the 3.9 MB of nested arrays that stalled the server, at the first level too many", async () => {
    const depth = 1_950_000;
    const body = `${"[".repeat(depth)}${"]".repeat(depth)}`;
    expect(await jsonShapeProblem(body)).toMatchObject({ kind: "depth" });
    expect(await jsonShapeProblem("[".repeat(MAX_JSON_DEPTH + 1))).toMatchObject({
      kind: "depth",
    });
    const deepest = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
    expect(await jsonShapeProblem(deepest)).toBeUndefined();
  });

  it("refuses a million values at legal depth, and says how many are allowed", async () => {
    const body = `{"pad":[${"{},".repeat(1_000_000)}{}]}`;
    const problem = await jsonShapeProblem(body);
    expect(problem?.kind).toBe("values");
    expect(problem?.message).toContain(String(MAX_JSON_VALUES));
  });

  it("does not count brackets and commas inside strings, escaped quotes included", async () => {
    const inside = `"\\"${"[{,".repeat(50_000)}\\\\"`;
    expect(await jsonShapeProblem(`{"a":${inside},"b":[1,2]}`)).toBeUndefined();
    // The string ends at the quote after an even run of backslashes: the brackets count.
    expect(await jsonShapeProblem(`["\\\\", ${"[".repeat(MAX_JSON_DEPTH)}`)).toMatchObject({
      kind: "depth",
    });
  });

  it("agrees with the parsed value's depth and value count, however the text is sliced", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue({ maxDepth: 6 }),
        fc.integer({ min: 1, max: 40 }),
        async (v, slice) => {
          const text = JSON.stringify(v);
          const { depth, values } = shapeOf(v);
          const at = (maxDepth: number, maxValues: number) =>
            jsonShapeProblem(text, { maxDepth, maxValues, slice, pause: noPause });
          expect(await at(depth, values)).toBeUndefined();
          if (depth > 0) expect((await at(depth - 1, values + 1))?.kind).toBe("depth");
          if (values > 0) expect((await at(depth + 1, values - 1))?.kind).toBe("values");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("yields to the event loop between slices: a long body is checked a slice at a time", async () => {
    const body = `{"text":"${"x".repeat(1_000_000)}","list":[${"1,".repeat(10_000)}1]}`;
    let pauses = 0;
    const problem = await jsonShapeProblem(body, {
      slice: 64 * 1024,
      pause: async () => {
        pauses++;
      },
    });
    expect(problem).toBeUndefined();
    expect(pauses).toBe(Math.ceil(body.length / (64 * 1024)) - 1);
  });
});
