// What the grep worker holds and how it answers, without the thread (grepWorker.ts wires it to
// its port; tests drive it directly): a mirror of the documents' AI views, the document lists
// of recent searches in path order, where the last page of recent searches stopped, and the
// page a client paging through an answer will ask next, searched ahead.
//
// Searching ahead: once a client is paging through a search — it has asked a second page, or
// asked for everything (`head_limit: 0`) and got a page cut at the size bound, which tells it
// to go on at the next offset — the worker searches the page after the one it answered while
// that one travels to the client, so the two cores overlap searching and sending. A first page
// cut by `head_limit` (an assistant looking at the top) is not followed. Only a page that
// completes within AHEAD_LIMIT_MS is kept (a slow one is searched again when asked, from where
// the last page stopped); any change of a document drops it, like the stopping points. The
// answer says `ahead`: the pool sends no search while the worker searches ahead, and ends a
// worker stuck in one line's match there (see grepPool.ts), so no search is charged for it.
// A page kept is pushed to the pool (`workAhead` returns it), which answers the client's next
// page with it and says so (`took`): that page is used up here and the one after it is next.
import {
  comparePaths,
  foldCase,
  type GrepOutcome,
  type GrepResume,
  grepOutcome,
  grepSearch,
  newlineOffsets,
  type SearchDoc,
} from "@lens/core";
import { eachPacked, packedLength } from "./packedList.js";
import { AHEAD_LIMIT_MS, type FromWorker, type PushedPage, type ToWorker } from "./protocol.js";

type GrepRequest = Extract<ToWorker, { type: "grep" }>;
type DocsUpdate = Extract<ToWorker, { type: "docs" }>;
type ListRequest = Extract<ToWorker, { type: "list" }>;
type TookNote = Extract<ToWorker, { type: "took" }>;

/** Searches whose next page is kept, at most (the oldest is dropped). */
const MAX_RESUMES = 64;
/** Document lists kept, at most (one per path and reach searched lately). */
export const MAX_LISTS = 16;
/** Pages searched ahead and kept, at most (the oldest is dropped). */
const MAX_AHEAD = 4;

type GrepSuccess = Extract<GrepOutcome, { ok: true }>;

/** A page searched ahead: the offset it answers, its result, and the search it is a page of. */
interface Ahead {
  offset: number;
  result: GrepSuccess;
  request: GrepRequest;
}

export class GrepMirror {
  /**
   * Each document's text and the copies made of it, by doc id. A listed document holds its
   * record, so a search reads a text without a lookup by id; an update changes the record.
   */
  private readonly texts = new Map<string, MirroredText>();
  /**
   * Where the last page of recent searches stopped, by search key, with the documents each
   * walks in order. Any change of a document makes them stale: they are dropped then, so no
   * old text is held by them (the pool stops asking for them too).
   */
  private readonly resumes = new Map<string, GrepResume>();
  /**
   * Document lists by docsKey, in path order: every search over the same documents (another
   * pattern, mode or glob) is sent without its list. Each document reads its text from the
   * mirror when searched, so a list outlives changes of texts; it is dropped when a document
   * goes away (the pool sends lists again after any change of paths or documents).
   */
  private readonly lists = new Map<string, SearchDoc[]>();
  /** The next page of searches a client is paging through, searched ahead, by search key. */
  private readonly ahead = new Map<string, Ahead>();
  /** The search whose next page `workAhead` is to search (set by `answer`). */
  private nextAhead: { request: GrepRequest; offset: number } | undefined;
  /** Documents made ready for a search from a list sent (for tests: O(list), never per page). */
  docsListed = 0;
  /** Pages answered from what was searched ahead (for tests). */
  answeredAhead = 0;

  update(m: DocsUpdate): void {
    // Stopping points and pages ahead hold offsets into the old texts.
    this.resumes.clear();
    this.ahead.clear();
    this.nextAhead = undefined;
    if (m.remove.length > 0) this.lists.clear();
    for (const [docId, text] of m.set) {
      const record = this.texts.get(docId);
      if (record) record.change(text);
      else this.texts.set(docId, new MirroredText(text));
    }
    for (const docId of m.remove) this.texts.delete(docId);
  }

  /**
   * Keeps a document list under its docsKey, in path order (sorted here, once per list), for
   * every search over it; the oldest of more than MAX_LISTS is dropped.
   */
  list(m: ListRequest): void {
    const docs: SearchDoc[] = [];
    eachPacked(m.docs, (path, docId) => docs.push(this.searchDoc(path, docId)));
    this.docsListed += packedLength(m.docs);
    docs.sort((a, b) => comparePaths(a.path, b.path));
    this.lists.delete(m.docsKey);
    this.lists.set(m.docsKey, docs);
    if (this.lists.size > MAX_LISTS) this.lists.delete(firstKey(this.lists));
  }

  answer(m: GrepRequest): FromWorker {
    this.nextAhead = undefined;
    const options = {
      timeLimitMs: m.timeLimitMs,
      ...(m.scope !== undefined ? { scope: m.scope } : {}),
    };
    const offset = m.params.offset ?? 0;
    let result: ReturnType<typeof grepSearch>;
    const ready = m.resume ? this.ahead.get(m.key) : undefined;
    this.ahead.delete(m.key);
    if (ready && ready.offset === offset) {
      // Searched ahead: where it stopped is already kept as this search's stopping point.
      this.answeredAhead++;
      return this.answered(m, ready.result, true);
    }
    const resume = m.resume ? this.resumes.get(m.key) : undefined;
    if (resume?.ordered && resume.nextOffset === offset) {
      // The next page: it starts in the document where the last one stopped, with the
      // documents already filtered and in order.
      result = grepSearch([], m.params, { ...options, resume });
    } else {
      // A new search, or a page whose stopping point is gone: over the list kept (core still
      // filters it by glob; it is in path order already).
      const docs = this.lists.get(m.docsKey);
      if (!docs) return { id: m.id, missing: true };
      // The list used last is dropped last.
      this.lists.delete(m.docsKey);
      this.lists.set(m.docsKey, docs);
      result = grepSearch(docs, m.params, { ...options, inPathOrder: true });
    }
    return this.answered(m, result, m.resume === true || wantsEverything(m, result));
  }

  /**
   * The pool answered the page `offset` of the search `key` with the page pushed to it (what
   * `workAhead` returned): that page is used up, and the one after it is to be searched ahead,
   * as after an answer from it here.
   */
  took(m: TookNote): void {
    this.nextAhead = undefined;
    const ready = this.ahead.get(m.key);
    if (!ready || ready.offset !== m.offset) return;
    this.ahead.delete(m.key);
    this.answeredAhead++;
    const next = ready.result.page.nextOffset;
    if (ready.result.resume && next !== null)
      this.nextAhead = { request: ready.request, offset: next };
  }

  /**
   * Searches ahead the page after the last one answered, when its client is paging (see the
   * top of this file); the worker calls it once the answer is sent. Kept only if complete, and
   * then returned, for the worker to push to the pool.
   */
  workAhead(): PushedPage | undefined {
    const next = this.nextAhead;
    this.nextAhead = undefined;
    if (!next) return undefined;
    const { request, offset } = next;
    const resume = this.resumes.get(request.key);
    if (!resume?.ordered || resume.nextOffset !== offset) return undefined;
    const params = { ...request.params, offset };
    const limit = Math.min(AHEAD_LIMIT_MS, request.timeLimitMs);
    const options = {
      timeLimitMs: limit,
      ...(request.scope !== undefined ? { scope: request.scope } : {}),
      resume,
    };
    const result = grepSearch([], params, options);
    if (!result.ok || result.page.timedOut) return undefined;
    // The answer to come: its page as if asked now, reporting the client's own time limit.
    const page = { ...result.page, timeLimitMs: request.timeLimitMs };
    const kept: GrepSuccess = { ...result, page };
    this.keepResume(request.key, result.resume);
    this.ahead.set(request.key, { offset, result: kept, request });
    if (this.ahead.size > MAX_AHEAD) this.ahead.delete(firstKey(this.ahead));
    return { key: request.key, offset, outcome: grepOutcome(kept), resumable: !!result.resume };
  }

  /** Keeps where `result` stopped and, for a client paging on, what to search ahead. */
  private answered(m: GrepRequest, result: GrepOutcome, paging: boolean): FromWorker {
    this.keepResume(m.key, result.ok ? result.resume : undefined);
    const resumable = result.ok && !!result.resume;
    if (paging && resumable && result.page.nextOffset !== null) {
      this.nextAhead = { request: m, offset: result.page.nextOffset };
      return { id: m.id, outcome: grepOutcome(result), resumable, ahead: true };
    }
    return { id: m.id, outcome: grepOutcome(result), resumable };
  }

  private keepResume(key: string, resume: GrepResume | undefined): void {
    this.resumes.delete(key);
    if (!resume) return;
    this.resumes.set(key, resume);
    if (this.resumes.size > MAX_RESUMES) this.resumes.delete(firstKey(this.resumes));
  }

  /** One listed document: its text, and the copies kept beside it, as the mirror holds them now. */
  private searchDoc(path: string, docId: string): SearchDoc {
    let record = this.texts.get(docId);
    if (!record) {
      // Listed before its text came (or with none): it reads as empty until the text comes.
      record = new MirroredText("");
      this.texts.set(docId, record);
    }
    const r = record;
    return {
      path,
      get text() {
        return r.text;
      },
      folded: () => (r.folded ??= foldCase(r.text)),
      newlines: () => (r.newlines ??= newlineOffsets(r.text)),
    };
  }
}

/** A document's text in the mirror, with the copies made of it once and kept until it changes. */
class MirroredText {
  folded: string | undefined;
  newlines: Int32Array | undefined;
  constructor(public text: string) {}

  change(text: string): void {
    this.text = text;
    this.folded = undefined;
    this.newlines = undefined;
  }
}

/** Asked for every entry and cut only by the size bound: the client will page on. */
function wantsEverything(m: GrepRequest, result: GrepOutcome): boolean {
  return m.params.head_limit === 0 && result.ok && result.page.cut === "size";
}

function firstKey<K>(map: Map<K, unknown>): K {
  return map.keys().next().value as K;
}
