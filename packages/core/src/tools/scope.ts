// The `path` scope of a search: every folder, one folder or sub-folder, or one document — and the
// loaded markdown documents it covers. Shared by grep and by adapters that list by scope.
import { EVERYWHERE, type Reach, reachesEntry } from "../access/reach.js";
import { PathError } from "../paths/normalize.js";
import type { Located } from "../paths/pathIndex.js";
import { clip } from "../text/clip.js";
import { withArticle } from "../text/english.js";
import type { Resolution, Workspace } from "../workspace/workspace.js";
import { resolveWithin } from "./document.js";
import { failure, type Outcome, success } from "./tool.js";

export type Scope =
  | { kind: "all" }
  | { kind: "directory"; path: string }
  | { kind: "document"; loc: Located };

/** Resolves a `path` argument (absent, empty or "." = everything) to a scope, or says why not. */
export function resolveScope(
  ws: Workspace,
  path: string | undefined,
  reach: Reach = EVERYWHERE,
): Outcome<Scope> {
  if (path === undefined || path.trim() === "" || path.trim() === ".")
    return success({ kind: "all" });
  let r: Resolution;
  try {
    r = resolveWithin(ws, path, reach);
  } catch (e) {
    if (e instanceof PathError) return failure("invalid_path", `Invalid path: ${e.message}.`);
    throw e;
  }
  switch (r.kind) {
    case "directory":
      return success({ kind: "directory", path: r.path });
    case "document":
      if (!r.loaded) {
        return failure(
          "not_loaded",
          `Content of ${r.loc.path} is not available: ${ws.unavailableReason(r.loc.docId) ?? "the document is listed in its folder but its content has not been loaded on this server"}. Search its folder instead.`,
        );
      }
      return success({ kind: "document", loc: r.loc });
    case "file":
      return failure(
        "not_a_document",
        `${r.loc.path} is ${withArticle(r.loc.meta.type)} file, not a markdown document; only markdown documents are searched. Give a folder or a .md document as path.`,
      );
    case "ambiguous":
      return failure(
        "ambiguous",
        `${clip(r.path)} matches several documents that differ only in case: ${r.candidates.join(", ")}. Give the exact path.`,
      );
    case "missing":
      return failure(
        "not_found",
        `Path does not exist: ${clip(r.path)}. Omit path to search everywhere, or use glob to find the right folder or document.`,
      );
  }
}

/** The loaded markdown documents a scope covers within `reach` (unordered). */
export function documentsInScope(
  ws: Workspace,
  scope: Scope,
  reach: Reach = EVERYWHERE,
): Located[] {
  if (scope.kind === "document") return [scope.loc];
  const prefix = scope.kind === "directory" ? `${scope.path}/` : "";
  const out: Located[] = [];
  for (const loc of ws.paths.entries()) {
    if (loc.meta.type !== "markdown" || !ws.hasContent(loc.docId)) continue;
    if (prefix && !loc.path.startsWith(prefix)) continue;
    if (!reach.all && !reachesEntry(ws, reach, loc)) continue;
    out.push(loc);
  }
  return out;
}
