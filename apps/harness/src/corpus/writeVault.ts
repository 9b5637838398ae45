// Writes a corpus as markdown files under `{out}/{Folder}/{path}`: the raw texts (a vault, one
// directory per folder, as `lens import` takes them) or their AI views (the text Lens's grep
// searches, for comparing with `rg` over files).
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { aiView } from "@lens/core";
import type { GeneratedDoc } from "./document.js";
import type { CorpusPlan } from "./plan.js";
import { type CorpusStats, CorpusStatsBuilder } from "./stats.js";

export interface WriteVaultOptions {
  /** `raw` (default): the documents as stored; `ai`: pending suggestions shown as accepted. */
  view?: "raw" | "ai";
  /** Files written in parallel. Default 16. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function writeVault(
  plan: CorpusPlan,
  docs: Iterable<GeneratedDoc>,
  out: string,
  options: WriteVaultOptions = {},
): Promise<CorpusStats> {
  const stats = new CorpusStatsBuilder(plan);
  for (const f of plan.folders) {
    await mkdir(join(out, f.name), { recursive: true });
    for (const d of f.dirs) await mkdir(join(out, f.name, d), { recursive: true });
  }
  const total = plan.docs.length;
  let done = 0;
  const pending = new Set<Promise<void>>();
  const limit = options.concurrency ?? 16;
  for (const doc of docs) {
    stats.add(doc);
    const file = join(out, plan.folders[doc.plan.folder]!.name, doc.plan.path);
    const text = options.view === "ai" ? aiView(doc.text) : doc.text;
    const p = (async () => {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
      const t = doc.plan.mtime / 1000;
      await utimes(file, t, t);
    })().then(() => {
      pending.delete(p);
      options.onProgress?.(++done, total);
    });
    pending.add(p);
    if (pending.size >= limit) await Promise.race(pending);
  }
  await Promise.all(pending);
  return stats.result();
}
