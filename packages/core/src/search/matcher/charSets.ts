// Character sets of Rust's regex that RE2 spells differently: Unicode `\w \s \d`, POSIX classes,
// and the word-character test used to rewrite `\b` for Unicode text.

/** Inclusive code point ranges. */
export type Ranges = [number, number][];

/**
 * Unicode `\w` (Alphabetic ∪ M ∪ Nd ∪ Pc ∪ Join_Control), as RE2 class content. Alphabetic is
 * approximated by L, Nl and the circled / squared letters; other marks are in M.
 */
export const WORD_CLASS_BODY =
  "\\p{L}\\p{M}\\p{Nd}\\p{Nl}\\p{Pc}\\x{200C}\\x{200D}\\x{24B6}-\\x{24E9}\\x{1F130}-\\x{1F149}\\x{1F150}-\\x{1F169}\\x{1F170}-\\x{1F189}";

const WORD_CHAR =
  /^[\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\u{200C}-\u{200D}\u24B6-\u24E9\u{1F130}-\u{1F149}\u{1F150}-\u{1F169}\u{1F170}-\u{1F189}]$/u;

/** True when `cp` is a word character for Unicode `\w` / `\b`. */
export function isWordChar(cp: number): boolean {
  return WORD_CHAR.test(String.fromCodePoint(cp));
}

/** Unicode White_Space: Rust's `\s`. */
export const UNICODE_SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];

export const ASCII_PERL: Record<"d" | "s" | "w", Ranges> = {
  d: [[0x30, 0x39]],
  s: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  w: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
};

export const POSIX: Record<string, Ranges> = {
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  ascii: [[0x00, 0x7f]],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
  cntrl: [
    [0x00, 0x1f],
    [0x7f, 0x7f],
  ],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  upper: [[0x41, 0x5a]],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
};

/** The code points not in `ranges` (which must be sorted and disjoint). */
export function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

/** `ranges` without one code point. */
export function without(ranges: Ranges, cp: number): Ranges {
  const out: Ranges = [];
  for (const [lo, hi] of ranges) {
    if (cp < lo || cp > hi) out.push([lo, hi]);
    else {
      if (lo < cp) out.push([lo, cp - 1]);
      if (cp < hi) out.push([cp + 1, hi]);
    }
  }
  return out;
}

/** RE2 class content for `ranges`, every code point escaped as `\x{…}` where it matters. */
export function rangesBody(ranges: Ranges): string {
  return ranges
    .map(([lo, hi]) => (lo === hi ? classChar(lo) : `${classChar(lo)}-${classChar(hi)}`))
    .join("");
}

function classChar(cp: number): string {
  if (
    cp < 0x20 ||
    cp === 0x7f ||
    (cp >= 0x80 && cp < 0xa0) ||
    cp === 0x10ffff ||
    isSpecialInClass(cp)
  ) {
    return `\\x{${cp.toString(16)}}`;
  }
  return String.fromCodePoint(cp);
}

function isSpecialInClass(cp: number): boolean {
  return cp < 0x80 && /[\\\][^\-:]/.test(String.fromCharCode(cp));
}
