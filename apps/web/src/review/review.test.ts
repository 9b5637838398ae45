// The notice after a review: what was resolved, and the notes a rejected creation removed.
import { describe, expect, it } from "vitest";
import { emptyOutcome, outcomeText } from "./review.js";

describe("outcomeText", () => {
  it("names the notes a rejected creation removed", () => {
    const one = { ...emptyOutcome("reject"), applied: 1, removed: ["Team/Maybe.md"] };
    expect(outcomeText(one)).toBe(
      "Rejected 1 suggestion. Removed Team/Maybe.md: its creation was rejected.",
    );
    const two = { ...emptyOutcome("reject"), applied: 3, removed: ["Team/A.md", "Team/B.md"] };
    expect(outcomeText(two)).toBe(
      "Rejected 3 suggestions. Removed 2 notes (Team/A.md, Team/B.md): their creation was rejected.",
    );
    expect(outcomeText({ ...emptyOutcome("accept"), applied: 1 })).toBe("Accepted 1 suggestion.");
  });
});
