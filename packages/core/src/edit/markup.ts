// The CriticMarkup Lens writes for one span: `{--base--}{++new++}` (metadata in both marks),
// `{++new++}` where the base is empty, or plain text where a pending suggestion is withdrawn;
// a suggestion's reason follows it as `{>>META reason<<}` (critic/reason.ts).
import { EMPTY_META, looksLikeMeta } from "../critic/meta.js";
import type { Span } from "./plan.js";

/** A span's new raw text: `prefix + base + suffix` when `wrapsBase`, else just `text`. */
export type SpanMarkup =
  | { wrapsBase: true; prefix: string; suffix: string }
  | { wrapsBase: false; text: string };

/** Content placed right after an opening delimiter must not read as metadata. */
function guard(content: string, meta: string): string {
  return meta === "" && looksLikeMeta(content) ? EMPTY_META + content : content;
}

/**
 * The reason comment written after a suggestion: with the suggestion's metadata, or an empty
 * one when it has none, so that it attaches to it (critic/reason.ts); "" without a reason.
 */
export function reasonMarkup(reason: string | undefined, meta: string): string {
  return reason === undefined ? "" : `{>>${meta || EMPTY_META}${reason}<<}`;
}

/**
 * What replaces the span's raw text, given the metadata prefix ("" for none) and the edit's
 * reason. Without one, a suggestion merged from the author's own keeps their reasons.
 */
export function spanMarkup(span: Span, meta: string, reason?: string): SpanMarkup {
  if (span.base === span.ai) return { wrapsBase: false, text: span.ai };
  const why = reasonMarkup(reason ?? span.reasons?.join(" "), meta);
  const insert = `{++${meta}${guard(span.ai, meta)}++}${why}`;
  if (span.base === "") return { wrapsBase: false, text: span.ai === "" ? "" : insert };
  const guarded = guard(span.base, meta);
  return {
    wrapsBase: true,
    prefix: `{--${meta}${guarded.slice(0, guarded.length - span.base.length)}`,
    suffix: `--}${insert}`,
  };
}

export function markupText(span: Span, m: SpanMarkup): string {
  return m.wrapsBase ? m.prefix + span.base + m.suffix : m.text;
}

/** The raw text with every span rewritten (spans sorted and disjoint). */
export function rewriteRaw(
  raw: string,
  spans: readonly Span[],
  markups: readonly SpanMarkup[],
): string {
  const out: string[] = [];
  let at = 0;
  spans.forEach((span, i) => {
    out.push(raw.slice(at, span.rawStart), markupText(span, markups[i]!));
    at = span.rawEnd;
  });
  out.push(raw.slice(at));
  return out.join("");
}
