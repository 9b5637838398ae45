// The linearity tests' measure can fail: it tells quadratic work from linear work.
import { expect, it } from "vitest";
import { growth, LINEAR_AT_8 } from "./support/growth.js";

const sumChars = (text: string) => () => {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
  return sum;
};
const sumPairs = (text: string) => () => {
  let sum = 0;
  for (let i = 0; i < text.length; i++) for (let j = 0; j < text.length; j++) sum += i ^ j;
  return sum;
};

it("passes linear work and fails quadratic work", () => {
  expect(growth((n) => sumChars("x".repeat(n)), 200_000)).toBeLessThan(LINEAR_AT_8);
  expect(growth((n) => sumPairs("x".repeat(n)), 1_500)).toBeGreaterThan(LINEAR_AT_8);
});
