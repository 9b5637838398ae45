// The history of suggestions as the audit trail holds it: a tool's write lists the suggestions
// it wrote (`detail.suggestions`) and those of its author's it edited over (`detail.withdrawn`); each accept, reject and withdrawal names the suggestion's id,
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
    // A write by their author took these back (edited over them) before making its own.
    const taken = Array.isArray(detail.withdrawn) ? detail.withdrawn : [];
    for (const t of taken) {
      const { id, doc, key } = (t ?? {}) as Record<string, unknown>;
      if (typeof id !== "string" || typeof doc !== "string") continue;
      history.resolved({
        action: "withdraw",
        id,
        doc,
        ...(typeof key === "string" ? { key } : {}),
        outcome: "applied",
        who: entry.who,
        at,
      });
    }
    for (const w of written) if (isWritten(w)) history.written(w, at);
    return;
  }
  const action = RESOLUTIONS[entry.action];
  if (action === undefined || entry.suggestion === undefined) return;
  // A move's or deletion's review: its status is in its folder's record (core's changes/).
  if (typeof detail.change === "string") return;
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
