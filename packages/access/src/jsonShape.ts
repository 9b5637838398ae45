// The shape of a JSON body, checked before it is parsed: how deep it nests and how many values
// it holds. JSON.parse takes time in the number of values, not bytes (a megabyte of `[[[…` or
// of `{},{},…` holds the event loop for hundreds of milliseconds, a megabyte of string a few),
// so every door that parses a client's JSON asks this first. One pass over the text, counting
// brackets and commas outside strings, in slices that yield to the event loop between them,
// so checking an 8 MB body never holds the loop either; nothing is built.
import { setImmediate as nextTurn } from "node:timers/promises";

/** Deepest nesting of arrays and objects a body may have. */
export const MAX_JSON_DEPTH = 64;

/** Most values (array elements and object members, counted by commas and brackets) a body may hold. */
export const MAX_JSON_VALUES = 20_000;

/** Characters checked between two yields to the event loop (a few milliseconds of work). */
export const JSON_SCAN_SLICE = 128 * 1024;

export interface JsonShapeOptions {
  maxDepth?: number;
  maxValues?: number;
  /** Characters per slice (default JSON_SCAN_SLICE). */
  slice?: number;
  /** Waits between two slices (default: the next turn of the event loop). */
  pause?: () => Promise<unknown>;
}

export interface JsonShapeProblem {
  kind: "depth" | "values";
  /** A sentence for the client: what was too much, and the bound. */
  message: string;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Walks a JSON text slice by slice, keeping where it is (depth, values, inside a string or an
 * escape) between slices. Malformed JSON passes unless its valid prefix breaks a bound: the
 * parser stops at the first error, so it never does more work than that prefix.
 */
export class JsonShapeScanner {
  private depth = 0;
  private values = 0;
  private inString = false;
  private escaped = false;
  /** Where the next quote and backslash are, from the last search (Infinity: none left). */
  private nextQuote = -1;
  private nextBackslash = -1;

  constructor(
    private readonly maxDepth = MAX_JSON_DEPTH,
    private readonly maxValues = MAX_JSON_VALUES,
  ) {}

  /** Scans `text[from, to)`, the next piece of the body; the first bound broken, if any. */
  scan(text: string, from: number, to: number): JsonShapeProblem | undefined {
    let { depth, values, inString, escaped } = this;
    let problem: JsonShapeProblem | undefined;
    for (let i = from; i < to; i++) {
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        // Jump to the string's next quote or backslash: native searches, each made once per
        // quote or backslash found (kept until passed), so the whole text is searched once.
        if (this.nextQuote < i) this.nextQuote = found(text.indexOf('"', i));
        if (this.nextBackslash < i) this.nextBackslash = found(text.indexOf("\\", i));
        const stop = Math.min(this.nextQuote, this.nextBackslash);
        if (stop >= to) break;
        i = stop;
        if (stop === this.nextQuote) inString = false;
        else escaped = true;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === QUOTE) inString = true;
      else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (++depth > this.maxDepth) {
          problem = {
            kind: "depth",
            message: `the JSON nests deeper than ${this.maxDepth} levels of arrays and objects`,
          };
          break;
        }
        if (++values > this.maxValues) {
          problem = this.tooManyValues();
          break;
        }
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
      else if (c === COMMA && ++values > this.maxValues) {
        problem = this.tooManyValues();
        break;
      }
    }
    this.depth = depth;
    this.values = values;
    this.inString = inString;
    this.escaped = escaped;
    return problem;
  }

  private tooManyValues(): JsonShapeProblem {
    return {
      kind: "values",
      message: `the JSON holds more than ${this.maxValues} values (array elements and object members)`,
    };
  }
}

/** An index from indexOf, with "none" as +Infinity. */
function found(index: number): number {
  return index === -1 ? Number.POSITIVE_INFINITY : index;
}

/**
 * Why `text` nests too deep or holds too many values to parse, or undefined when it may be
 * parsed. A text longer than one slice is checked over several turns of the event loop.
 */
export async function jsonShapeProblem(
  text: string,
  options: JsonShapeOptions = {},
): Promise<JsonShapeProblem | undefined> {
  const scanner = new JsonShapeScanner(options.maxDepth, options.maxValues);
  const slice = Math.max(1, options.slice ?? JSON_SCAN_SLICE);
  const pause = options.pause ?? (() => nextTurn());
  for (let from = 0; from < text.length; from += slice) {
    if (from > 0) await pause();
    const problem = scanner.scan(text, from, Math.min(text.length, from + slice));
    if (problem) return problem;
  }
  return undefined;
}
