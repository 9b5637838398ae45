// Compares one tool result with its expectation and lists every way they differ.
import type { Expectation } from "./schema.js";

/** What an adapter got back from one call. */
export interface CallOutcome {
  text: string;
  isError: boolean;
  /** Set when the call was refused as malformed (protocol / validation error). */
  protocolError?: boolean;
}

/** One check that failed: which one, and what was expected vs what came back. */
export interface Mismatch {
  check: keyof Expectation;
  expected: string;
  actual: string;
}

const list = (v: string | string[] | undefined): string[] => (v === undefined ? [] : [v].flat());

/** Splits on `\n` (a `\r` before it is dropped, so CRLF answers compare line by line). */
function lines(text: string): string[] {
  if (text === "") return [];
  return text.replace(/\r?\n$/, "").split(/\r?\n/);
}

export function checkOutcome(outcome: CallOutcome, expect: Expectation): Mismatch[] {
  const out: Mismatch[] = [];
  const protocol = outcome.protocolError === true;
  if ((expect.protocolError ?? false) !== protocol) {
    out.push({
      check: "protocolError",
      expected: expect.protocolError ? "a protocol error (malformed call)" : "a tool result",
      actual: protocol ? `protocol error: ${outcome.text}` : "a tool result",
    });
    return out;
  }
  if (protocol) return out;
  if ((expect.isError ?? false) !== outcome.isError) {
    out.push({
      check: "isError",
      expected: String(expect.isError ?? false),
      actual: String(outcome.isError),
    });
  }
  if (expect.text !== undefined && outcome.text !== expect.text) {
    out.push({ check: "text", expected: expect.text, actual: outcome.text });
  }
  for (const s of list(expect.contains)) {
    if (!outcome.text.includes(s))
      out.push({ check: "contains", expected: s, actual: outcome.text });
  }
  for (const s of list(expect.notContains)) {
    if (outcome.text.includes(s))
      out.push({ check: "notContains", expected: s, actual: outcome.text });
  }
  for (const source of list(expect.matches)) {
    if (!new RegExp(source, "m").test(outcome.text)) {
      out.push({ check: "matches", expected: `/${source}/m`, actual: outcome.text });
    }
  }
  if (expect.unorderedLines !== undefined) {
    const want = [...expect.unorderedLines].sort();
    const got = lines(outcome.text).sort();
    if (want.length !== got.length || want.some((l, i) => l !== got[i])) {
      out.push({ check: "unorderedLines", expected: want.join("\n"), actual: got.join("\n") });
    }
  }
  if (expect.lineCount !== undefined) {
    const n = lines(outcome.text).length;
    if (n !== expect.lineCount) {
      out.push({ check: "lineCount", expected: String(expect.lineCount), actual: String(n) });
    }
  }
  return out;
}
