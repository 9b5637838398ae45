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

/** Lower case without diacritics, compatibility forms unified (NFKD, marks removed). */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** One letter, digit or combining mark (for characters beyond ASCII). */
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;

function isAsciiWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/**
 * The terms of `text`, in order: folded words, and character pairs of unspaced scripts. One
 * pass over the characters: ASCII ones are classified by code, the others (rarer) by a
 * Unicode test; only words holding non-ASCII characters are folded (NFKD).
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  eachTerm(text, (t) => out.push(t));
  return out;
}

/** `terms(text)`, each given to `visit` as it is cut (no list made: the indexer's path). */
export function eachTerm(text: string, visit: (term: string) => void): void {
  const n = text.length;
  let start = -1;
  let plain = true;
  let upper = false;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? text.charCodeAt(i) : 32;
    let width = 1;
    let word: boolean;
    if (c < 128) word = isAsciiWordChar(c);
    else {
      const cp = text.codePointAt(i) ?? c;
      width = cp > 0xffff ? 2 : 1;
      word = WORD_CHAR.test(String.fromCodePoint(cp));
    }
    if (word) {
      if (start === -1) {
        start = i;
        plain = true;
        upper = false;
      }
      if (c >= 128) plain = false;
      else if (c <= 90 && c >= 65) upper = true;
    } else if (start !== -1) {
      // Most words are ASCII in lower case already: taken as they are.
      if (plain && !upper) visit(text.slice(start, i));
      else addWord(text.slice(start, i), plain, visit);
      start = -1;
    }
    i += width - 1;
  }
}

function addWord(word: string, plain: boolean, visit: (term: string) => void): void {
  if (plain) {
    visit(word.toLowerCase());
    return;
  }
  for (const m of fold(word).matchAll(RUN)) {
    const run = m[0];
    // Most runs hold no unspaced script: one word, without looking at each character.
    if (UNSPACED.test(run)) splitRun(run, visit);
    else visit(run);
  }
}

/** Splits a run into spaced words and unspaced stretches (as pairs, or one lone character). */
function splitRun(run: string, visit: (term: string) => void): void {
  let word = "";
  let unspaced: string[] = [];
  const flushWord = () => {
    if (word) visit(word);
    word = "";
  };
  const flushUnspaced = () => {
    if (unspaced.length === 1) visit(unspaced[0] as string);
    for (let i = 0; i + 1 < unspaced.length; i++) visit(`${unspaced[i]}${unspaced[i + 1]}`);
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
