// Which suggestions a tool call wrote: in the documents it changed, those by its author made
// between the call's start and end (their metadata's time) that the history does not hold yet.
import type { Workspace } from "../workspace/workspace.js";
import { type WrittenSuggestion, writtenSuggestion } from "./suggestionRecord.js";

export function suggestionsWritten(
  ws: Workspace,
  docs: Iterable<string>,
  author: string,
  from: number,
  to: number,
  known: (doc: string, id: string) => boolean,
): WrittenSuggestion[] {
  const out: WrittenSuggestion[] = [];
  for (const doc of docs) {
    const path = ws.paths.pathOf(doc);
    const view = ws.view(doc);
    if (path === undefined || !view) continue;
    for (const s of view.suggestions) {
      if (s.author !== author || s.time === undefined) continue;
      if (s.time < Math.floor(from) || s.time > Math.ceil(to) || known(doc, s.id)) continue;
      out.push(writtenSuggestion(s, doc, path));
    }
  }
  return out;
}
