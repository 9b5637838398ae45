// The audit entries of a successful write: `tool.<name>` listing the suggestions it made and
// those of its author's it edited over (`detail.suggestions`, `detail.withdrawn`), or, for
// withdraw, one `suggestion.withdraw` per suggestion taken back (or left as a conflict).
import { type Tool, type ToolResult, type WrittenSuggestion, withdrawTool } from "@lens/core";
import type { Actor } from "../actor.js";
import type { AuditRecord } from "../ports.js";

export function writeRecords(
  actor: Actor,
  tool: Tool,
  path: string | undefined,
  result: ToolResult,
  written: readonly WrittenSuggestion[],
  withdrawn: readonly WrittenSuggestion[],
): AuditRecord[] {
  if (tool === withdrawTool) return withdrawals(actor, result);
  // A suggested move or deletion: its change id (the folder doc holds the change itself).
  const pending = (result.data as { pending?: unknown } | undefined)?.pending;
  const detail =
    written.length || withdrawn.length || typeof pending === "string"
      ? {
          ...(typeof pending === "string" ? { change: pending } : {}),
          suggestions: written,
          ...(withdrawn.length
            ? { withdrawn: withdrawn.map(({ id, doc, key }) => ({ id, doc, key })) }
            : {}),
        }
      : undefined;
  return [
    {
      who: actor.who,
      role: actor.caller.role,
      action: `tool.${tool.name}`,
      ...(path === undefined ? {} : { path }),
      outcome: "ok",
      ...(detail ? { detail } : {}),
    },
  ];
}

/** One `suggestion.withdraw` entry per suggestion a withdraw took back or left as a conflict. */
function withdrawals(actor: Actor, result: ToolResult): AuditRecord[] {
  type Item = { id: string; path: string; docId: string; key: string };
  const data = result.data as {
    withdrawn: Item[];
    conflicts: Item[];
    changes?: { id: string; kind: string; path: string }[];
  };
  const entry = (w: Item, outcome: string): AuditRecord => ({
    who: actor.who,
    role: actor.caller.role,
    action: "suggestion.withdraw",
    path: w.path,
    suggestion: w.id,
    outcome,
    detail: { doc: w.docId, key: w.key },
  });
  return [
    ...data.withdrawn.map((w) => entry(w, "applied")),
    ...data.conflicts.map((w) => entry(w, "conflict")),
    ...(data.changes ?? []).map(
      (c): AuditRecord => ({
        who: actor.who,
        role: actor.caller.role,
        action: "suggestion.withdraw",
        path: c.path,
        suggestion: c.id,
        outcome: "applied",
        detail: { change: c.kind },
      }),
    ),
  ];
}
