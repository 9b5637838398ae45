// Pending suggestions across documents: every suggestion awaiting review under a path the caller
// reaches, by path and then in document order.
import type { Reach } from "../access/reach.js";
import type { Suggestion } from "../critic/suggestions.js";
import { type Outcome, success } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";
import { reviewTarget } from "./target.js";

/** Which suggestions a listing or a review covers. */
export interface SuggestionFilter {
  /** A document, folder or sub-folder; absent, empty or "." = every document in reach. */
  path?: string | undefined;
}

/** A pending suggestion and the document it is in. */
export interface PendingSuggestion extends Suggestion {
  path: string;
}

/** The pending suggestions `filter` covers, by path, then in document order. */
export function pendingSuggestions(
  ws: Workspace,
  reach: Reach,
  filter: SuggestionFilter = {},
): Outcome<PendingSuggestion[]> {
  const target = reviewTarget(ws, filter.path, reach);
  if (!target.ok) return target;
  const out: PendingSuggestion[] = [];
  for (const loc of target.value.documents) {
    const view = ws.view(loc.docId);
    if (!view) continue;
    for (const s of view.suggestions) out.push({ path: loc.path, ...s });
  }
  return success(out);
}
