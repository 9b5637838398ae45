// The `path` scope of a search: every folder, one folder or sub-folder, or one document — and the
// loaded markdown documents it covers. Shared by grep and by adapters that list by scope.
import { EVERYWHERE, type Reach, reachesEntry } from "../access/reach.js";
import { PathError } from "../paths/normalize.js";
import type { Located } from "../paths/pathIndex.js";
import { clip } from "../text/clip.js";
import { withArticle } from "../text/english.js";
import type { Resolution, Workspace } from "../workspace/workspace.js";
import { resolveWithin } from "./document.js";
import type { ToolErrorCode } from "./tool.js";

export type Scope =
  | { kind: "all" }
  | { kind: "directory"; path: string }
  | { kind: "document"; loc: Located };

/** Resolves a `path` argument (absent, empty or "." = everything) to a scope, or says why not. */
export function resolveScope(
  ws: Workspace,
  path: string | undefined,
  reach: Reach = EVERYWHERE,
): Scope | { error: string; code: ToolErrorCode } {
  if (path === undefined || path.trim() === "" || path.trim() === ".") return { kind: "all" };
  let r: Resolution;
  try {
    r = resolveWithin(ws, path, reach);
  } catch (e) {
    if (e instanceof PathError)
      return { code: "invalid_path", error: `Invalid path: ${e.message}.` };
    throw e;
  }
  switch (r.kind) {
    case "directory":
      return { kind: "directory", path: r.path };
    case "document":
      if (!r.loaded) {
        return {
          code: "not_loaded",
          error: `Content of ${r.loc.path} is not available: ${ws.unavailableReason(r.loc.docId) ?? "the document is listed in its folder but its content has not been loaded on this server"}. Search its folder instead.`,
        };
      }
      return { kind: "document", loc: r.loc };
    case "file":
      return {
        code: "not_a_document",
        error: `${r.loc.path} is ${withArticle(r.loc.meta.type)} file, not a markdown document; only markdown documents are searched. Give a folder or a .md document as path.`,
      };
    case "ambiguous":
      return {
        code: "ambiguous",
        error: `${clip(r.path)} matches several documents that differ only in case: ${r.candidates.join(", ")}. Give the exact path.`,
      };
    case "missing":
      return {
        code: "not_found",
        error: `Path does not exist: ${clip(r.path)}. Omit path to search everywhere, or use glob to find the right folder or document.`,
      };
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
