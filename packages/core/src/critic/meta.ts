// Suggestion metadata: the `{"author":…,…}@@` prefix put right after a mark's opening
// delimiter — reading every form writers use, and writing one they all read (SPEC §4).
//
// Writers differ on the time: the Obsidian Commentator plugin writes `time` in seconds;
// lens-relay's server and editor read and write `timestamp` in milliseconds; Lens before
// 0.2 wrote `time` in milliseconds. Lens writes both keys (`time` in seconds, `timestamp` in
// milliseconds) and reads any of them as milliseconds.

export interface CriticMeta {
  author?: string;
  /** When the mark was made, in ms since the epoch, whatever form it was written in. */
  time?: number;
  /** The changeset its author put it in (reviewed with the rest of it). */
  changeset?: string;
}

/** Below this, a `time` is in seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_BELOW = 1e11;

/**
 * The time of a metadata object in ms: `timestamp` (ms) first, then `time` (s or ms), then
 * Commentator's short key `t` (as `time`).
 */
function metaTime(obj: Record<string, unknown>): number | undefined {
  const ms = asNumber(obj.timestamp);
  if (ms !== undefined) return ms;
  for (const value of [obj.time, obj.t]) {
    const t = asNumber(value);
    if (t !== undefined) return t < SECONDS_BELOW ? t * 1000 : t;
    if (typeof value === "string") {
      const parsed = Date.parse(value);
      if (Number.isFinite(parsed)) return parsed;
    }
  }
  return undefined;
}

/** A finite number, or a string holding only one. */
function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
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
  // Commentator may write short keys (`a` author, `t` time); the long ones win.
  if (typeof obj.author === "string") meta.author = obj.author;
  else if (typeof obj.a === "string") meta.author = obj.a;
  const time = metaTime(obj);
  if (time !== undefined) meta.time = time;
  if (typeof obj.changeset === "string") meta.changeset = obj.changeset;
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
 * The metadata prefix Lens writes, for a time in ms:
 * `{"author":"…","time":1700000000,"timestamp":1700000000000}@@` — `time` in seconds for the
 * Commentator plugin, `timestamp` in ms for lens-relay. Characters that could read as a
 * CriticMarkup delimiter are `\u`-escaped in the author, so a name can never close the mark
 * it sits in. A `changeset` comes last: `,"changeset":"…"` (other writers ignore the key).
 */
export function formatMeta(author: string, time: number, changeset?: string): string {
  const t = Number.isFinite(time)
    ? `,"time":${Math.floor(time / 1000)},"timestamp":${Math.round(time)}`
    : "";
  const c = changeset === undefined ? "" : `,"changeset":${jsonString(changeset)}`;
  return `{"author":${jsonString(author)}${t}${c}}@@`;
}

/** An empty metadata prefix, written before content that would otherwise read as metadata. */
export const EMPTY_META = "{}@@";

/** True when `content`, placed at the start of a mark without metadata, would read as metadata. */
export function looksLikeMeta(content: string): boolean {
  return readMeta(content, 0, content.length) !== undefined;
}
