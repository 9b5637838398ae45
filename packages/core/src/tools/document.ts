// Shared by the tools: turn a `file_path` argument into a loaded markdown document, or into the
// error text the assistant should see.
import { PathError } from "../paths/normalize.js";
import type { Located } from "../paths/pathIndex.js";
import { clip } from "../text/clip.js";
import { withArticle } from "../text/english.js";
import type { DocView } from "../workspace/viewCache.js";
import type { Workspace } from "../workspace/workspace.js";
import type { ToolErrorCode } from "./tool.js";

export type DocumentLookup =
  | { ok: true; loc: Located; view: DocView }
  | { ok: false; code: ToolErrorCode; message: string };

/** Resolves `file_path` to a loaded markdown document with its current view. */
export function lookupDocument(ws: Workspace, filePath: string): DocumentLookup {
  let r: ReturnType<Workspace["resolve"]>;
  try {
    r = ws.resolve(filePath);
  } catch (e) {
    if (e instanceof PathError)
      return { ok: false, code: "invalid_path", message: `Invalid file_path: ${e.message}.` };
    throw e;
  }
  switch (r.kind) {
    case "document": {
      const view = r.loaded ? ws.view(r.loc.docId) : undefined;
      if (!view)
        return {
          ok: false,
          code: "not_loaded",
          message: `Content of ${r.loc.path} is not available: ${ws.unavailableReason(r.loc.docId) ?? "the document is listed in its folder but its content has not been loaded on this server"}. Try another document.`,
        };
      return { ok: true, loc: r.loc, view };
    }
    case "file":
      return {
        ok: false,
        code: "not_a_document",
        message: `${r.loc.path} is ${withArticle(r.loc.meta.type)} file, not a markdown document; only markdown documents can be read or edited.`,
      };
    case "directory":
      return {
        ok: false,
        code: "not_a_document",
        message: `${clip(r.path)} is a directory, not a document. Use glob with path "${clip(r.path)}" to list what it holds.`,
      };
    case "ambiguous":
      return {
        ok: false,
        code: "ambiguous",
        message: `${clip(r.path)} matches several documents that differ only in case: ${r.candidates.join(", ")}. Give the exact path.`,
      };
    case "missing":
      return {
        ok: false,
        code: "not_found",
        message: `File does not exist: ${clip(r.path)}. Use glob (e.g. pattern "**/*${clip(baseName(r.path), 80)}*") to find the right path.`,
      };
  }
}

function baseName(path: string): string {
  const b = path.slice(path.lastIndexOf("/") + 1);
  return b.replace(/\.md$/i, "");
}
