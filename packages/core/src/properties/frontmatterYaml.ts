// A note's properties: its YAML frontmatter parsed with `yaml` (core schema, as Obsidian reads
// it: dates stay text), bounded so hostile YAML (alias bombs, huge or deeply nested blocks)
// costs little, and tolerant: what cannot be read is left out with a note, never a failure.
import { parseDocument } from "yaml";
import { findFrontmatter } from "../links/frontmatter.js";

/** A JSON value: what a property holds once parsed. */
export type PropertyValue =
  | string
  | number
  | boolean
  | null
  | PropertyValue[]
  | { [key: string]: PropertyValue };

export type Properties = Record<string, PropertyValue>;

/**
 * Characters of frontmatter parsed at most; a longer block is left out with a note. Real
 * frontmatter is a few hundred characters; `yaml` reads about 100-300 KB/s here (a small block
 * costs ~0.3 ms), so the bound keeps one note's worst case to tens of milliseconds.
 */
export const MAX_FRONTMATTER_CHARS = 8 * 1024;
/** Aliases one frontmatter may expand (the `yaml` default, said here: billion laughs). */
const MAX_ALIASES = 100;
/** Nesting kept at most: a property deeper than this is left out with a note. */
const MAX_DEPTH = 16;

export interface ParsedFrontmatter {
  /** The properties, when the note has frontmatter that parses as a mapping. */
  properties?: Properties;
  /** Why frontmatter that is there was left out. */
  problem?: string;
}

/** The properties of a note's text (its AI view). */
export function parseFrontmatter(text: string): ParsedFrontmatter {
  const fm = findFrontmatter(text);
  if (!fm) return {};
  if (fm.end - fm.start > MAX_FRONTMATTER_CHARS) {
    return { problem: `its frontmatter is over ${MAX_FRONTMATTER_CHARS} characters` };
  }
  const yaml = text.slice(fm.start, fm.end);
  if (yaml.trim() === "") return { properties: {} };
  // Deep nesting costs the parser dearly before it gives up (a stack overflow it catches):
  // refused by a linear look first.
  if (nestingDepth(yaml) > MAX_DEPTH) {
    return { problem: `its frontmatter nests deeper than ${MAX_DEPTH} levels` };
  }
  let value: unknown;
  try {
    const doc = parseDocument(yaml, {
      schema: "core",
      merge: false,
      uniqueKeys: false,
      prettyErrors: false,
      // Warnings go nowhere: core writes to no console or process.
      logLevel: "silent",
    });
    const error = doc.errors[0];
    if (error)
      return { problem: `its frontmatter is not valid YAML (${firstLine(error.message)})` };
    value = doc.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (e) {
    // Too many aliases, or nesting deep enough to exhaust the stack.
    return { problem: `its frontmatter could not be read as YAML (${firstLine(String(e))})` };
  }
  if (value === null || value === undefined) return { properties: {} };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { problem: "its frontmatter is not a list of `key: value` properties" };
  }
  const properties = toJson(value, 0);
  if (properties === undefined) {
    return { problem: `its frontmatter nests deeper than ${MAX_DEPTH} levels` };
  }
  return { properties: properties as Properties };
}

/** `value` as JSON (non-finite numbers as text, other values as text); undefined when too deep. */
function toJson(value: unknown, depth: number): PropertyValue | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    const out: PropertyValue[] = [];
    for (const v of value) {
      const j = toJson(v, depth + 1);
      if (j === undefined) return undefined;
      out.push(j);
    }
    return out;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    const entries: [string, PropertyValue][] = [];
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const j = toJson(v, depth + 1);
      if (j === undefined) return undefined;
      entries.push([k, j]);
    }
    // fromEntries defines own properties: a `__proto__` key stays a key.
    return Object.fromEntries(entries);
  }
  return String(value);
}

/**
 * A linear estimate of how deep `yaml` nests: open flow brackets (`[`, `{`) outside quotes, plus
 * the block indicators on the current line (`- `, `? `, `: `), each of which opens a level there.
 * Block nesting by indentation alone needs a line per level, so it stays shallow in the bound.
 */
function nestingDepth(yaml: string): number {
  let max = 0;
  let flow = 0;
  let onLine = 0;
  let quote = 0;
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml.charCodeAt(i);
    if (quote !== 0) {
      if (c === 0x5c && quote === 0x22) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    const next = yaml.charCodeAt(i + 1);
    const spaced = Number.isNaN(next) || next === 0x20 || next === 0x09 || next === 0x0a;
    if (c === 0x0a) onLine = 0;
    else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x5b || c === 0x7b) flow++;
    else if (c === 0x5d || c === 0x7d) flow = Math.max(0, flow - 1);
    else if ((c === 0x2d || c === 0x3f || c === 0x3a) && spaced) onLine++;
    else if (c === 0x23 && (i === 0 || yaml.charCodeAt(i - 1) <= 0x20)) {
      const nl = yaml.indexOf("\n", i);
      i = (nl === -1 ? yaml.length : nl) - 1; // a comment runs to the line's end
    }
    max = Math.max(max, flow + onLine);
  }
  return max;
}

function firstLine(s: string): string {
  const line = s.split("\n")[0] ?? s;
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
