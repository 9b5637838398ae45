// Line arithmetic shared by read, grep and edit. Lines end at `\n`; a `\r` before it stays part
// of the line text, as cat and ripgrep treat it. A final `\n` does not start a new line.

/** Offsets where each line starts. `""` has no lines; `"a\n"` has one; `"a\nb"` has two. */
export function lineStarts(text: string): number[] {
  if (text.length === 0) return [];
  const starts = [0];
  let i = text.indexOf("\n");
  while (i !== -1) {
    if (i + 1 < text.length) starts.push(i + 1);
    i = text.indexOf("\n", i + 1);
  }
  return starts;
}

/** The text of line `index` (0-based) without its `\n`. */
export function lineAt(text: string, starts: readonly number[], index: number): string {
  const start = starts[index]!;
  const next = starts[index + 1];
  const end = next === undefined ? text.length : next;
  return text.slice(start, text[end - 1] === "\n" ? end - 1 : end);
}

/** 0-based line index containing offset `pos`, by binary search over `starts`. */
export function lineIndexOf(starts: readonly number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The offset of every `\n` in `text`, ascending, compact: what a caller keeps beside a text so
 * grep numbers lines and finds their ends by binary search instead of walking newlines.
 */
export function newlineOffsets(text: string): Int32Array {
  let out = new Int32Array(Math.max(16, text.length >> 6));
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
    if (n === out.length) {
      const grown = new Int32Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    out[n++] = i;
  }
  return out.slice(0, n);
}

/** How many of `newlines` (ascending) are below `offset`: the 0-based line holding it. */
export function newlinesBelow(newlines: Int32Array, offset: number): number {
  let lo = 0;
  let hi = newlines.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (newlines[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
