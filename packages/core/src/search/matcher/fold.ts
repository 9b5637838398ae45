// The case-folded copy of a text that `-i` prefilters search, for needles of ASCII characters
// only (literals.ts makes no other under -i): one unit for each unit of the text, so offsets in
// the copy are offsets in the text. ASCII letters are lowercased; the two non-ASCII characters
// that Unicode simple case folding — what rg's `-i` uses — maps to ASCII letters become them:
// the Kelvin sign `K` (k) and `ſ` (s); every other unit, which no ASCII needle can match,
// becomes `ÿ` (U+00FF). So the copy is Latin-1 throughout: the engine keeps it at one byte a
// character whatever the text holds (a text with one emoji is two bytes a character), half of
// what a lowercased copy cost the grep worker on the 10 000-note benchmark (99 → 50 MB).

/** Web-standard TextDecoder, present in Node and browsers (core's lib declares no DOM). */
declare const TextDecoder: new (label: string) => { decode(bytes: Uint8Array): string };

/** Decodes bytes 0x00–0x7F and 0xFF to U+0000–U+007F and U+00FF (windows-1252 = Latin-1 there). */
const LATIN1 = new TextDecoder("latin1");

/**
 * The copy's byte for every UTF-16 unit: one lookup a unit, no branch (a loop with the three
 * cases took a quarter longer; 64 KB, made once).
 */
const FOLDED = new Uint8Array(0x10000).fill(0xff);
for (let c = 0; c < 0x80; c++) FOLDED[c] = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
FOLDED[0x212a] = 0x6b; // the Kelvin sign: k
FOLDED[0x17f] = 0x73; // ſ: s

/** `text` case-folded for lowercase ASCII needles, with the same length (cacheable). */
export function foldCase(text: string): string {
  const n = text.length;
  const bytes = new Uint8Array(n);
  for (let i = 0; i < n; i++) bytes[i] = FOLDED[text.charCodeAt(i)]!;
  return LATIN1.decode(bytes);
}
