// The attack battery's fast subset, against a real `lens serve`: every category handled.
//
// The stall bound (50 ms of server time) is judged by `lens-harness attack`, which exits 1 on
// it, on a quiet machine: here the battery runs beside every other package's tests on two
// cores, where the same work takes longer, and a timed assertion in a test is what our
// standards rule out. So this test prints the stalls in its table and asserts the handling;
// attackTable.test.ts checks that a stall over the bound fails a category.
import { beforeAll, describe, expect, it } from "vitest";
import { attackTable, brokenBounds, type CategoryResult } from "../src/attack/battery.js";
import { CATEGORIES, runAttack } from "../src/attack/run.js";

describe("attack battery (quick)", () => {
  let results: CategoryResult[] = [];
  beforeAll(async () => {
    results = await runAttack({ quick: true });
    process.stdout.write(`${attackTable(results)}\n`);
  }, 170_000);

  it("runs every category", () => {
    expect(results.map((r) => r.category)).toEqual(CATEGORIES.map((c) => c.name));
    for (const r of results) expect(r.tried, r.category).toBeGreaterThan(0);
  });

  for (const category of CATEGORIES) {
    it(`${category.name}: every attempt handled`, () => {
      const r = results.find((x) => x.category === category.name)!;
      const stalls = new Set(brokenBounds(r));
      const failed = r.failures.filter((f) => !stalls.has(f));
      expect(failed, failed.join("\n")).toEqual([]);
      expect(r.handled).toBe(r.tried);
    });
  }
});
