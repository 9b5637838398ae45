// Terms of ranked search: text folded (case, diacritics: "Café" → "cafe") and cut into words;
// runs of scripts written without spaces (Han, kana, Hangul, Thai…) become overlapping
// character pairs, so "東京タワー" is found by "東京" or "タワー" alike.

/** Scripts written without spaces between words. */
export const UNSPACED =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;

/** A run of letters and digits (after folding), or of one unspaced script. */
const RUN = /[\p{L}\p{N}]+/gu;

/** Text that folding leaves as it is, but for case (most of an English note). */
const ASCII = /^[^\u0080-\uffff]*$/;
const NOT_ASCII_WORD = /[^a-z0-9]+/;

/** Lower case without diacritics, compatibility forms unified (NFKD, marks removed). */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The terms of `text`, in order: folded words, and character pairs of unspaced scripts. */
export function terms(text: string): string[] {
  const out: string[] = [];
  // Line by line: an all-ASCII line (most lines of most notes) is split on what is not a
  // letter or digit, at a fifth of the cost of the Unicode scan the other lines get.
  for (const line of text.split("\n")) {
    if (ASCII.test(line)) {
      for (const w of line.toLowerCase().split(NOT_ASCII_WORD)) if (w) out.push(w);
      continue;
    }
    for (const m of fold(line).matchAll(RUN)) {
      const run = m[0];
      // Most runs hold no unspaced script: one word, without looking at each character.
      if (UNSPACED.test(run)) splitRun(run, out);
      else out.push(run);
    }
  }
  return out;
}

/** Splits a run into spaced words and unspaced stretches (as pairs, or one lone character). */
function splitRun(run: string, out: string[]): void {
  let word = "";
  let unspaced: string[] = [];
  const flushWord = () => {
    if (word) out.push(word);
    word = "";
  };
  const flushUnspaced = () => {
    if (unspaced.length === 1) out.push(unspaced[0] as string);
    for (let i = 0; i + 1 < unspaced.length; i++) out.push(`${unspaced[i]}${unspaced[i + 1]}`);
    unspaced = [];
  };
  for (const ch of run) {
    if (UNSPACED.test(ch)) {
      flushWord();
      unspaced.push(ch);
    } else {
      flushUnspaced();
      word += ch;
    }
  }
  flushWord();
  flushUnspaced();
}
