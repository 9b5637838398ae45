// Folder(s) → markdown files: the raw text of every loaded markdown doc, written byte for byte
// under its user-facing path (`Lens/Notes/Ideas.md`) below an output directory.
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { filemetaMap, isEntryPath, type Workspace } from "@lens/core";
import { forEachLimit } from "../concurrency.js";
import type { Progress } from "../loadDir.js";
import type { SkippedFile } from "./walk.js";

export interface ExportOptions {
  /** Only this folder (by display name); default every folder. */
  folder?: string;
  onProgress?: (progress: Progress) => void;
}

export interface ExportReport {
  /** User-facing paths written. */
  written: string[];
  /** Markdown entries whose content doc is not loaded (nothing written). */
  missing: string[];
  /** Entries whose path would land outside the output directory. */
  skipped: SkippedFile[];
}

export async function exportVault(
  ws: Workspace,
  outDir: string,
  options: ExportOptions = {},
): Promise<ExportReport> {
  const root = resolve(outDir);
  const report: ExportReport = { written: [], missing: [], skipped: [] };
  const only = options.folder?.normalize("NFC");
  const locs = [...ws.paths.entries()]
    .filter((l) => only === undefined || l.path === only || l.path.startsWith(`${only}/`))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const dirs = new Set<string>(
    ws
      .folders()
      .filter((f) => !only || f.name === only)
      .map((f) => f.name),
  );
  const files: Array<{ path: string; target: string; docId: string }> = [];
  // Keys a client wrote that are no path Lens serves (NUL, `..`, `\`) are never indexed: say
  // so instead of exporting them or aborting.
  for (const f of ws.folders()) {
    if (only !== undefined && f.name !== only) continue;
    for (const key of filemetaMap(f.doc).keys()) {
      if (!isEntryPath(key)) {
        report.skipped.push({
          path: `${f.name}${JSON.stringify(key.slice(0, 200))}`,
          reason: "not a folder path Lens serves (empty segment, . or .., NUL or backslash)",
        });
      }
    }
  }
  for (const loc of locs) {
    const target = resolve(root, loc.path);
    const rel = relative(root, target);
    if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) {
      report.skipped.push({ path: loc.path, reason: "path leaves the output directory" });
      continue;
    }
    if (loc.meta.type === "folder") dirs.add(loc.path);
    else if (loc.meta.type === "markdown") {
      if (ws.hasContent(loc.docId)) files.push({ path: loc.path, target, docId: loc.docId });
      else report.missing.push(loc.path);
    }
  }
  for (const d of dirs) await mkdir(resolve(root, d), { recursive: true });
  let done = 0;
  options.onProgress?.({ done, total: files.length });
  await forEachLimit(files, 16, async (f) => {
    // The text, not the Y.Doc: a dormant doc is not woken for it.
    const text = ws.view(f.docId)!.raw;
    await mkdir(dirname(f.target), { recursive: true });
    await writeFile(f.target, Buffer.from(text, "utf8"));
    const mtime = ws.mtime(f.docId);
    if (mtime > 0) await utimes(f.target, mtime / 1000, mtime / 1000);
    options.onProgress?.({ done: ++done, total: files.length });
  });
  report.written = files.map((f) => f.path);
  return report;
}
