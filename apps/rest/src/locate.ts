// From a path in a request to what it names in the workspace — a loaded markdown document or a
// folder scope — or to the problem that says why it names neither (core's messages, HTTP status).
import {
  type DocView,
  type Located,
  lookupDocument,
  PathError,
  type Resolution,
  type Workspace,
} from "@lens/core";
import { etagOf } from "./etag.js";
import { ProblemError } from "./problems.js";

export interface OpenDocument {
  loc: Located;
  view: DocView;
  /** Strong ETag of the current raw text. */
  etag: string;
}

function resolveOrThrow(ws: Workspace, path: string): Resolution {
  try {
    return ws.resolve(path);
  } catch (e) {
    if (e instanceof PathError)
      throw new ProblemError("invalid-path", `Invalid path: ${e.message}.`);
    throw e;
  }
}

/** The problem for a path that resolved to something other than a loaded document. */
function notADocument(r: Resolution, message: string): ProblemError {
  switch (r.kind) {
    case "ambiguous":
      return new ProblemError("ambiguous-path", message, { candidates: r.candidates });
    case "directory":
    case "file":
      return new ProblemError("not-a-document", message);
    default:
      // missing, or listed in its folder with content not loaded on this server
      return new ProblemError("not-found", message);
  }
}

/** The loaded markdown document at `path`, with its current view and ETag. */
export function openDocument(ws: Workspace, path: string): OpenDocument {
  const r = resolveOrThrow(ws, path);
  const found = lookupDocument(ws, path);
  if (!found.ok) throw notADocument(r, found.message);
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
  const r = resolveOrThrow(ws, path);
  if (r.kind === "directory") return { kind: "folder", path: r.path };
  return { kind: "document", doc: openDocument(ws, path) };
}

/**
 * HTTP status of a tool's `isError` result about `path` (the tool's scope or file_path): the path
 * names nothing → 404; otherwise the tool refused something the client can change → 422.
 */
export function toolProblemFor(
  ws: Workspace,
  path: string | undefined,
  tool: string,
  text: string,
): ProblemError {
  if (path !== undefined && path.trim() !== "") {
    let r: Resolution | undefined;
    try {
      r = ws.resolve(path);
    } catch (e) {
      if (e instanceof PathError) return new ProblemError("invalid-path", text);
      throw e;
    }
    if (r.kind === "missing" || (r.kind === "document" && !r.loaded)) {
      return new ProblemError("not-found", text);
    }
    if (r.kind === "ambiguous")
      return new ProblemError("ambiguous-path", text, { candidates: r.candidates });
  }
  return new ProblemError("tool-error", text, { tool, text });
}
