// applyEdit under generated documents and edits: the two invariants (AI view gets exactly the
// requested replacement, base view unchanged), no nested marks, review round-trips.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { findDelimiter, hasDelimiter } from "../critic/delimiters.js";
import {
  cleanDocument,
  codePointRange,
  plainText,
  reasonText,
  richDocument,
} from "../critic/markupArbitraries.js";
import { parseCritic } from "../critic/parse.js";
import {
  acceptSuggestions,
  listSuggestions,
  rejectSuggestions,
  type Suggestion,
} from "../critic/review.js";
import { aiView, baseView } from "../critic/views.js";
import { applyEdit } from "./applyEdit.js";
import { lineEndingOf, toCrlf } from "./lineEndings.js";
import type { EditOutcome } from "./outcome.js";

/** What a suggestion says, as a key (without id and line, which follow the text around it). */
const said = (s: Suggestion) =>
  JSON.stringify([s.kind, s.oldText, s.newText, s.author, s.time, s.reason]);

function textOf(raw: string): Y.Text {
  const doc = new Y.Doc();
  const text = doc.getText("contents");
  text.insert(0, raw);
  return text;
}

/** The AI view expected after an exact-match edit (oldString is taken from the AI view). */
function expectedAi(ai: string, oldString: string, newString: string, all: boolean): string {
  const replacement = lineEndingOf(ai) === "crlf" ? toCrlf(newString) : newString;
  if (all) return ai.split(oldString).join(replacement);
  const at = ai.indexOf(oldString);
  return ai.slice(0, at) + replacement + ai.slice(at + oldString.length);
}

/** An edit of `doc`: old_string is a random piece of its AI view. */
const editOf = (doc: fc.Arbitrary<string>) =>
  fc.record({
    raw: doc,
    a: fc.nat(),
    b: fc.nat(),
    newString: plainText(6),
    replaceAll: fc.boolean(),
    author: fc.option(fc.constantFrom("Claude", 'Ev"e ++}'), { nil: undefined }),
    reason: fc.option(reasonText, { nil: undefined }),
  });

interface Case {
  raw: string;
  author: string | undefined;
  reason: string | undefined;
  oldString: string;
  newString: string;
  replaceAll: boolean;
  outcome: EditOutcome;
  after: string;
}

function runCase(c: {
  raw: string;
  a: number;
  b: number;
  newString: string;
  replaceAll: boolean;
  author: string | undefined;
  reason: string | undefined;
}): Case | undefined {
  const ai = aiView(c.raw);
  const [s, e] = codePointRange(ai, c.a, c.b);
  const oldString = ai.slice(s, e);
  if (oldString === "") return undefined;
  const text = textOf(c.raw);
  const opts = {
    ...(c.author ? { author: c.author, now: () => 1_700_000_000_000 } : {}),
    ...(c.reason !== undefined ? { reason: c.reason } : {}),
  };
  const outcome = applyEdit(
    text,
    { oldString, newString: c.newString, replaceAll: c.replaceAll },
    opts,
  );
  return { ...c, oldString, outcome, after: text.toString() };
}

/** Every successful edit keeps both invariants, nests no mark, and reviews round-trip. */
function checkSuccess(c: Case): void {
  const ai = aiView(c.raw);
  expect(aiView(c.after)).toBe(expectedAi(ai, c.oldString, c.newString, c.replaceAll));
  expect(baseView(c.after)).toBe(baseView(c.raw));
  // No mark the edit wrote holds a delimiter (marks the document already had may).
  const existing = new Set(parseCritic(c.raw).map((m) => c.raw.slice(m.start, m.end)));
  for (const m of parseCritic(c.after)) {
    if (existing.has(c.after.slice(m.start, m.end))) continue;
    expect(findDelimiter(m.text, { separator: false })).toBeUndefined();
  }
  // Each suggestion the edit wrote carries its reason (the others keep theirs).
  if (c.reason !== undefined) {
    const before = new Set(listSuggestions(c.raw).map(said));
    for (const s of listSuggestions(c.after)) {
      if (!before.has(said(s))) expect(s.reason).toBe(c.reason);
    }
  }
  // Review keeps the views; a suggestion whose resolution would re-pair neighbouring markup is
  // left pending as a conflict, otherwise the text becomes exactly the view.
  const accepted = textOf(c.after);
  const a = acceptSuggestions(accepted, "all");
  expect(aiView(accepted.toString())).toBe(aiView(c.after));
  if (a.every((r) => r.status === "applied")) expect(accepted.toString()).toBe(aiView(c.after));
  const rejected = textOf(c.after);
  const r = rejectSuggestions(rejected, "all");
  expect(baseView(rejected.toString())).toBe(baseView(c.raw));
  if (r.every((x) => x.status === "applied")) expect(rejected.toString()).toBe(baseView(c.raw));
}

describe("applyEdit properties", () => {
  it("on plain text and marks: succeeds unless refused for a reason, and keeps the invariants", () => {
    fc.assert(
      fc.property(editOf(cleanDocument), (input) => {
        const c = runCase(input);
        if (!c) return;
        if (c.outcome.ok) {
          checkSuccess(c);
          return;
        }
        expect(c.after).toBe(c.raw);
        const count = aiView(c.raw).split(c.oldString).length - 1;
        switch (c.outcome.code) {
          case "not_unique":
            expect(c.replaceAll).toBe(false);
            expect(c.outcome.count).toBe(count);
            break;
          case "identical":
            expect(
              c.oldString === c.newString ||
                expectedAi(aiView(c.raw), c.oldString, c.newString, c.replaceAll) === aiView(c.raw),
            ).toBe(true);
            break;
          case "delimiters":
            expect(hasDelimiter(c.oldString, { separator: false })).toBe(true);
            break;
          case "inside_comment":
            expect(/\{>>|\{==/.test(c.raw)).toBe(true);
            break;
          case "others_suggestion":
            // Only another author's (or an unknown author's) pending suggestion stops an edit.
            expect(
              parseCritic(c.raw).some(
                (m) =>
                  /insert|delete|substitute/.test(m.kind) &&
                  (!c.author || m.meta?.author !== c.author),
              ),
            ).toBe(true);
            break;
          default:
            throw new Error(`unexpected refusal ${c.outcome.code}: ${c.outcome.message}`);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("on documents with code and mark-like text: keeps the invariants whenever it succeeds", () => {
    let succeeded = 0;
    fc.assert(
      fc.property(editOf(richDocument), (input) => {
        const c = runCase(input);
        if (!c) return;
        if (c.outcome.ok) {
          succeeded++;
          checkSuccess(c);
        } else expect(c.after).toBe(c.raw);
      }),
      { numRuns: 1500 },
    );
    expect(succeeded).toBeGreaterThan(300);
  });

  it("keeps the invariants over a sequence of edits", () => {
    fc.assert(
      fc.property(
        cleanDocument,
        fc.array(fc.tuple(fc.nat(), fc.nat(), plainText(4)), { minLength: 1, maxLength: 6 }),
        (raw, edits) => {
          const text = textOf(raw);
          const base = baseView(raw);
          for (const [a, b, newString] of edits) {
            const ai = aiView(text.toString());
            const [s, e] = codePointRange(ai, a, b);
            const oldString = ai.slice(s, e);
            if (!oldString) continue;
            const outcome = applyEdit(
              text,
              { oldString, newString, replaceAll: true },
              { author: "Claude", now: () => 1_700_000_000_000, reason: "tidier" },
            );
            if (outcome.ok)
              expect(aiView(text.toString())).toBe(expectedAi(ai, oldString, newString, true));
            expect(baseView(text.toString())).toBe(base);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
