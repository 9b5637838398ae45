// The suggestions one tool call wrote, and those of the caller's it took back: the documents it
// changed are watched while it runs (it runs synchronously); core's suggestionsWritten picks
// the caller's suggestions made in that time that the history does not hold yet, and the
// caller's pending ones those documents no longer hold were edited over — merged into a new
// suggestion, or the text restored — by their own author: withdrawn. Recorded with the call's
// audit entry.
import { suggestionsWritten, type ToolResult, type WrittenSuggestion } from "@lens/core";
import type { Actor } from "../actor.js";
import type { ServiceContext } from "../context.js";

export function runWatchingWrites(
  ctx: ServiceContext,
  actor: Actor,
  run: () => ToolResult,
): { result: ToolResult; written: WrittenSuggestion[]; withdrawn: WrittenSuggestion[] } {
  const ws = ctx.workspace;
  const author = actor.caller.author ?? ws.author;
  const before = author === undefined ? [] : ctx.history.pendingOf(ws, author);
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
  if (result.isError || author === undefined || changed.size === 0)
    return { result, written: [], withdrawn: [] };
  const withdrawn = ctx.history.goneOf(
    ws,
    before.filter((w) => changed.has(w.doc)),
  );
  const written = suggestionsWritten(ws, changed, author, from, ws.now(), (doc, id) =>
    ctx.history.knows(doc, id),
  );
  return { result, written, withdrawn };
}
