// The context a reviewer sees around a suggestion: the AI view from the start of the line above
// to the suggestion, and from it to the end of the line below, cut on the far side past
// CONTEXT_SHOWN characters.
import { describe, expect, it } from "vitest";
import { CONTEXT_SHOWN, listSuggestions } from "./suggestions.js";

describe("suggestion context", () => {
  it("shows the line above and the line below, and the rest of its own lines", () => {
    const raw = "# Plan\n\nWe launch in {--May--}{++June++} this year.\nThen rest.\nLast.\n";
    const [s] = listSuggestions(raw);
    expect(s?.context).toEqual({ before: "\nWe launch in ", after: " this year.\nThen rest." });
  });

  it("at the first and last line, shows what there is; other suggestions as the AI view shows them", () => {
    const [first, second] = listSuggestions("{++Top++} line\nand {--old--} end");
    expect(first?.context).toEqual({ before: "", after: " line\nand  end" });
    expect(second?.context).toEqual({ before: "Top line\nand ", after: " end" });
  });

  it("cuts long context on the far side", () => {
    const long = "x".repeat(500);
    const [s] = listSuggestions(`${long} {++new++} ${long}`);
    expect(s?.context?.before).toBe(`…${"x".repeat(CONTEXT_SHOWN - 1)} `);
    expect(s?.context?.after).toBe(` ${"x".repeat(CONTEXT_SHOWN - 1)}…`);
  });
});
