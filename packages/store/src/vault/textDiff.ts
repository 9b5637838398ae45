// Minimal Yjs edit that turns a Y.Text into new text: replace only the span between the common
// prefix and suffix, never splitting a UTF-16 surrogate pair, so concurrent edits elsewhere survive.
import type * as Y from "yjs";

/** The span of `before` to replace, and what to put there, to get `after`. */
export function textSplice(
  before: string,
  after: string,
): { index: number; remove: number; insert: string } | undefined {
  if (before === after) return undefined;
  const max = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && isHigh(before.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) {
    suffix++;
  }
  if (suffix > 0 && isLow(before.charCodeAt(before.length - suffix))) suffix--;
  return {
    index: prefix,
    remove: before.length - prefix - suffix,
    insert: after.slice(prefix, after.length - suffix),
  };
}

/** Edits `text` into `next` with one delete and one insert in a single transaction. */
export function applyTextDiff(text: Y.Text, next: string, origin?: unknown): boolean {
  const splice = textSplice(text.toString(), next);
  if (!splice) return false;
  const apply = () => {
    if (splice.remove > 0) text.delete(splice.index, splice.remove);
    if (splice.insert) text.insert(splice.index, splice.insert);
  };
  if (text.doc) text.doc.transact(apply, origin);
  else apply();
  return true;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
