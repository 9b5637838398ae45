// What a workspace can serve, counted honestly: a data directory can list notes whose content
// it does not hold, hold content that no folder lists, and keep files that failed to load.

import type { Workspace } from "./workspace.js";

export interface DocumentSummary {
  folders: number;
  /** Markdown documents the folders list. */
  listed: number;
  /** Listed documents whose content is loaded: what read, grep and edit can use. */
  withContent: number;
  /** Content docs no folder lists: loaded, but not served under any path. */
  unlisted: number;
  /** Docs marked unavailable (files that failed to load, kept aside). */
  unavailable: number;
}

export function documentSummary(ws: Workspace): DocumentSummary {
  let listed = 0;
  let withContent = 0;
  const referenced = new Set<string>();
  for (const loc of ws.paths.entries()) {
    if (loc.meta.type !== "markdown") continue;
    listed++;
    referenced.add(loc.docId);
    if (ws.hasContent(loc.docId)) withContent++;
  }
  let unlisted = 0;
  for (const id of ws.contentDocIds()) if (!referenced.has(id)) unlisted++;
  return {
    folders: ws.folders().length,
    listed,
    withContent,
    unlisted,
    unavailable: ws.unavailableDocs().size,
  };
}
