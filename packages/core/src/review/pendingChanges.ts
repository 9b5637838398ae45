// The pending moves and deletions a review path covers, each with the link rewrites a move would
// make (previewed: accepting computes them again on the notes as they are then): what the review
// queue lists beside the pending suggestions.
import type { Reach } from "../access/reach.js";
import { reachesEntry } from "../access/reach.js";
import { changesIn, type LocatedChange, PENDING_ONLY } from "../changes/changes.js";
import { previewMoveRewrites } from "../links/rewrite.js";
import { type Outcome, success } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";
import { reviewTarget } from "./target.js";

export interface ListedChange extends LocatedChange {
  /** A move's link rewrites in notes in reach: the link as written now and as it would be. */
  rewrites: { path: string; link: string; text: string }[];
  /** A move's link rewrites in notes out of reach: counted, never shown. */
  hiddenRewrites: number;
}

/** The pending changes of the notes under `path` (every note in reach when absent), oldest first. */
export function pendingChanges(
  ws: Workspace,
  reach: Reach,
  path?: string,
): Outcome<ListedChange[]> {
  const target = reviewTarget(ws, path, reach);
  if (!target.ok) return target;
  const docIds = new Set(target.value.documents.map((d) => d.docId));
  const out: ListedChange[] = [];
  for (const c of changesIn(ws, reach, { statuses: PENDING_ONLY })) {
    if (!docIds.has(c.docId)) continue;
    const listed: ListedChange = { ...c, rewrites: [], hiddenRewrites: 0 };
    if (c.kind === "move" && c.to !== undefined) {
      for (const r of previewMoveRewrites(ws, c.docId, c.to)) {
        const at = ws.paths.pathOf(r.docId) ?? r.docId;
        if (reachesEntry(ws, reach, { path: at, docId: r.docId })) {
          listed.rewrites.push({ path: at, link: r.link, text: r.text });
        } else listed.hiddenRewrites++;
      }
    }
    listed.rewrites.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    out.push(listed);
  }
  return success(out);
}
