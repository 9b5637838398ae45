// Pending suggestions across documents: every suggestion awaiting review under a path the caller
// reaches, by path and then in document order.
import type { Reach } from "../access/reach.js";
import type { Role } from "../access/roles.js";
import type { Suggestion } from "../critic/suggestions.js";
import { type Outcome, success } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";
import { type AuthorKind, authorKind, writtenByLens } from "./authorKind.js";
import { type ChangeKind, changeKind } from "./changeKind.js";
import { isCreatedNote } from "./createdNote.js";
import { reviewTarget } from "./target.js";

/** Which suggestions a listing or a review covers. */
export interface SuggestionFilter {
  /** A document, folder or sub-folder; absent, empty or "." = every document in reach. */
  path?: string | undefined;
}

/** The role of the token named `name`, if one is (for telling assistants from people). */
export type TokenRoleOf = (name: string) => Role | undefined;

/** A pending suggestion and the document it is in. */
export interface PendingSuggestion extends Suggestion {
  path: string;
  /** An assistant's or a person's (see authorKind.ts); absent when no author is recorded. */
  by?: AuthorKind;
  /** What it does: edits, creates the note, rewrites a link after a move, or deletes. */
  change: ChangeKind;
}

/** The pending suggestions `filter` covers, by path, then in document order. */
export function pendingSuggestions(
  ws: Workspace,
  reach: Reach,
  filter: SuggestionFilter = {},
  roleOf: TokenRoleOf = () => undefined,
): Outcome<PendingSuggestion[]> {
  const target = reviewTarget(ws, filter.path, reach);
  if (!target.ok) return target;
  const out: PendingSuggestion[] = [];
  for (const loc of target.value.documents) {
    const view = ws.view(loc.docId);
    if (!view) continue;
    const created = isCreatedNote(view.suggestions, view.raw.length);
    for (const s of view.suggestions) {
      const change = changeKind(s, created);
      const by =
        s.author === undefined
          ? undefined
          : authorKind(s.author, roleOf(s.author), writtenByLens(view.raw, s));
      out.push(by ? { path: loc.path, ...s, by, change } : { path: loc.path, ...s, change });
    }
  }
  return success(out);
}
