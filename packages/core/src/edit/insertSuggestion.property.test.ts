// insertSuggestion under generated notes (headings, frontmatter, fences, pending marks of
// several authors) and generated content: the AI view gets exactly the text at the chosen place,
// the base view is unchanged, rejecting the new suggestion restores the raw text exactly, and
// the place lies in the section asked for.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { criticMark, plainText, reasonText } from "../critic/markupArbitraries.js";
import { rejectSuggestions } from "../critic/review.js";
import { findSuggestions } from "../critic/suggestions.js";
import { aiView, baseView } from "../critic/views.js";
import { findHeadings, sectionEnd } from "../outline/headings.js";
import { insertionOffset, textToInsert } from "../outline/insertionPoint.js";
import { insertSuggestion } from "./insertSuggestion.js";
import { lineEndingOf } from "./lineEndings.js";

const line = fc.oneof(
  { weight: 3, arbitrary: plainText(8) },
  { weight: 2, arbitrary: fc.constantFrom("# A", "## B", "### C", "## B ##", "#tag", "") },
  { weight: 1, arbitrary: fc.constantFrom("```", "~~~", "- item", "   ") },
  { weight: 1, arbitrary: criticMark },
);

/** A note of lines (LF or CRLF), sometimes with frontmatter, sometimes without a final newline. */
const note = fc
  .record({
    lines: fc.array(line, { maxLength: 14 }),
    frontmatter: fc.boolean(),
    crlf: fc.boolean(),
    final: fc.boolean(),
  })
  .map(({ lines, frontmatter, crlf, final }) => {
    const all = frontmatter ? ["---", "tags: [x]", "---", ...lines] : lines;
    const nl = crlf ? "\r\n" : "\n";
    return all.join(nl) + (final && all.length ? nl : "");
  });

const content = fc
  .array(fc.oneof(plainText(6), fc.constantFrom("- new", "## New", "```", "`x`")), {
    minLength: 1,
    maxLength: 4,
  })
  .map((ls) => ls.join("\n"))
  .filter((c) => c !== "");

function textOf(raw: string): Y.Text {
  const text = new Y.Doc().getText("contents");
  text.insert(0, raw);
  return text;
}

describe("insertSuggestion (generated)", () => {
  it("writes exactly the text at its place as one suggestion of its author; rejecting it restores the note", () => {
    let written = 0;
    fc.assert(
      fc.property(
        note,
        content,
        fc.nat(),
        fc.constantFrom("start", "end"),
        fc.boolean(),
        fc.option(reasonText, { nil: undefined }),
        (raw, added, pick, position, byHeading, reason) => {
          const text = textOf(raw);
          let chosen: { at: number; text: string; index?: number; end: number } | undefined;
          const out = insertSuggestion(
            text,
            (ai) => {
              const hs = findHeadings(ai);
              const index = byHeading && hs.length ? pick % hs.length : undefined;
              const at = insertionOffset(ai, hs, index, position as "start" | "end");
              const placed = textToInsert(ai, at, added, lineEndingOf(ai) === "crlf");
              const end = index === undefined ? ai.length : sectionEnd(hs, index, ai.length);
              chosen = { at, text: placed.text, end, ...(index !== undefined ? { index } : {}) };
              return { ok: true, place: { at, text: placed.text } };
            },
            { author: "Claude", now: () => 1_700_000_000_000, ...(reason ? { reason } : {}) },
          );
          const after = text.toString();
          const ai = aiView(raw);
          if (!out.ok) {
            expect(after).toBe(raw);
            return;
          }
          written++;
          const c = chosen!;
          expect(aiView(after)).toBe(ai.slice(0, c.at) + c.text + ai.slice(c.at));
          expect(baseView(after)).toBe(baseView(raw));
          // The place is in the section asked for: under its heading, before its end; at the
          // end, only blank lines follow it within the section.
          const hs = findHeadings(ai);
          const from = c.index === undefined ? 0 : hs[c.index]!.end;
          expect(c.at).toBeGreaterThanOrEqual(from);
          expect(c.at).toBeLessThanOrEqual(c.end);
          if (position === "end") expect(ai.slice(c.at, c.end).trim()).toBe("");
          if (position === "start" && c.index !== undefined) expect(c.at).toBe(from);
          // One new suggestion; rejecting just it gives the raw text back, byte for byte.
          // (Ids hash the text around a suggestion, so the generated marks never name Claude.)
          const added_ = findSuggestions(after).filter((s) => s.author === "Claude");
          expect(added_).toHaveLength(1);
          expect(added_[0]!.newText).toBe(c.text);
          expect(added_[0]!.reason).toBe(reason);
          // Every other suggestion keeps its reason.
          const others = (r: string) =>
            findSuggestions(r)
              .filter((s) => s.author !== "Claude")
              .map((s) => [s.kind, s.oldText, s.newText, s.reason]);
          expect(others(after)).toEqual(others(raw));
          rejectSuggestions(text, [added_[0]!.id]);
          expect(text.toString()).toBe(raw);
        },
      ),
      { numRuns: 600 },
    );
    // Most places can take a suggestion: the property is not passed by refusing.
    expect(written).toBeGreaterThan(400);
  });

  it("on a note without pending marks, reject-all restores it exactly", () => {
    const plainNote = note.filter((n) => !/[{}]/.test(n));
    fc.assert(
      fc.property(plainNote, content, fc.constantFrom("start", "end"), (raw, added, position) => {
        const text = textOf(raw);
        const out = insertSuggestion(text, (ai) => {
          const at = insertionOffset(ai, findHeadings(ai), undefined, position as "start" | "end");
          return { ok: true, place: { at, text: textToInsert(ai, at, added, false).text } };
        });
        if (!out.ok) return;
        rejectSuggestions(text, "all");
        expect(text.toString()).toBe(raw);
      }),
      { numRuns: 300 },
    );
  });
});
