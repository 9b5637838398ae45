// A detached string keeps none of the text it was cut from: measured as the heap a hundred
// 40-character cuts of 1 MB texts hold after a full collection (a view holds every 1 MB text).
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { expect, it } from "vitest";
import { detached } from "../src/text/detach.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

/** Heap bytes still held by what `cut` keeps of 100 texts of 1 MB each. */
function heldBy(cut: (s: string) => string): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept: string[] = [];
  for (let i = 0; i < 100; i++) {
    const text = String.fromCharCode(0x61 + (i % 26)).repeat(1_000_000) + i;
    kept.push(cut(text.slice(500, 540)));
  }
  gc();
  gc();
  const held = process.memoryUsage().heapUsed - before;
  expect(kept[3]).toBe("d".repeat(40));
  return held;
}

it("keeps no view into the text it was cut from", () => {
  // The control: a plain cut keeps its whole text alive (100 MB).
  expect(heldBy((s) => s)).toBeGreaterThan(50_000_000);
  expect(heldBy(detached)).toBeLessThan(10_000_000);
});

it("gives the same string, short or long, with any characters", () => {
  for (const s of ["", "a", "twelve chars", "thirteen char", "é😀\n".repeat(20)]) {
    expect(detached(s)).toBe(s);
  }
});
