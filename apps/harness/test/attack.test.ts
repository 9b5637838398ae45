// The attack battery's fast subset, against a real `lens serve`: every category handled.
import { beforeAll, describe, expect, it } from "vitest";
import { attackTable, type CategoryResult } from "../src/attack/battery.js";
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
      expect(r.failures, r.failures.join("\n")).toEqual([]);
      expect(r.handled).toBe(r.tried);
    });
  }
});
