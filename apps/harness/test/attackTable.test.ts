// The battery's judgement: a category whose stall passes the bound fails, even when every
// attempt was handled (issue 28: the table passed categories with stalls up to 179 ms).
import { describe, expect, it } from "vitest";
import { attackTable, brokenBounds, type CategoryResult } from "../src/attack/battery.js";
import { percentile, STALL_BOUND_MS } from "../src/attack/probe.js";

function result(worstStallMs: number, readP99Ms: number): CategoryResult {
  return {
    category: "tool input",
    tried: 6,
    handled: 6,
    failures: [],
    worstLatencyMs: 63,
    worstStallMs,
    worstHealthWallMs: worstStallMs,
    readP99Ms,
    readP99WallMs: readP99Ms,
    attempts: [],
  };
}

describe("attack judgement", () => {
  it("a stall or read p99 over the bound is a broken bound, at the bound it is not", () => {
    expect(brokenBounds(result(179, 10))).toEqual([
      `the server was busy 179 ms before answering /healthz, over the ${STALL_BOUND_MS} ms bound`,
    ]);
    expect(brokenBounds(result(10, 51))).toHaveLength(1);
    expect(brokenBounds(result(STALL_BOUND_MS, STALL_BOUND_MS))).toEqual([]);
  });

  it("the table says FAIL (stall) for a category whose attempts were all handled", () => {
    const over = result(179, 10);
    over.failures.push(...brokenBounds(over));
    const table = attackTable([over, result(12, 8)]);
    expect(table).toContain("| tool input | 6 | 6 | 0 | 63 | 179 (179) | 10 (10) | FAIL (stall) |");
    expect(table).toContain("| 12 (12) | 8 (8) | pass |");
    expect(table).toContain(`passes ${STALL_BOUND_MS} ms`);
  });

  it("percentile is the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 99)).toBe(0);
  });
});
