// The case-folded copy of a text that `-i` prefilters search: lowercased, with `ſ` (U+017F) as
// `s`. Under Unicode simple case folding — what rg's `-i` uses — exactly two non-ASCII
// characters fold to ASCII letters: the Kelvin sign (which toLowerCase already makes `k`) and
// `ſ` (which it keeps). Both are one UTF-16 unit, as their ASCII letters are, so the copy keeps
// the text's offsets unless something lowercases to two units (`İ` → `i̇`).

const LONG_S = "\u017f";

/** `text` lowercased with `ſ` as `s`: the haystack for lowercase ASCII needles (cacheable). */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  return lower.includes(LONG_S) ? lower.replaceAll(LONG_S, "s") : lower;
}
