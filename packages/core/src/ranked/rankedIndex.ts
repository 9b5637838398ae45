// The ranked-search index of a Workspace (MiniSearch, BM25): one entry per loaded markdown note,
// kept current from workspace events. Changed notes are marked and re-indexed before the next
// query (or in budgeted steps by `flush`), so an update is visible to the next query.
import MiniSearch from "minisearch";
import type { Workspace } from "../workspace/workspace.js";
import { noteFields } from "./fields.js";
import { STOPWORDS } from "./stopwords.js";
import { terms } from "./terms.js";

interface IndexedNote {
  id: string;
  title: string;
  headings: string;
  tags: string;
  body: string;
}

/** Field weights: a match in the file name counts most, then tags, headings, the body. */
export const FIELD_BOOST = { title: 4, tags: 3, headings: 2, body: 1 } as const;

export interface RankedStats {
  documents: number;
  terms: number;
  /** Notes changed since they were last indexed. */
  pending: number;
}

export class RankedIndex {
  readonly mini = new MiniSearch<IndexedNote>({
    fields: ["title", "headings", "tags", "body"],
    storeFields: [],
    tokenize: (text) => terms(text),
    // Terms arrive folded from `terms`; the query side is tokenized the same way. Stopwords
    // are left out: they are in almost every note.
    processTerm: (term) => (STOPWORDS.has(term) ? null : term),
    autoVacuum: { minDirtCount: 100, minDirtFactor: 0.2, batchSize: 1000, batchWait: 10 },
  });
  private readonly dirty = new Set<string>();
  private readonly tags = new Map<string, Set<string>>();
  private readonly paths = new Map<string, string>();
  private readonly stop: () => void;

  constructor(private readonly ws: Workspace) {
    for (const id of ws.contentDocIds()) this.dirty.add(id);
    this.stop = ws.on((e) => {
      if (e.type === "content" || e.type === "doc") this.dirty.add(e.docId);
      else if (e.type === "entries") {
        for (const c of e.changes) {
          if (c.before) this.dirty.add(c.before.docId);
          if (c.after) this.dirty.add(c.after.docId);
        }
      } else if (e.type === "folders") {
        for (const id of ws.contentDocIds()) this.dirty.add(id);
        for (const id of this.paths.keys()) this.dirty.add(id);
      }
    });
  }

  /** Re-indexes up to `budget` changed notes; returns how many are still waiting. */
  flush(budget = Number.POSITIVE_INFINITY): number {
    let done = 0;
    for (const docId of this.dirty) {
      if (done++ >= budget) break;
      this.dirty.delete(docId);
      this.reindex(docId);
    }
    return this.dirty.size;
  }

  /** The path a note was indexed under, and its tags. */
  pathOf(docId: string): string | undefined {
    return this.paths.get(docId);
  }

  tagsOf(docId: string): ReadonlySet<string> {
    return this.tags.get(docId) ?? new Set();
  }

  stats(): RankedStats {
    return {
      documents: this.mini.documentCount,
      terms: this.mini.termCount,
      pending: this.dirty.size,
    };
  }

  dispose(): void {
    this.stop();
  }

  private reindex(docId: string): void {
    const path = this.ws.paths.pathOf(docId);
    const loc = path === undefined ? undefined : this.ws.paths.get(path);
    const view = loc?.meta.type === "markdown" ? this.ws.view(docId) : undefined;
    const had = this.paths.has(docId);
    if (!view || path === undefined) {
      if (had) this.mini.discard(docId);
      this.paths.delete(docId);
      this.tags.delete(docId);
      return;
    }
    const f = noteFields(path, view.ai);
    const note: IndexedNote = {
      id: docId,
      title: f.title,
      headings: f.headings,
      tags: f.tags.join(" "),
      body: f.body,
    };
    if (had) this.mini.replace(note);
    else this.mini.add(note);
    this.paths.set(docId, path);
    this.tags.set(docId, new Set(f.tags));
  }
}

const indexes = new WeakMap<Workspace, RankedIndex>();

/** The workspace's ranked-search index, made on first use. */
export function rankedIndexOf(ws: Workspace): RankedIndex {
  let index = indexes.get(ws);
  if (!index) {
    index = new RankedIndex(ws);
    indexes.set(ws, index);
  }
  return index;
}
