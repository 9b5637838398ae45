// Curly vs straight quotes: matching that ignores the difference, and writing new text in the
// quote style of the text it replaces.

const SINGLE_CURLY = /[\u2018\u2019\u201a\u201b]/g;
const DOUBLE_CURLY = /[\u201c\u201d\u201e\u201f]/g;

/** Curly quotes → straight; same length, so offsets carry over. */
export function straightenQuotes(s: string): string {
  return s.replace(SINGLE_CURLY, "'").replace(DOUBLE_CURLY, '"');
}

/** Characters after which a quote opens rather than closes. */
const OPENS_AFTER = /[\s([{<\u2014\u2013\u2018\u201c-]/;

function curl(s: string, straight: string, open: string, close: string, before: string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c !== straight) {
      out += c;
      continue;
    }
    const prev = i > 0 ? s[i - 1]! : before;
    out += prev === "" || OPENS_AFTER.test(prev) ? open : close;
  }
  return out;
}

/** How the replaced text writes one kind of quote. */
function styleOf(
  texts: readonly string[],
  straight: string,
  curly: RegExp,
): "curly" | "straight" | "mixed" {
  const hasStraight = texts.some((t) => t.includes(straight));
  const hasCurly = texts.some((t) => new RegExp(curly.source).test(t));
  if (hasCurly && !hasStraight) return "curly";
  if (hasStraight && !hasCurly) return "straight";
  return "mixed";
}

/**
 * `text` in the quote style of `replaced` (the document text it stands in for): straight quotes
 * become curly where the replaced text uses only curly ones (opening after whitespace or an
 * opening bracket, closing / apostrophe elsewhere), curly become straight where it uses only
 * straight ones; otherwise quotes are left as given. `before` is the character before the match.
 */
export function matchQuoteStyle(text: string, replaced: readonly string[], before: string): string {
  let out = text;
  const single = styleOf(replaced, "'", SINGLE_CURLY);
  if (single === "curly") out = curl(out, "'", "\u2018", "\u2019", before);
  else if (single === "straight") out = out.replace(SINGLE_CURLY, "'");
  const double = styleOf(replaced, '"', DOUBLE_CURLY);
  if (double === "curly") out = curl(out, '"', "\u201c", "\u201d", before);
  else if (double === "straight") out = out.replace(DOUBLE_CURLY, '"');
  return out;
}
