// Test support (imported by tests only): fast-check generators of documents that hold
// CriticMarkup in every form, with and without metadata, CRLF line endings and astral chars.
import fc from "fast-check";

/** Characters of plain text: no delimiter characters, but newlines, quotes and an emoji. */
const PLAIN = ["a", "b", "c", " ", " ", "\n", "\r\n", "😀", "é", "'", "’", '"', "“", "”", "."];

export const plainText = (maxLength = 8): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...PLAIN), { maxLength }).map((a) => a.join(""));

const metaPrefix: fc.Arbitrary<string> = fc.oneof(
  fc.constant(""),
  fc
    .record({
      author: fc.constantFrom("ann", "bob", "Zoë"),
      time: fc.integer({ min: 0, max: 2_000_000_000_000 }),
    })
    .map((m) => `${JSON.stringify(m)}@@`),
);

/** A reason: one short line of plain text (no line breaks). */
export const reasonText: fc.Arbitrary<string> = fc
  .array(fc.constantFrom("a", "b", " ", "é", "😀", "'", ".", "<", "{"), {
    minLength: 1,
    maxLength: 8,
  })
  .map((a) => a.join(""))
  .filter((r) => r.trim() !== "");

const simpleMark = (open: string, close: string) =>
  fc.tuple(metaPrefix, plainText(6)).map(([m, t]) => `${open}${m}${t}${close}`);

/** One CriticMarkup mark of any form, or a Lens-style `{--old--}{++new++}` pair. */
export const criticMark: fc.Arbitrary<string> = fc.oneof(
  simpleMark("{++", "++}"),
  simpleMark("{--", "--}"),
  simpleMark("{>>", "<<}"),
  simpleMark("{==", "==}"),
  fc.tuple(metaPrefix, plainText(5), plainText(5)).map(([m, a, b]) => `{~~${m}${a}~>${b}~~}`),
  fc
    .tuple(metaPrefix, plainText(5), plainText(5))
    .map(([m, a, b]) => `{--${m}${a}--}{++${m}${b}++}`),
  // A suggestion with its reason: a comment right after it, with the same metadata.
  fc
    .tuple(metaPrefix, plainText(5), plainText(5), reasonText)
    .map(([m, a, b, r]) => `{--${m}${a}--}{++${m}${b}++}{>>${m || "{}@@"}${r}<<}`),
  fc
    .tuple(metaPrefix, plainText(5), reasonText)
    .map(([m, a, r]) => `{++${m}${a}++}{>>${m || "{}@@"}${r}<<}`),
);

/** A document of plain text and marks only: every edit outside comments can be written. */
export const cleanDocument: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 3, arbitrary: plainText(10) }, { weight: 2, arbitrary: criticMark }), {
    maxLength: 8,
  })
  .map((parts) => parts.join(""));

/** Code that documents CriticMarkup, unclosed or malformed marks: text that looks like marks. */
const markLikeText: fc.Arbitrary<string> = fc.oneof(
  fc.constant("`{++code++}`"),
  fc.constant("``{--a` b--}``"),
  fc.constant("\n```\n{++fenced++}\n```\n"),
  fc.constant("\n~~~~\n{>>fenced<<}\n~~~\n~~~~\n"),
  fc.constant("\n```unclosed {==x==}\n"),
  fc.constant("{~~no separator~~}"),
  fc.constant('{++{"bad json"@@x++}'),
  fc.constant("{++"),
  fc.constant("--}"),
  fc.constant("`"),
);

/** A document that also holds code, mark-like text and stray delimiters. */
export const richDocument: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: plainText(10) },
      { weight: 2, arbitrary: criticMark },
      { weight: 1, arbitrary: markLikeText },
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(""));

/** A [start, end) range of `s` that does not split a surrogate pair; empty when s is. */
export function codePointRange(s: string, a: number, b: number): [number, number] {
  const fix = (i: number) => {
    const c = s.charCodeAt(i);
    return i > 0 && i < s.length && c >= 0xdc00 && c <= 0xdfff ? i - 1 : i;
  };
  const lo = fix(Math.min(a, b) % (s.length + 1));
  const hi = fix(Math.max(a, b) % (s.length + 1));
  return [Math.min(lo, hi), Math.max(lo, hi)];
}
