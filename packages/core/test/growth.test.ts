// The linearity tests' measure can fail: it tells quadratic work from linear work, by count.
import { expect, it } from "vitest";
import { growth, LINEAR_AT_8 } from "./support/growth.js";

const sumChars = (text: string) => () => {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
  return sum;
};
const sumPairs = (text: string) => () => {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    for (let j = 0; j < text.length; j++) sum += text.charCodeAt(i) ^ text.charCodeAt(j);
  }
  return sum;
};

it("passes linear work and fails quadratic work", () => {
  expect(growth((n) => sumChars("x".repeat(n)), 20_000)).toBeLessThan(LINEAR_AT_8);
  expect(growth((n) => sumPairs("x".repeat(n)), 200)).toBeGreaterThan(LINEAR_AT_8);
  // Re-scanning from the start for every line: quadratic through indexOf, and counted so.
  const rescan = (text: string) => () => {
    for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) text.indexOf("!");
  };
  expect(growth((n) => rescan("x\n".repeat(n)), 500)).toBeGreaterThan(LINEAR_AT_8);
  // Deterministic: the same call counts the same work every time.
  expect(growth((n) => sumChars("x".repeat(n)), 1_000)).toBe(8);
});
