// From a path in a request to the loaded markdown document it names, or to the problem that says
// why it names none (core's message and code, turned into a problem by the one table in
// toolProblems.ts).
import { type DocView, type Located, lookupDocument, type Reach, type Workspace } from "@lens/core";
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
    const { code, message } = found.error;
    throw problemForFailure({ text: message, code }, { ws, path, reach });
  }
  const { loc, view } = found.value;
  return { loc, view, etag: etagOf(view) };
}
