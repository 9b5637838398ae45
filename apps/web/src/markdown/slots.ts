// Where each pending suggestion sits in the raw text, and the text markdown-it is given: every
// suggestion (and CriticMarkup comment or highlight) replaced by a placeholder of private-use
// characters, so its text is never parsed as markdown; the renderer swaps the placeholders for
// the page's own elements. Positions come from core's parser, the one that made the ids the
// server lists, so a suggestion is placed by its id.
import { listSuggestions, parseCritic } from "@lens/core";
import type { Suggestion } from "../api/types.js";

export type Slot =
  | { kind: "suggestion"; suggestion: Suggestion }
  | { kind: "comment"; text: string }
  | { kind: "highlight"; text: string };

export interface SlottedText {
  /** The raw text with each slot's range replaced by `marker + index + marker`. */
  source: string;
  slots: Slot[];
  /** A private-use character that does not occur in the raw text. */
  marker: string;
  /** Listed suggestions not found in this text (it changed between the two reads). */
  missing: Suggestion[];
}

const PRIVATE_USE_FIRST = 0xe000;
const PRIVATE_USE_LAST = 0xf8ff;

/** The first private-use character absent from `text`. */
export function markerFor(text: string): string {
  for (let c = PRIVATE_USE_FIRST; c <= PRIVATE_USE_LAST; c++) {
    const ch = String.fromCharCode(c);
    if (!text.includes(ch)) return ch;
  }
  // 6400 distinct private-use characters in one note: fall back to a noncharacter.
  return "\uFDD0";
}

interface Range {
  start: number;
  end: number;
  slot: Slot;
}

/** Replaces `suggestions` (from GET /suggestions for this document) by placeholders in `raw`. */
export function slotText(raw: string, suggestions: readonly Suggestion[]): SlottedText {
  const listed = new Map(suggestions.map((s) => [s.id, s]));
  const ranges: Range[] = [];
  const found = new Set<string>();
  for (const s of listSuggestions(raw)) {
    const suggestion = listed.get(s.id);
    if (!suggestion) continue;
    found.add(s.id);
    ranges.push({ start: s.start, end: s.end, slot: { kind: "suggestion", suggestion } });
  }
  for (const m of parseCritic(raw)) {
    if (m.kind !== "comment" && m.kind !== "highlight") continue;
    if (ranges.some((r) => m.start < r.end && r.start < m.end)) continue;
    ranges.push({ start: m.start, end: m.end, slot: { kind: m.kind, text: m.text } });
  }
  ranges.sort((a, b) => a.start - b.start);
  const marker = markerFor(raw);
  const slots: Slot[] = [];
  let source = "";
  let at = 0;
  for (const r of ranges) {
    source += `${raw.slice(at, r.start)}${marker}${slots.length}${marker}`;
    slots.push(r.slot);
    at = r.end;
  }
  source += raw.slice(at);
  return { source, slots, marker, missing: suggestions.filter((s) => !found.has(s.id)) };
}

/** A text split at its placeholders: strings, and slot indexes. */
export function splitSlots(text: string, marker: string): (string | number)[] {
  const out: (string | number)[] = [];
  const re = new RegExp(`${marker}(\\d+)${marker}`, "g");
  let at = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    out.push(Number(m[1]));
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/** A text with its placeholders removed (for attributes, where no element can go). */
export function stripSlots(text: string, marker: string): string {
  return text.replace(new RegExp(`${marker}\\d+${marker}`, "g"), "");
}

/** A link address with its placeholders removed, also where markdown-it percent-encoded them. */
export function stripSlotsInUrl(url: string, marker: string): string {
  const encoded = encodeURIComponent(marker);
  return stripSlots(url, marker).replace(new RegExp(`${encoded}\\d+${encoded}`, "gi"), "");
}
