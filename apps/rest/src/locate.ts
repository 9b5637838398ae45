// From a path in a request to what it names in the workspace — a loaded markdown document or a
// folder scope — or to the problem that says why it names neither (core's message and code,
// turned into a problem by the one table in toolProblems.ts).
import {
  type Scope as CoreScope,
  type DocView,
  documentsInScope,
  type Located,
  lookupDocument,
  type Reach,
  resolveScope,
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
export function openDocument(ws: Workspace, path: string, reach: Reach): OpenDocument {
  const found = lookupDocument(ws, path, reach);
  if (!found.ok) {
    throw problemForFailure({ text: found.message, code: found.code }, { ws, path, reach });
  }
  return { loc: found.loc, view: found.view, etag: etagOf(found.view) };
}

/** What a `path` scope names: every document, the documents under a folder, or one document. */
/** A path scope (core's), with the document opened when it names one. */
export type Scope =
  | { kind: "all" }
  | { kind: "directory"; path: string; core: CoreScope }
  | { kind: "document"; doc: OpenDocument; core: CoreScope };

/** Resolves a scope given as folder, sub-folder or document path (absent or empty = all). */
export function openScope(ws: Workspace, path: string | undefined, reach: Reach): Scope {
  const core = resolveScope(ws, path, reach);
  if ("error" in core) {
    // A path that names no scope names no document either: openDocument throws its problem,
    // with the candidates of an ambiguous path; the line after is only a fallback.
    openDocument(ws, path ?? "", reach);
    throw problemForFailure({ text: core.error, code: core.code });
  }
  if (core.kind === "all") return core;
  if (core.kind === "directory") return { kind: "directory", path: core.path, core };
  return { kind: "document", doc: openDocument(ws, core.loc.path, reach), core };
}

/** Loaded markdown documents a scope covers, by path (core's scope rule). */
export function documentsIn(ws: Workspace, scope: Scope, reach: Reach): Located[] {
  const core = scope.kind === "all" ? scope : scope.core;
  return documentsInScope(ws, core, reach).sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
}
