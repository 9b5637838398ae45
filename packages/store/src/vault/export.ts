// Folder(s) → files: the raw text of every loaded markdown doc, and the stored bytes of every
// attachment (given the data directory), written byte for byte under their user-facing paths
// (`Lens/Notes/Ideas.md`, `Lens/Images/a.png`) below an output directory.
import { copyFile, mkdir, utimes, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { filemetaMap, isEntryPath, type Workspace } from "@lens/core";
import { blobFile, hasBlob } from "../attachments/blobDir.js";
import { forEachLimit } from "../concurrency.js";
import type { Progress } from "../loadDir.js";
import type { SkippedFile } from "./walk.js";

export interface ExportOptions {
  /** Only this folder (by display name); default every folder. */
  folder?: string;
  onProgress?: (progress: Progress) => void;
  /** The data directory holding attachment bytes (`files/…`); without it they are skipped. */
  dataDir?: string;
}

export interface ExportReport {
  /** User-facing paths written. */
  written: string[];
  /** Markdown entries whose content doc is not loaded, attachments whose bytes are not stored. */
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
  const files: Array<{
    path: string;
    target: string;
    docId: string;
    blob?: string;
    synctime?: number;
  }> = [];
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
    } else if (options.dataDir === undefined) {
      report.skipped.push({
        path: loc.path,
        reason: "an attachment: no data directory holds its bytes",
      });
    } else {
      const { hash } = loc.meta;
      if (
        hash !== undefined &&
        (await hasBlob(options.dataDir, loc.docId, hash).catch(() => false))
      )
        files.push({
          path: loc.path,
          target,
          docId: loc.docId,
          blob: blobFile(options.dataDir, loc.docId, hash),
          synctime: loc.meta.synctime ?? 0,
        });
      else report.missing.push(loc.path);
    }
  }
  for (const d of dirs) await mkdir(resolve(root, d), { recursive: true });
  let done = 0;
  options.onProgress?.({ done, total: files.length });
  await forEachLimit(files, 16, async (f) => {
    await mkdir(dirname(f.target), { recursive: true });
    // An attachment's bytes are copied (never whole in memory); its time is its synctime.
    if (f.blob !== undefined) await copyFile(f.blob, f.target);
    // The text, not the Y.Doc: a dormant doc is not woken for it.
    else await writeFile(f.target, Buffer.from(ws.view(f.docId)!.raw, "utf8"));
    const mtime = f.synctime ?? ws.mtime(f.docId);
    if (mtime > 0) await utimes(f.target, mtime / 1000, mtime / 1000);
    options.onProgress?.({ done: ++done, total: files.length });
  });
  report.written = files.map((f) => f.path);
  return report;
}
