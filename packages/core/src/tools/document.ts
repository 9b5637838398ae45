// Shared by the tools: turn a `file_path` argument into a loaded markdown document, or into the
// error text the assistant should see.
import { EVERYWHERE, type Reach, reachesEntry, reachesPath } from "../access/reach.js";
import { normalizeUserPath, PathError } from "../paths/normalize.js";
import type { Located } from "../paths/pathIndex.js";
import { clip } from "../text/clip.js";
import { withArticle } from "../text/english.js";
import type { DocView } from "../workspace/viewCache.js";
import type { Resolution, Workspace } from "../workspace/workspace.js";
import { didYouMean, notesEndingWith } from "./pathCandidates.js";
import { failure, type Outcome, success } from "./tool.js";

/** A loaded markdown document: where it is and its current view. */
export interface FoundDocument {
  loc: Located;
  view: DocView;
}

export type DocumentLookup = Outcome<FoundDocument>;

/**
 * Resolves `file_path` to a loaded markdown document with its current view. Whatever lies
 * outside `reach` answers exactly as a missing path does.
 */
export function lookupDocument(
  ws: Workspace,
  filePath: string,
  reach: Reach = EVERYWHERE,
): DocumentLookup {
  let r: Resolution;
  try {
    r = resolveWithin(ws, filePath, reach);
  } catch (e) {
    if (e instanceof PathError) return failure("invalid_path", `Invalid file_path: ${e.message}.`);
    throw e;
  }
  switch (r.kind) {
    case "document": {
      const view = r.loaded ? ws.view(r.loc.docId) : undefined;
      if (!view)
        return failure(
          "not_loaded",
          `Content of ${r.loc.path} is not available: ${ws.unavailableReason(r.loc.docId) ?? "the document is listed in its folder but its content has not been loaded on this server"}. Try another document.`,
        );
      return success({ loc: r.loc, view });
    }
    case "file":
      return failure(
        "not_a_document",
        `${r.loc.path} is ${withArticle(r.loc.meta.type)} file, not a markdown document; only markdown documents can be read or edited.`,
      );
    case "directory":
      return failure(
        "not_a_document",
        `${clip(r.path)} is a directory, not a document. Use glob with path "${clip(r.path)}" to list what it holds.`,
      );
    case "ambiguous":
      return failure(
        "ambiguous",
        `${clip(r.path)} matches several documents that differ only in case: ${r.candidates.join(", ")}. Give the exact path.`,
      );
    case "missing":
      return failure(
        "not_found",
        `File does not exist: ${clip(r.path)}. ${
          didYouMean(notesEndingWith(ws, r.path, reach)) ??
          `Use glob (e.g. pattern "**/*${clip(baseName(r.path), 80)}*") to find the right path.`
        }`,
      );
  }
}

/**
 * `ws.resolve`, with what lies outside `reach` resolved as missing: the same answer, word for
 * word, as for a path that names nothing (no existence leak). Throws PathError as resolve does.
 */
export function resolveWithin(ws: Workspace, input: string, reach: Reach): Resolution {
  const r = ws.resolve(input);
  if (reach.all) return r;
  const missing: Resolution = { kind: "missing", path: normalizeUserPath(input) };
  switch (r.kind) {
    case "missing":
      return r;
    case "document":
    case "file":
      return reachesEntry(ws, reach, r.loc) ? r : missing;
    case "directory":
      return reachesPath(reach, r.path) ? r : missing;
    case "ambiguous": {
      // Candidates differ only in case, so they may sit in folders whose names differ in case.
      const seen = r.candidates.filter((p) => reachesPath(reach, p));
      if (seen.length > 1) return { ...r, candidates: seen };
      return seen.length === 1 ? resolveWithin(ws, seen[0] as string, reach) : missing;
    }
  }
}

function baseName(path: string): string {
  const b = path.slice(path.lastIndexOf("/") + 1);
  return b.replace(/\.md$/i, "");
}
