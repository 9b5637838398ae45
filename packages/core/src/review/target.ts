// What a review's `path` names: the loaded markdown documents it covers within the caller's
// reach — every document, a folder's, or one — by path; or the error that says why it names none.
import type { Reach } from "../access/reach.js";
import type { Located } from "../paths/pathIndex.js";
import { lookupDocument } from "../tools/document.js";
import { documentsInScope, resolveScope } from "../tools/scope.js";
import { type Outcome, success } from "../tools/tool.js";
import type { Workspace } from "../workspace/workspace.js";

export interface ReviewTarget {
  /** `document` when `path` names one document; suggestion ids and preconditions need one. */
  kind: "all" | "directory" | "document";
  /** Loaded markdown documents covered, sorted by path. */
  documents: Located[];
}

/** Resolves `path` (absent, empty or "." = every document in reach) to what it covers. */
export function reviewTarget(
  ws: Workspace,
  path: string | undefined,
  reach: Reach,
): Outcome<ReviewTarget> {
  const scope = resolveScope(ws, path, reach);
  if (!scope.ok) {
    // A path that names no scope names no document either; the document lookup's message says
    // why in a reviewer's words (and names the candidates of an ambiguous path).
    const doc = lookupDocument(ws, path ?? "", reach);
    return doc.ok ? scope : doc;
  }
  if (scope.value.kind === "document") {
    const doc = lookupDocument(ws, scope.value.loc.path, reach);
    if (!doc.ok) return doc;
    return success({ kind: "document", documents: [doc.value.loc] });
  }
  const documents = documentsInScope(ws, scope.value, reach).sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  return success({ kind: scope.value.kind, documents });
}
