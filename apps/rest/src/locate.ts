// From a path in a request to what it names in the workspace — a loaded markdown document or a
// folder scope — or to the problem that says why it names neither (core's message and code,
// turned into a problem by the one table in toolProblems.ts).
import {
  type DocView,
  type Located,
  lookupDocument,
  PathError,
  type Resolution,
  type Workspace,
} from "@lens/core";
import { etagOf } from "./etag.js";
import { problemForFailure } from "./toolProblems.js";

export interface OpenDocument {
  loc: Located;
  view: DocView;
  /** Strong ETag of the current raw text. */
  etag: string;
}

/** The loaded markdown document at `path`, with its current view and ETag. */
export function openDocument(ws: Workspace, path: string): OpenDocument {
  const found = lookupDocument(ws, path);
  if (!found.ok) throw problemForFailure({ text: found.message, code: found.code }, { ws, path });
  return { loc: found.loc, view: found.view, etag: etagOf(found.view) };
}

/** What a `path` scope names: every document, the documents under a folder, or one document. */
export type Scope =
  | { kind: "all" }
  | { kind: "folder"; path: string }
  | { kind: "document"; doc: OpenDocument };

/** Resolves a scope given as folder, sub-folder or document path (absent or empty = all). */
export function openScope(ws: Workspace, path: string | undefined): Scope {
  if (path === undefined || path.trim() === "") return { kind: "all" };
  let r: Resolution;
  try {
    r = ws.resolve(path);
  } catch (e) {
    if (e instanceof PathError)
      throw problemForFailure({ text: `Invalid path: ${e.message}.`, code: "invalid_path" });
    throw e;
  }
  if (r.kind === "directory") return { kind: "folder", path: r.path };
  return { kind: "document", doc: openDocument(ws, path) };
}
