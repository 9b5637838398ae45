// Line endings: which one a document uses, and converting edit text to it.

/** `\n` → `\r\n` (existing `\r\n` kept). */
export function toCrlf(s: string): string {
  return s.replace(/\r?\n/g, "\r\n");
}

/** `\r\n` → `\n`. */
export function toLf(s: string): string {
  return s.replace(/\r\n/g, "\n");
}

/** "crlf" when most line endings of `s` are `\r\n`, else "lf". */
export function lineEndingOf(s: string): "crlf" | "lf" {
  let crlf = 0;
  let lf = 0;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) {
    if (i > 0 && s.charCodeAt(i - 1) === 0x0d) crlf++;
    else lf++;
  }
  return crlf > lf ? "crlf" : "lf";
}
