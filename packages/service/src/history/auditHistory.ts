// The history of suggestions as the audit trail holds it: a tool's write lists the suggestions
// it wrote (`detail.suggestions`); each accept, reject and withdrawal names the suggestion's id,
// its document and what it said (`detail.doc`, `detail.key`) and the reviewer's reply. The same
// reading serves the entries loaded at start and those recorded since, so the history after a
// restart is the history before it.
import type { SuggestionHistory, SuggestionResolution, WrittenSuggestion } from "@lens/core";
import type { AuditRecord } from "../ports.js";

const RESOLUTIONS: Record<string, SuggestionResolution["action"]> = {
  "suggestion.accept": "accept",
  "suggestion.reject": "reject",
  "suggestion.withdraw": "withdraw",
};

/** Puts what one audit entry says about suggestions into `history` (`at`: its time, ms). */
export function noteInHistory(history: SuggestionHistory, entry: AuditRecord, at: number): void {
  const detail = entry.detail ?? {};
  const written = detail.suggestions;
  if (Array.isArray(written)) {
    for (const w of written) if (isWritten(w)) history.written(w, at);
    return;
  }
  const action = RESOLUTIONS[entry.action];
  if (action === undefined || entry.suggestion === undefined) return;
  if (entry.outcome !== "applied" && entry.outcome !== "conflict") return;
  const r: SuggestionResolution = {
    action,
    id: entry.suggestion,
    outcome: entry.outcome,
    who: entry.who,
    at,
  };
  if (typeof detail.doc === "string") r.doc = detail.doc;
  if (typeof detail.key === "string") r.key = detail.key;
  if (entry.path !== undefined) r.path = entry.path;
  if (typeof detail.reply === "string") r.reply = detail.reply;
  history.resolved(r);
}

/** Replays the audit trail's suggestion entries, oldest first; unreadable ones are skipped. */
export function loadHistory(
  history: SuggestionHistory,
  entries: Iterable<AuditRecord & { time: string }>,
): void {
  for (const entry of entries) {
    const at = Date.parse(entry.time);
    if (Number.isFinite(at)) noteInHistory(history, entry, at);
  }
}

function isWritten(w: unknown): w is WrittenSuggestion {
  if (w === null || typeof w !== "object") return false;
  const o = w as Record<string, unknown>;
  return (
    typeof o.id === "string" &&
    typeof o.doc === "string" &&
    typeof o.path === "string" &&
    typeof o.key === "string" &&
    typeof o.kind === "string" &&
    typeof o.oldText === "string" &&
    typeof o.newText === "string"
  );
}
