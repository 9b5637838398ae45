// Suggestion metadata: the `{"author":…,"time":…}@@` prefix that lens-editor and the
// Commentator plugin put right after a mark's opening delimiter — reading and writing it.

export interface CriticMeta {
  author?: string;
  time?: number | string;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const AT = 0x40;

/**
 * End (exclusive) of the JSON object starting at `from`, found by matching braces outside
 * strings, or -1 if it does not close before `limit`.
 */
function jsonObjectEnd(s: string, from: number, limit: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < limit; i++) {
    const c = s.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE) depth++;
    else if (c === CLOSE_BRACE && --depth === 0) return i + 1;
  }
  return -1;
}

/** Metadata read from a mark, and where its content starts (after the `@@`). */
export interface MetaPrefix {
  meta: CriticMeta;
  end: number;
}

/**
 * Reads a metadata prefix at `from` (a JSON object followed by `@@`, all before `limit`).
 * Anything that is not a valid JSON object followed by `@@` is not metadata.
 */
export function readMeta(s: string, from: number, limit: number): MetaPrefix | undefined {
  if (s.charCodeAt(from) !== OPEN_BRACE) return undefined;
  const objEnd = jsonObjectEnd(s, from, limit);
  if (objEnd === -1 || objEnd + 2 > limit) return undefined;
  if (s.charCodeAt(objEnd) !== AT || s.charCodeAt(objEnd + 1) !== AT) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(s.slice(from, objEnd));
  } catch {
    return undefined;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const obj = value as Record<string, unknown>;
  const meta: CriticMeta = {};
  if (typeof obj.author === "string") meta.author = obj.author;
  if (typeof obj.time === "number" || typeof obj.time === "string") meta.time = obj.time;
  return { meta, end: objEnd + 2 };
}

/** Characters that could form a CriticMarkup delimiter, escaped inside JSON strings. */
const DELIMITER_CHARS = /[{}+\-~<>=@]/g;

function jsonString(value: string): string {
  return JSON.stringify(value).replace(
    DELIMITER_CHARS,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * The metadata prefix Lens writes: `{"author":"…","time":1700000000000}@@`. Characters that
 * could read as a CriticMarkup delimiter are `\u`-escaped in the author, so a name can never
 * close the mark it sits in.
 */
export function formatMeta(author: string, time: number): string {
  const t = Number.isFinite(time) ? `,"time":${Math.round(time)}` : "";
  return `{"author":${jsonString(author)}${t}}@@`;
}

/** An empty metadata prefix, written before content that would otherwise read as metadata. */
export const EMPTY_META = "{}@@";

/** True when `content`, placed at the start of a mark without metadata, would read as metadata. */
export function looksLikeMeta(content: string): boolean {
  return readMeta(content, 0, content.length) !== undefined;
}
