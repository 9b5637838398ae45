// An edit never absorbs another author's pending suggestion (SPEC §4): generated documents hold
// suggestions by humans (Commentator's and lens-relay's metadata), by nobody known (no
// metadata), and by the editing assistant itself; whatever edit the engine accepts, rejecting
// the assistant's suggestions gives back exactly what rejecting them gave before the edit, and
// every other author's suggestion is still pending and unchanged.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { codePointRange, plainText, reasonText } from "../critic/markupArbitraries.js";
import { formatMeta } from "../critic/meta.js";
import { parseCritic } from "../critic/parse.js";
import {
  acceptSuggestions,
  listSuggestions,
  rejectSuggestions,
  type Suggestion,
} from "../critic/review.js";
import { aiView, baseView } from "../critic/views.js";
import { applyEdit } from "./applyEdit.js";

const ASSISTANT = "Claude";
const T = 1_700_000_000_000;

function textOf(raw: string): Y.Text {
  const doc = new Y.Doc();
  const text = doc.getText("contents");
  text.insert(0, raw);
  return text;
}

/** Metadata as each writer puts it: the assistant's (Lens), humans' (Commentator, lens-relay), none. */
const authorMeta: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(formatMeta(ASSISTANT, T)) },
  fc.constant(`{"author":"ann","time":${T / 1000}}@@`), // Commentator: seconds
  fc.constant(`{"author":"bob","timestamp":${T}}@@`), // lens-relay: ms
  fc.constant(`{"a":"Zoë","t":${T / 1000}}@@`), // Commentator's short keys
  fc.constant(`{"author":"claude","time":${T / 1000}}@@`), // another name, however alike
  fc.constant(""), // hand-written or older Lens: no author
);

const mark: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(authorMeta, plainText(5)).map(([m, t]) => `{++${m}${t}++}`),
  fc.tuple(authorMeta, plainText(5)).map(([m, t]) => `{--${m}${t}--}`),
  fc.tuple(authorMeta, plainText(4), plainText(4)).map(([m, a, b]) => `{~~${m}${a}~>${b}~~}`),
  fc
    .tuple(authorMeta, plainText(4), plainText(4))
    .map(([m, a, b]) => `{--${m}${a}--}{++${m}${b}++}`),
  // With a reason: a comment right after it with the same metadata (an empty one without).
  fc
    .tuple(authorMeta, plainText(4), plainText(4), reasonText)
    .map(([m, a, b, r]) => `{--${m}${a}--}{++${m}${b}++}{>>${m || "{}@@"}${r}<<}`),
  fc
    .tuple(authorMeta, plainText(4), reasonText)
    .map(([m, t, r]) => `{++${m}${t}++}{>>${m || "{}@@"}${r}<<}`),
);

/** Plain text with suggestions by several authors, often next to one another. */
const document: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 2, arbitrary: plainText(8) }, { weight: 3, arbitrary: mark }), {
    maxLength: 8,
  })
  .map((parts) => parts.join(""));

const isMine = (s: Suggestion) => s.author === ASSISTANT;

/** What a suggestion says, without its id (ids follow the text around it). */
const said = ({ kind, oldText, newText, author, time, reason }: Suggestion) => ({
  kind,
  oldText,
  newText,
  author,
  time,
  reason,
});

/** Resolves the suggestions `which` picks; undefined when one was left as a conflict. */
function resolveWhere(
  raw: string,
  which: (s: Suggestion) => boolean,
  accept: boolean,
): string | undefined {
  const text = textOf(raw);
  const ids = listSuggestions(raw)
    .filter(which)
    .map((s) => s.id);
  if (ids.length === 0) return raw;
  const results = (accept ? acceptSuggestions : rejectSuggestions)(text, ids);
  return results.every((r) => r.status === "applied") ? text.toString() : undefined;
}

const editInput = fc.record({
  raw: document,
  a: fc.nat(),
  b: fc.nat(),
  newString: plainText(6),
  replaceAll: fc.boolean(),
  reason: fc.option(reasonText, { nil: undefined }),
});

function edit(
  c: {
    raw: string;
    a: number;
    b: number;
    newString: string;
    replaceAll: boolean;
    reason: string | undefined;
  },
  author: string | undefined,
) {
  const ai = aiView(c.raw);
  const [s, e] = codePointRange(ai, c.a, c.b);
  const oldString = ai.slice(s, e);
  if (oldString === "") return undefined;
  const text = textOf(c.raw);
  const outcome = applyEdit(
    text,
    { oldString, newString: c.newString, replaceAll: c.replaceAll },
    {
      ...(author ? { author, now: () => T + 60_000 } : {}),
      ...(c.reason !== undefined ? { reason: c.reason } : {}),
    },
  );
  return { outcome, after: text.toString() };
}

describe("applyEdit and other authors' pending suggestions", () => {
  it("rejecting the assistant's suggestions after its edit gives back every other author's suggestion", () => {
    let edited = 0;
    let merged = 0;
    let refused = 0;
    fc.assert(
      fc.property(editInput, (c) => {
        const run = edit(c, ASSISTANT);
        if (!run) return;
        const { outcome, after } = run;
        const before = listSuggestions(c.raw);
        const others = before.filter((s) => !isMine(s)).map(said);
        if (!outcome.ok) {
          expect(after).toBe(c.raw);
          if (outcome.code === "others_suggestion") {
            refused++;
            // It names the author of a mark in the way (of a pair, either mark may be).
            const named = parseCritic(c.raw)
              .filter((m) => /insert|delete|substitute/.test(m.kind))
              .map((m) => m.meta?.author ?? "")
              .filter((a) => a !== ASSISTANT);
            expect(named.some((a) => outcome.message.includes(a ? `by ${a}` : "no author"))).toBe(
              true,
            );
          }
          return;
        }
        edited++;
        if (
          before.some(isMine) &&
          listSuggestions(after).filter(isMine).length < before.filter(isMine).length + 1
        )
          merged++;
        // Every other author's suggestion is still pending, saying exactly what it said.
        expect(
          listSuggestions(after)
            .filter((s) => !isMine(s))
            .map(said),
        ).toEqual(others);
        // Rejecting the assistant's suggestions undoes its edit and nothing else.
        const mineRejected = resolveWhere(c.raw, isMine, false);
        if (mineRejected === undefined) return;
        expect(resolveWhere(after, isMine, false)).toBe(mineRejected);
        // The others' suggestions resolve afterwards as if the assistant had never edited.
        for (const accept of [true, false]) {
          const othersFirst = resolveWhere(after, (s) => !isMine(s), accept);
          const expected = resolveWhere(mineRejected, () => true, accept);
          if (othersFirst === undefined || expected === undefined) continue;
          expect(resolveWhere(othersFirst, isMine, false)).toBe(expected);
        }
      }),
      { numRuns: 1200 },
    );
    expect(edited).toBeGreaterThan(300);
    expect(merged).toBeGreaterThan(30);
    expect(refused).toBeGreaterThan(100);
  });

  it("an edit with no author changes no pending suggestion", () => {
    fc.assert(
      fc.property(editInput, (c) => {
        const run = edit(c, undefined);
        if (!run) return;
        const before = listSuggestions(c.raw).map(said);
        if (!run.outcome.ok) {
          expect(run.after).toBe(c.raw);
          return;
        }
        // The suggestions before are still there, in order; the edit only added its own.
        const after = listSuggestions(run.after).map(said);
        let at = 0;
        for (const s of after) if (at < before.length && same(s, before[at]!)) at++;
        expect(at).toBe(before.length);
        expect(baseView(run.after)).toBe(baseView(c.raw));
      }),
      { numRuns: 1000 },
    );
  });
});

function same(a: ReturnType<typeof said>, b: ReturnType<typeof said>): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
