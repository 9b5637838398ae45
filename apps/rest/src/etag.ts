// Entity tags of documents: a strong ETag derived from the raw text (the document's version),
// and the If-Match / If-None-Match comparisons of RFC 9110.
import { createHash } from "node:crypto";
import type { DocView } from "@lens/core";

const cache = new WeakMap<DocView, string>();

/** Strong ETag of a raw text: a quoted, URL-safe SHA-256 prefix (128 bits). */
export function etagOfText(raw: string): string {
  return `"${createHash("sha256").update(raw, "utf8").digest("base64url").slice(0, 22)}"`;
}

/** ETag of a document view; views are immutable snapshots, so it is computed once per version. */
export function etagOf(view: DocView): string {
  let tag = cache.get(view);
  if (tag === undefined) {
    tag = etagOfText(view.raw);
    cache.set(view, tag);
  }
  return tag;
}

/** The entity tags of an If-Match / If-None-Match header, or "*" for any. */
function parseTags(header: string): string[] | "*" {
  if (header.trim() === "*") return "*";
  const tags: string[] = [];
  for (const m of header.matchAll(/(W\/)?"[^"]*"/g)) tags.push(m[0]);
  return tags;
}

/** If-None-Match uses the weak comparison: `W/"x"` matches `"x"`. */
export function ifNoneMatchHits(header: string, etag: string): boolean {
  const tags = parseTags(header);
  if (tags === "*") return true;
  const opaque = (t: string) => (t.startsWith("W/") ? t.slice(2) : t);
  return tags.some((t) => opaque(t) === opaque(etag));
}

/** If-Match uses the strong comparison: weak tags never match. */
export function ifMatchHits(header: string, etag: string): boolean {
  const tags = parseTags(header);
  if (tags === "*") return true;
  return tags.some((t) => !t.startsWith("W/") && t === etag);
}
