// The suggestions one tool call wrote: the documents it changed are watched while it runs (it
// runs synchronously), then core's suggestionsWritten picks the caller's suggestions made in
// that time that the history does not hold yet. Recorded with the call's audit entry.
import { suggestionsWritten, type ToolResult, type WrittenSuggestion } from "@lens/core";
import type { Actor } from "../actor.js";
import type { ServiceContext } from "../context.js";

export function runWatchingWrites(
  ctx: ServiceContext,
  actor: Actor,
  run: () => ToolResult,
): { result: ToolResult; written: WrittenSuggestion[] } {
  const ws = ctx.workspace;
  const changed = new Set<string>();
  const stop = ws.on((e) => {
    if (e.type === "content") changed.add(e.docId);
  });
  const from = ws.now();
  let result: ToolResult;
  try {
    result = run();
  } finally {
    stop();
  }
  const author = actor.caller.author ?? ws.author;
  if (result.isError || author === undefined || changed.size === 0) return { result, written: [] };
  const written = suggestionsWritten(ws, changed, author, from, ws.now(), (doc, id) =>
    ctx.history.knows(doc, id),
  );
  return { result, written };
}
