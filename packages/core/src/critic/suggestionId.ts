// Suggestion ids: a hash of what a suggestion says (kind, old and new text, author, time) and of
// the AI-view text around it on its line, plus an occurrence counter for exact look-alikes.

/** 53-bit hash (cyrb53) of strings joined by NUL, rendered in base 36. */
export function hash53(parts: readonly string[]): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let p = 0; p < parts.length; p++) {
    const s = parts[p]!;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? s.charCodeAt(i) : 0;
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, "0");
}

/**
 * A key of what a suggestion says (kind, old and new text, author, time), without the text
 * around it: unlike its id, it stays the same while its neighbours change. Look-alikes share it.
 */
export function suggestionKey(sig: SuggestionSignature): string {
  const time = sig.time === undefined ? "" : `${typeof sig.time}:${sig.time}`;
  return hash53([sig.kind, sig.oldText, sig.newText, sig.author ?? "", time]);
}

/** What a suggestion says. */
export interface SuggestionSignature {
  kind: string;
  oldText: string;
  newText: string;
  author?: string;
  time?: number | string;
}

/** AI-view text just before and just after a suggestion on its line (see CONTEXT_CHARS). */
export interface SuggestionContext {
  before: string;
  after: string;
}

/** How much of its line around a suggestion goes into its id, on each side. */
export const CONTEXT_CHARS = 48;

/** Hands out ids for the suggestions of one document, in document order. */
export class SuggestionIds {
  private readonly seen = new Map<string, number>();

  /** `<hash>-<n>`: n counts earlier suggestions of the document with the same hash. */
  next(sig: SuggestionSignature, context: SuggestionContext): string {
    const time = sig.time === undefined ? "" : `${typeof sig.time}:${sig.time}`;
    const fields = [
      sig.kind,
      sig.oldText,
      sig.newText,
      sig.author ?? "",
      time,
      context.before,
      context.after,
    ];
    const key = hash53(fields);
    const n = this.seen.get(key) ?? 0;
    this.seen.set(key, n + 1);
    return `${key}-${n}`;
  }
}
