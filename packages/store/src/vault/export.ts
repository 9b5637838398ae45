// Folder(s) → files: the raw text of every loaded markdown doc, and the stored bytes of every
// attachment (given the data directory), written byte for byte under their user-facing paths
// (`Lens/Notes/Ideas.md`, `Lens/Images/a.png`) below an output directory.
import { createWriteStream } from "node:fs";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { pipeline } from "node:stream/promises";
import { filemetaMap, isEntryPath, type Workspace } from "@lens/core";
import type { BlobStore } from "../attachments/blobStore.js";
import { forEachLimit } from "../concurrency.js";
import type { Progress } from "../loadDir.js";
import type { SkippedFile } from "./walk.js";

export interface ExportOptions {
  /** Only this folder (by display name); default every folder. */
  folder?: string;
  onProgress?: (progress: Progress) => void;
  /** Where attachment bytes are (`dirBlobs(dataDir)`, a bucket); without it they are skipped. */
  blobs?: BlobStore;
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
    hash?: string;
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
    } else if (options.blobs === undefined) {
      report.skipped.push({
        path: loc.path,
        reason: "an attachment: no store of attachment bytes given",
      });
    } else if (loc.meta.hash === undefined) report.missing.push(loc.path);
    else {
      const { hash, synctime } = loc.meta;
      files.push({ path: loc.path, target, docId: loc.docId, hash, synctime: synctime ?? 0 });
    }
  }
  for (const d of dirs) await mkdir(resolve(root, d), { recursive: true });
  let done = 0;
  options.onProgress?.({ done, total: files.length });
  const unheld = new Set<string>();
  await forEachLimit(files, 16, async (f) => {
    await mkdir(dirname(f.target), { recursive: true });
    if (f.hash !== undefined) {
      // An attachment's bytes, streamed (never whole in memory); its time is its synctime.
      const blob = await options.blobs!.open(f.docId, f.hash);
      if (blob === undefined) unheld.add(f.path);
      else await pipeline(blob.stream, createWriteStream(f.target));
    }
    // The text, not the Y.Doc: a dormant doc is not woken for it.
    else await writeFile(f.target, Buffer.from(ws.view(f.docId)!.raw, "utf8"));
    const mtime = f.synctime ?? ws.mtime(f.docId);
    if (mtime > 0 && !unheld.has(f.path)) await utimes(f.target, mtime / 1000, mtime / 1000);
    options.onProgress?.({ done: ++done, total: files.length });
  });
  report.written = files.filter((f) => !unheld.has(f.path)).map((f) => f.path);
  report.missing.push(...[...unheld].sort());
  return report;
}
