// What the grep worker holds and how it answers, without the thread (grepWorker.ts wires it to
// its port; tests drive it directly): a mirror of the documents' AI views, the document lists
// of recent searches in path order, and where the last page of recent searches stopped.
import { comparePaths, type GrepResume, grepOutcome, grepSearch, type SearchDoc } from "@lens/core";
import type { FromWorker, ToWorker } from "./protocol.js";

type GrepRequest = Extract<ToWorker, { type: "grep" }>;
type DocsUpdate = Extract<ToWorker, { type: "docs" }>;

/** Searches whose next page is kept, at most (the oldest is dropped). */
const MAX_RESUMES = 64;
/** Document lists kept, at most (one per path and reach searched lately). */
export const MAX_LISTS = 16;

export class GrepMirror {
  private readonly texts = new Map<string, string>();
  private readonly lowered = new Map<string, string>();
  /**
   * Where the last page of recent searches stopped, by search key, with the documents each
   * walks in order. Any change of a document makes them stale: they are dropped then, so no
   * old text is held by them (the pool stops asking for them too).
   */
  private readonly resumes = new Map<string, GrepResume>();
  /**
   * The documents of recent searches by docsKey, in path order: a new search over the same
   * documents (another pattern, mode or glob) is sent without its list. Dropped with any change
   * of a document, like `resumes`; the pool forgets them on any change of the workspace.
   */
  private readonly lists = new Map<string, SearchDoc[]>();
  /** Documents made ready for a search from a list sent (for tests: O(list), never per page). */
  docsListed = 0;

  update(m: DocsUpdate): void {
    this.resumes.clear();
    this.lists.clear();
    for (const [docId, text] of m.set) {
      this.texts.set(docId, text);
      this.lowered.delete(docId);
    }
    for (const docId of m.remove) {
      this.texts.delete(docId);
      this.lowered.delete(docId);
    }
  }

  answer(m: GrepRequest): FromWorker {
    const options = {
      timeLimitMs: m.timeLimitMs,
      ...(m.scope !== undefined ? { scope: m.scope } : {}),
    };
    let result: ReturnType<typeof grepSearch>;
    if (m.docs) {
      result = grepSearch(this.listed(m.docsKey, m.docs), m.params, options);
    } else if (m.resume) {
      // The next page: it starts in the document where the last one stopped, with the
      // documents already filtered and in order.
      const resume = this.resumes.get(m.key);
      if (!resume?.ordered || resume.nextOffset !== (m.params.offset ?? 0)) {
        return { id: m.id, missing: true };
      }
      result = grepSearch([], m.params, { ...options, resume });
    } else {
      // Another search over documents listed before (core still filters them by glob).
      const docs = this.lists.get(m.docsKey);
      if (!docs) return { id: m.id, missing: true };
      result = grepSearch(docs, m.params, options);
    }
    this.resumes.delete(m.key);
    if (result.ok && result.resume) {
      this.resumes.set(m.key, result.resume);
      if (this.resumes.size > MAX_RESUMES) this.resumes.delete(firstKey(this.resumes));
    }
    return { id: m.id, outcome: grepOutcome(result), resumable: result.ok && !!result.resume };
  }

  /**
   * The documents of a list sent, with their text from the mirror, in path order (core sorts
   * them again per search: already in order, that is one comparison per document), kept for
   * the next searches over the same list.
   */
  private listed(docsKey: string, list: readonly (readonly [string, string])[]): SearchDoc[] {
    const docs = list.map(([path, docId]) => this.searchDoc(path, docId));
    this.docsListed += docs.length;
    docs.sort((a, b) => comparePaths(a.path, b.path));
    this.lists.delete(docsKey);
    this.lists.set(docsKey, docs);
    if (this.lists.size > MAX_LISTS) this.lists.delete(firstKey(this.lists));
    return docs;
  }

  private searchDoc(path: string, docId: string): SearchDoc {
    const { texts, lowered } = this;
    return {
      path,
      text: texts.get(docId) ?? "",
      lower: () => {
        let l = lowered.get(docId);
        if (l === undefined) {
          l = (texts.get(docId) ?? "").toLowerCase();
          lowered.set(docId, l);
        }
        return l;
      },
    };
  }
}

function firstKey<K>(map: Map<K, unknown>): K {
  return map.keys().next().value as K;
}
