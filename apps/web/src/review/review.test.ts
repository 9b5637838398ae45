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

describe("outcomeText with moves and deletions", () => {
  it("names what was moved or deleted, and why a change was left as it was", () => {
    const moved = {
      ...emptyOutcome("accept"),
      applied: 2,
      changes: [
        {
          id: "ch-1",
          status: "applied" as const,
          kind: "move" as const,
          path: "T/A.md",
          to: "T/B.md",
        },
      ],
    };
    expect(outcomeText(moved)).toBe("Accepted 2 suggestions, the move of T/A.md to T/B.md.");
    const refused = {
      ...emptyOutcome("accept"),
      changes: [
        {
          id: "ch-2",
          status: "conflict" as const,
          kind: "delete" as const,
          path: "T/C.md",
          message: "the note was edited since",
        },
      ],
    };
    expect(outcomeText(refused)).toBe(
      "Nothing was accepted. Left as it was: the deletion of T/C.md: the note was edited since.",
    );
  });
});
