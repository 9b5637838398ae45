// A note's tags as Obsidian reads them: frontmatter `tags` (a list, or a string of tags split at
// commas and spaces; `tag` too) and inline `#tags` in the body outside code. A tag is letters,
// digits, `_`, `-` and `/` (nesting), with at least one character that is not a digit; an
// inline one follows the line's start, whitespace or `(`. Compared ignoring case.
import { findFrontmatter } from "../links/frontmatter.js";
import { proseRanges } from "../text/markdownCode.js";
import type { PropertyValue } from "./frontmatterYaml.js";

/** Characters of a note searched for inline tags (the ranked index reads as much). */
export const MAX_TAG_SCAN_CHARS = 256 * 1024;

const TAG_BODY = /^[\p{L}\p{N}_\-/]*[\p{L}_\-/][\p{L}\p{N}_\-/]*$/u;
const MAYBE_TAG = /(?:^|[\s(])#[\p{L}\p{N}_\-/]/u;
const INLINE_TAG = /(?:^|[\s(])#([\p{L}\p{N}_\-/]*[\p{L}_\-/][\p{L}\p{N}_\-/]*)/gu;

/** `raw` without its `#`, when it is a valid tag. */
export function asTag(raw: string): string | undefined {
  const t = raw.trim().replace(/^#/, "").normalize("NFC");
  return t !== "" && TAG_BODY.test(t) ? t : undefined;
}

/** The tags a frontmatter `tags` value names. */
export function frontmatterTags(value: PropertyValue | undefined): string[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === "string"
      ? value.split(/[,\s]+/)
      : [];
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== "string" && typeof item !== "number") continue;
    const t = asTag(String(item));
    if (t) out.push(t);
  }
  return out;
}

/** The inline `#tags` of `text` after its frontmatter, outside code, in order. */
export function inlineTags(text: string): string[] {
  const scanned = text.length > MAX_TAG_SCAN_CHARS ? text.slice(0, MAX_TAG_SCAN_CHARS) : text;
  if (!MAYBE_TAG.test(scanned)) return [];
  const from = findFrontmatter(scanned)?.bodyStart ?? 0;
  const out: string[] = [];
  for (const r of proseRanges(scanned, from)) {
    for (const m of scanned.slice(r.start, r.end).matchAll(INLINE_TAG)) {
      out.push((m[1] as string).normalize("NFC"));
    }
  }
  return out;
}

/** `tags` without repeats (ignoring case; the first spelling kept), in order. */
export function uniqueTags(tags: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of tags) {
    const key = t.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}

/** True when `tags` holds `wanted` or a tag nested under it (`team` finds `team/ops`), any case. */
export function hasTag(tags: readonly string[], wanted: string): boolean {
  const w = wanted.toLowerCase();
  return tags.some((t) => {
    const k = t.toLowerCase();
    return k === w || k.startsWith(`${w}/`);
  });
}
