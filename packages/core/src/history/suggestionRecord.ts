// What the history of an assistant's suggestions keeps (SPEC §6 suggestions): a record of each
// suggestion a tool wrote, made when it was written, and what became of it — a review (accept,
// reject, with the reviewer's reply) or a withdrawal. The service keeps these durable in the
// audit trail; core joins them and the documents' current text into a status.
import { suggestionKey } from "../critic/suggestionId.js";
import type { Suggestion, SuggestionKind } from "../critic/suggestions.js";
import { clip } from "../text/clip.js";
import { detached } from "../text/detach.js";

export const SUGGESTION_STATUSES = [
  "pending",
  "accepted",
  "rejected",
  "withdrawn",
  "conflicted",
] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

/** Most characters of a reviewer's reply to a suggestion (accept / reject). */
export const MAX_REPLY_CHARS = 2000;

/** Characters of a suggestion's old and new text a record keeps (for the listing). */
export const RECORD_TEXT_CHARS = 200;

/** A suggestion as written: where, by whom, what it says. */
export interface WrittenSuggestion {
  /** Its id when written (ids follow the text around a suggestion: see suggestionId.ts). */
  id: string;
  /** Its document's id (kept across moves) and path when written. */
  doc: string;
  path: string;
  /** What it says without the text around it: joins a later review when the id changed. */
  key: string;
  kind: SuggestionKind;
  /** Old and new text, cut to RECORD_TEXT_CHARS. */
  oldText: string;
  newText: string;
  author?: string;
  /** Its metadata's time (ms). */
  time?: number;
  reason?: string;
}

/** What happened to a suggestion, as the audit trail records it. */
export interface SuggestionResolution {
  action: "accept" | "reject" | "withdraw";
  /** The id it was resolved by, in `doc` (or, for records without it, at `path`). */
  id: string;
  doc?: string;
  path?: string;
  key?: string;
  outcome: "applied" | "conflict";
  /** Who did it: the token's name. */
  who: string;
  /** When (ms). */
  at: number;
  /** The reviewer's reply. */
  reply?: string;
}

/** The record of suggestion `s` of document `doc` at `path`. */
export function writtenSuggestion(s: Suggestion, doc: string, path: string): WrittenSuggestion {
  const out: WrittenSuggestion = {
    id: s.id,
    doc,
    path,
    key: suggestionKey(s),
    kind: s.kind,
    // Kept for as long as the history keeps the record: not as views into this version's text.
    oldText: detached(clip(s.oldText, RECORD_TEXT_CHARS)),
    newText: detached(clip(s.newText, RECORD_TEXT_CHARS)),
  };
  if (s.author !== undefined) out.author = s.author;
  if (s.time !== undefined) out.time = s.time;
  if (s.reason !== undefined) out.reason = s.reason;
  return out;
}
