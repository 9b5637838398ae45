// The non-fatal outcome of loading a data directory: what loaded, what was skipped and why,
// and which references between folder and content docs do not resolve.
import { plural, type Workspace } from "@lens/core";
import type { SkippedDoc } from "./loadDir.js";

/** A markdown entry of a folder whose content doc is not in the workspace. */
export interface MissingContent {
  /** User-facing path, e.g. `Lens/Notes/Ideas.md`. */
  path: string;
  docId: string;
  folderDocId: string;
}

export interface LoadReport {
  dir: string;
  /** Doc directories found. */
  total: number;
  /** Docs added to (or merged into) the workspace. */
  loaded: number;
  folders: number;
  /** Docs read from legacy bincode files (rewritten as CBOR on their next change). */
  legacy: string[];
  /** Corrupt, truncated or unreadable files: skipped, everything else still loads. */
  skipped: SkippedDoc[];
  /** Directory entries that are not doc directories. */
  ignored: string[];
  missingContent: MissingContent[];
  /** Content docs that no folder entry refers to. */
  orphans: string[];
  /** Anything else worth a log line (e.g. a folder doc whose id is not a Relay id). */
  notes: string[];
  /** Notes whose file was unchanged, their text taken from the text cache (not read). */
  cached: number;
  ms: number;
}

/** Markdown entries without content, and content docs no entry refers to, across a workspace. */
export function findReferenceProblems(ws: Workspace): {
  missingContent: MissingContent[];
  orphans: string[];
} {
  const missingContent: MissingContent[] = [];
  const referenced = new Set<string>();
  for (const loc of ws.paths.entries()) {
    referenced.add(loc.docId);
    if (loc.meta.type === "markdown" && !ws.hasContent(loc.docId)) {
      missingContent.push({ path: loc.path, docId: loc.docId, folderDocId: loc.folderDocId });
    }
  }
  missingContent.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const orphans = [...ws.contentDocIds()].filter((id) => !referenced.has(id)).sort();
  return { missingContent, orphans };
}

/** A few human-readable lines for logs. */
export function formatLoadReport(r: LoadReport): string {
  const lines = [
    `loaded ${r.loaded} of ${plural(r.total, "document")} (${plural(r.folders, "folder")}) from ${r.dir} in ${r.ms} ms`,
  ];
  if (r.cached) lines.push(`${plural(r.cached, "note")} unchanged, taken from the text cache`);
  if (r.legacy.length) lines.push(plural(r.legacy.length, "legacy bincode file"));
  for (const s of r.skipped) lines.push(`skipped ${s.docId}: ${s.reason}`);
  if (r.missingContent.length) {
    lines.push(
      `${plural(r.missingContent.length, "markdown entry", "markdown entries")} without a content doc`,
    );
  }
  if (r.orphans.length) lines.push(`${plural(r.orphans.length, "content doc")} in no folder`);
  for (const n of r.notes) lines.push(n);
  return lines.join("\n");
}
