// Telling assistants from people (authorKind.ts): by the token named as author, else by who wrote
// the metadata.
import { describe, expect, it } from "vitest";
import { formatMeta } from "../critic/meta.js";
import { listSuggestions } from "../critic/suggestions.js";
import { authorKind, writtenByLens } from "./authorKind.js";

const lensForm = (raw: string) => writtenByLens(raw, listSuggestions(raw)[0]!);

describe("writtenByLens", () => {
  it("knows Lens's own metadata, today's and before 0.2", () => {
    expect(lensForm(`a {++${formatMeta("Claude", 1_700_000_000_000)}b++}`)).toBe(true);
    expect(lensForm(`a {--${formatMeta("Claude", 1_700_000_000_000)}b--}{++c++}`)).toBe(true);
    expect(lensForm('a {++{"author":"Claude","time":1700000000000}@@b++}')).toBe(true);
  });
  it("knows Commentator's and lens-editor's, and no metadata, as someone else's", () => {
    expect(lensForm('a {++{"author":"ann","time":1700000000}@@b++}')).toBe(false);
    expect(lensForm('a {~~{"author":"ann","timestamp":1700000000000}@@b~>c~~}')).toBe(false);
    expect(lensForm("a {++b++}")).toBe(false);
  });
});

describe("authorKind", () => {
  it("goes by the token's role when a token has the author's name", () => {
    expect(authorKind("Ana's Claude", "suggest", false)).toBe("assistant");
    expect(authorKind("Claude (approved by Bo)", "suggest", true)).toBe("assistant");
    expect(authorKind("Vi", "view", true)).toBe("assistant");
    expect(authorKind("Bo", "edit", true)).toBe("person");
    expect(authorKind("Root", "admin", true)).toBe("person");
  });
  it("else by who wrote the metadata; no author is not recorded", () => {
    expect(authorKind("claude-code", undefined, true)).toBe("assistant");
    expect(authorKind("maya", undefined, false)).toBe("person");
    expect(authorKind(undefined, "suggest", true)).toBeUndefined();
  });
});
