// Where markdown hides links: fenced code blocks and inline code spans (CommonMark rules).
// `proseRanges` returns the stretches of text outside both, where wikilinks are looked for.

/** A half-open range of UTF-16 offsets `[start, end)`. */
export interface TextRange {
  start: number;
  end: number;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;

interface Fence {
  char: string;
  length: number;
}

/**
 * Ranges of `text[from..]` outside fenced code blocks and inline code spans. A fence opens on a
 * line of 3+ backticks or tildes indented at most 3 spaces (a backtick fence's info string has no
 * backtick) and closes on a line of the same character at least as long; an unclosed fence runs
 * to the end. Code spans are matched inside paragraphs (runs of non-blank lines).
 */
export function proseRanges(text: string, from = 0): TextRange[] {
  const out: TextRange[] = [];
  let paragraph: TextRange | undefined;
  let fence: Fence | undefined;
  const endParagraph = () => {
    if (paragraph) outsideCodeSpans(text, paragraph, out);
    paragraph = undefined;
  };
  let pos = from;
  for (;;) {
    const nl = text.indexOf("\n", pos);
    const lineEnd = nl === -1 ? text.length : nl;
    const line = text.slice(pos, lineEnd).replace(/\r$/, "");
    if (fence) {
      if (closesFence(line, fence)) fence = undefined;
    } else {
      const open = FENCE_OPEN.exec(line);
      const marker = open?.[1] ?? "";
      if (open && !(marker[0] === "`" && (open[2] ?? "").includes("`"))) {
        endParagraph();
        fence = { char: marker[0]!, length: marker.length };
      } else if (line.trim() === "") {
        endParagraph();
      } else {
        paragraph = { start: paragraph?.start ?? pos, end: lineEnd };
      }
    }
    if (nl === -1) break;
    pos = nl + 1;
  }
  endParagraph();
  return out;
}

function closesFence(line: string, fence: Fence): boolean {
  const m = FENCE_CLOSE.exec(line);
  const marker = m?.[1];
  return marker !== undefined && marker[0] === fence.char && marker.length >= fence.length;
}

interface Run {
  pos: number;
  length: number;
}

/**
 * Pushes the parts of one paragraph that are not inside a code span. A run of n backticks opens
 * a span closed by the next run of exactly n; a run with no partner is literal text. A backslash
 * before an opening run escapes its first backtick.
 */
function outsideCodeSpans(text: string, para: TextRange, out: TextRange[]): void {
  const runs: Run[] = [];
  for (let i = para.start; i < para.end; ) {
    if (text.charCodeAt(i) !== 96 /* ` */) {
      i++;
      continue;
    }
    let j = i;
    while (j < para.end && text.charCodeAt(j) === 96) j++;
    runs.push({ pos: i, length: j - i });
    i = j;
  }
  const byLength = new Map<number, number[]>();
  runs.forEach((run, k) => {
    const list = byLength.get(run.length);
    if (list) list.push(k);
    else byLength.set(run.length, [k]);
  });

  let cursor = para.start;
  let r = 0;
  while (r < runs.length) {
    const run = runs[r]!;
    let open = run.pos;
    let length = run.length;
    if (isEscaped(text, open, cursor)) {
      open++;
      length--;
    }
    const close = length > 0 ? nextRun(byLength.get(length), r) : -1;
    if (close === -1) {
      r++;
      continue;
    }
    if (open > cursor) out.push({ start: cursor, end: open });
    const closing = runs[close]!;
    cursor = closing.pos + closing.length;
    r = close + 1;
  }
  if (cursor < para.end) out.push({ start: cursor, end: para.end });
}

/** True when an odd number of backslashes (not before `floor`) precede `pos`. */
function isEscaped(text: string, pos: number, floor: number): boolean {
  let n = 0;
  for (let i = pos - 1; i >= floor && text.charCodeAt(i) === 92; i--) n++;
  return n % 2 === 1;
}

/** First run index in the sorted `list` greater than `after`, or -1. */
function nextRun(list: number[] | undefined, after: number): number {
  if (!list) return -1;
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length ? list[lo]! : -1;
}
