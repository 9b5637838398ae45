// A suggestion's reason: a comment `{>>META reason<<}` written right after the suggestion (no
// character between) by the suggestion's own author, with metadata. It is part of the
// suggestion: it shows in neither view, and accepting or rejecting the suggestion removes it.
// Any other comment is a reviewer's note, shown verbatim (SPEC §3, §4).

import type { CriticKind } from "./delimiters.js";
import { findDelimiter } from "./delimiters.js";
import type { CriticMeta } from "./meta.js";

/** What reason.ts reads of a mark (parse.ts's Mark, which imports this module). */
interface Mark {
  kind: CriticKind;
  start: number;
  end: number;
  meta?: CriticMeta;
  reason?: true;
}

/** Most characters of a reason (one short paragraph). */
export const MAX_REASON_CHARS = 500;

function isSuggestionMark(m: Mark): boolean {
  return m.kind === "insert" || m.kind === "delete" || m.kind === "substitute";
}

/**
 * The author of the suggestion that ends with `marks[i]`, and whether there is one: a
 * deletion right before an insertion is one suggestion (its author is the deletion's, else
 * the insertion's), as findSuggestions groups them.
 */
function suggestionEndingAt(
  marks: readonly Mark[],
  i: number,
): { author: string | undefined } | undefined {
  const m = marks[i];
  if (!m || !isSuggestionMark(m)) return undefined;
  const before = marks[i - 1];
  if (m.kind === "insert" && before?.kind === "delete" && before.end === m.start) {
    // A deletion that an earlier insertion did not take: `{--a--}{++b++}`.
    return { author: before.meta?.author ?? m.meta?.author };
  }
  return { author: m.meta?.author };
}

/**
 * Flags each comment that is the reason of the suggestion right before it: adjacent, with a
 * metadata prefix whose author is the suggestion's (both unnamed counts: an edit without an
 * author writes `{}@@`). Marks are in raw order; called once per scan.
 */
export function markReasons(marks: Mark[]): void {
  for (let i = 1; i < marks.length; i++) {
    const m = marks[i]!;
    if (m.kind !== "comment" || !m.meta) continue;
    const prev = marks[i - 1]!;
    if (prev.end !== m.start) continue;
    const s = suggestionEndingAt(marks, i - 1);
    if (s && s.author === m.meta.author) m.reason = true;
  }
}

/** Why a reason cannot be written, or undefined when it can. */
export function reasonProblem(reason: string): string | undefined {
  if (reason.trim() === "") return "reason is empty";
  if (reason.length > MAX_REASON_CHARS)
    return `reason is ${reason.length} characters; at most ${MAX_REASON_CHARS}`;
  if (/[\r\n]/.test(reason)) return "reason holds a line break; write one short paragraph";
  const hit = findDelimiter(reason, { separator: false });
  if (hit) return `reason contains the Markup delimiter "${hit.delimiter}"`;
  return undefined;
}
