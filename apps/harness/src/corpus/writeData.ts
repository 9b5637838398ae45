// Writes a corpus as a Lens / relay-server data directory (`{out}/{docId}/data.ysweet`) with the
// store's codec: one folder doc per folder (filemeta_v0, docs, folder_config, and backlinks_v0
// as core resolves the links) and one content doc per document, streamed one at a time.
// Y.Doc client ids and timestamps come from the plan, so the same seed gives the same bytes.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  aiView,
  backlinksMap,
  contentsText,
  LinkResolver,
  parseWikilinks,
  setEntry,
  Workspace,
} from "@lens/core";
import { DATA_FILE, encodeDocFile } from "@lens/store";
import * as Y from "yjs";
import { mixSeed } from "../random/random.js";
import type { GeneratedDoc } from "./document.js";
import type { CorpusPlan } from "./plan.js";
import { type CorpusStats, CorpusStatsBuilder } from "./stats.js";

export interface WriteDataOptions {
  /** Files written in parallel. Default 16. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

/** A Y.Doc whose client id is fixed, so its encoded state is reproducible. */
function seededDoc(seed: number, salt: number): Y.Doc {
  const doc = new Y.Doc({ guid: `harness-${seed}-${salt}` });
  doc.clientID = mixSeed(seed, 0xc11e, salt) & 0x3fffffff;
  return doc;
}

export function folderDocId(plan: CorpusPlan, folder: number): string {
  return `${plan.relayId}-${plan.folders[folder]!.uuid}`;
}

export function contentDocIdOf(plan: CorpusPlan, docIndex: number): string {
  return `${plan.relayId}-${plan.docs[docIndex]!.id}`;
}

/** The folder docs of a plan: entries for every directory and document, in plan order. */
function buildFolderDocs(plan: CorpusPlan): Y.Doc[] {
  const seed = plan.options.seed;
  return plan.folders.map((f) => {
    const doc = seededDoc(seed, 1_000_000 + f.index);
    doc.transact(() => {
      doc.getMap("folder_config").set("name", f.name);
      f.dirs.forEach((dir, k) => {
        const id = `${f.uuid.slice(0, 24)}${(k + 1).toString(16).padStart(12, "0")}`;
        setEntry(doc, `/${dir}`, { id, type: "folder", version: 0 });
      });
    });
    return doc;
  });
}

export async function writeDataDir(
  plan: CorpusPlan,
  docs: Iterable<GeneratedDoc>,
  out: string,
  options: WriteDataOptions = {},
): Promise<CorpusStats> {
  const seed = plan.options.seed;
  const folderDocs = buildFolderDocs(plan);
  for (const d of plan.docs) {
    folderDocs[d.folder]!.transact(() => {
      setEntry(folderDocs[d.folder]!, `/${d.path}`, { id: d.id, type: "markdown", version: 0 });
    });
  }
  // Folder docs alone give the path index that link resolution needs.
  const ws = new Workspace();
  for (const [i, doc] of folderDocs.entries()) ws.addFolder(folderDocId(plan, i), doc);
  const resolver = new LinkResolver(ws);
  const backlinks = folderDocs.map(() => new Map<string, Set<string>>());
  const folderIndex = new Map(folderDocs.map((_, i) => [folderDocId(plan, i), i]));

  await mkdir(out, { recursive: true });
  const stats = new CorpusStatsBuilder(plan);
  const total = plan.docs.length + plan.folders.length;
  const limit = options.concurrency ?? 16;
  const pending = new Set<Promise<void>>();
  let done = 0;
  const write = async (docId: string, bytes: Uint8Array) => {
    const p = (async () => {
      await mkdir(join(out, docId), { recursive: true });
      await writeFile(join(out, docId, DATA_FILE), bytes);
    })().then(() => {
      pending.delete(p);
      options.onProgress?.(++done, total);
    });
    pending.add(p);
    if (pending.size >= limit) await Promise.race(pending);
  };

  for (const doc of docs) {
    stats.add(doc);
    const d = doc.plan;
    const source = ws.paths.get(`${plan.folders[d.folder]!.name}/${d.path}`.normalize("NFC"));
    if (source) {
      for (const link of parseWikilinks(aiView(doc.text))) {
        if (link.target === "") continue;
        const target = resolver.resolve(link.target, source);
        if (!target) continue;
        const map = backlinks[folderIndex.get(target.folderDocId)!]!;
        const set = map.get(target.meta.id) ?? new Set<string>();
        map.set(target.meta.id, set);
        set.add(d.id);
      }
    }
    const content = seededDoc(seed, d.index);
    contentsText(content).insert(0, doc.text);
    const bytes = encodeDocFile(content, { createdAt: d.createdAt, modifiedAt: d.mtime });
    content.destroy();
    await write(contentDocIdOf(plan, d.index), bytes);
  }

  const createdAt = plan.docs.reduce((t, d) => Math.min(t, d.createdAt), Date.UTC(2026, 0, 1));
  const modifiedAt = plan.docs.reduce((t, d) => Math.max(t, d.mtime), createdAt);
  for (const [i, doc] of folderDocs.entries()) {
    const map = backlinksMap(doc);
    doc.transact(() => {
      for (const [target, sources] of [...backlinks[i]!].sort(([a], [b]) => (a < b ? -1 : 1))) {
        map.set(target, [...sources].sort());
      }
    });
    await write(folderDocId(plan, i), encodeDocFile(doc, { createdAt, modifiedAt }));
  }
  await Promise.all(pending);
  return stats.result();
}
