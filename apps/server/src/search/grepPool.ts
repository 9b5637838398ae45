// Runs grep off the main thread. A worker keeps a mirror of the documents' AI views, updated
// with the documents that changed since the last search (sent just before it, in order, in
// slices that yield to the event loop), and answers each search. A search still running when
// its time limit and a grace period are over is ended by terminating the worker, which a
// search stuck inside one line's regex match could never notice itself; the next search
// starts a new worker and sends it every document again. Searches run one at a time.
// After answering a page of a client paging, the worker searches the next page ahead (see
// grepMirror.ts) and pushes it here: the client's next page is answered with it at once when
// nothing changed meanwhile, and the worker is told to search the one after it. Otherwise the
// next search is sent once the worker is through. It stops at its own short limit,
// but not inside one line's match: a worker still at it after that limit and the grace is ended
// and the next search goes to a new worker, never charged with the wait or ended for it.
//
// What is sent per search is what changed:
// - the document list of a path and reach (core's docsKey) is sent once, before the first
//   search over it, and kept by the worker in path order for every search over the same
//   documents. Texts that change leave it as it is (the worker reads each document's text when
//   it searches it); any other change of the workspace (a path, a document added or gone)
//   sends it again. Listing, sending and sorting is paid once, not per search: at 500 000
//   documents sorting alone takes seconds. The list goes before the search, in a message of its
//   own whose receipt is awaited, so no search's time limit is spent on it; `warm` sends the
//   whole workspace's list ahead;
// - while nothing in the workspace changes, the next page of a search (same plan key, the
//   offset the page gave) goes on from where the last page stopped, with its documents
//   filtered and in order: paging through a long answer costs about one search.
// A search or list that overlapped a change records nothing on this side.
import { existsSync } from "node:fs";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  DEFAULT_TIME_LIMIT_MS,
  failure,
  type GrepListing,
  type GrepPage,
  type GrepPlan,
  grepListing,
  type Outcome,
  type Workspace,
} from "@lens/core";
import { packList } from "./packedList.js";
import {
  AHEAD_LIMIT_MS,
  type AheadDone,
  type FromWorker,
  type Listed,
  type PushedPage,
  type ToWorker,
} from "./protocol.js";

export interface GrepPoolOptions {
  /** A search's time limit (ms); default core's (5 s). */
  timeLimitMs?: number;
  /** Extra time before a search is ended by force (ms); default 1 s. */
  graceMs?: number;
  /** Searches waiting at most; more are refused as busy. Default 32. */
  maxQueue?: number;
  /** The worker script; default grepWorker.js beside this module (or in dist/ for tests). */
  workerUrl?: URL;
}

/** Characters of document text sent to the worker between two yields to the event loop. */
const SLICE_CHARS = 1_000_000;
/** Document lists remembered as kept by the worker, at most (it keeps MAX_LISTS). */
const MAX_LISTED = 64;

export class GrepPool {
  private worker: Worker | undefined;
  /** Docs whose text the worker does not have yet (all of them for a new worker). */
  private dirty = new Set<string>();
  private removed = new Set<string>();
  /**
   * Searches whose next page the worker can resume without being sent the documents again:
   * search key → that page's offset. Emptied by any change of the workspace.
   */
  private readonly resumable = new Map<string, number>();
  /**
   * Document lists the worker keeps (docsKey). Emptied by any change of the workspace but a
   * text's: a path, a document added or gone.
   */
  private readonly listed = new Set<string>();
  /** Workspace events seen: what a search finds out is kept only if none came meanwhile. */
  private epoch = 0;
  /** Events seen that can change a document list (all but texts'). */
  private listEpoch = 0;
  /** The worker searching a page ahead after its last answer: done when it is through. */
  private ahead: { worker: Worker; done: Promise<void> } | undefined;
  /**
   * The page the worker searched ahead and pushed, with the workspace's epoch it is of: the
   * client's next page, answered here at once if nothing changed meanwhile.
   */
  private pushed: (PushedPage & { worker: Worker; epoch: number }) | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private waiting = 0;
  private nextId = 1;
  private readonly stopWatching: () => void;
  private readonly timeLimitMs: number;
  private readonly graceMs: number;
  private readonly maxQueue: number;
  private readonly workerUrl: URL;
  /** Workers ended by force (for tests and logs). */
  terminations = 0;
  /** Pages answered from a page the worker pushed, without asking it (for tests). */
  answeredPushed = 0;
  /** The offset of the page pushed and kept, if any (for tests). */
  get pushedOffset(): number | undefined {
    return this.pushed?.offset;
  }
  /**
   * Searches sent with their document list; a resumed next page, or another search over a list
   * the worker kept, is sent without (for tests).
   */
  listsSent = 0;
  /** Documents in the lists sent (for tests: a list is sent once, never per page). */
  docsSent = 0;
  /** Documents' AI views sent to a worker (for tests: each once per change and worker). */
  textsSent = 0;
  private closed = false;

  constructor(
    private readonly ws: Workspace,
    options: GrepPoolOptions = {},
  ) {
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.graceMs = options.graceMs ?? 1000;
    this.maxQueue = options.maxQueue ?? 32;
    this.workerUrl = options.workerUrl ?? defaultWorkerUrl();
    this.stopWatching = ws.on((e) => {
      this.epoch++;
      this.resumable.clear();
      this.pushed = undefined;
      if (e.type !== "content") {
        this.listEpoch++;
        this.listed.clear();
      }
      if (e.type === "content") this.dirty.add(e.docId);
      else if (e.type === "doc" && e.action === "added") this.dirty.add(e.docId);
      else if (e.type === "doc" && e.action === "removed") {
        this.dirty.delete(e.docId);
        this.removed.add(e.docId);
      }
    });
  }

  /** Runs one search (core's grep tool outcome); waits for the ones before it. */
  grep(plan: GrepPlan): Promise<Outcome<GrepPage>> {
    if (this.waiting >= this.maxQueue) {
      return Promise.resolve(
        failure(
          "busy",
          "The server is running too many searches right now; retry in a few seconds.",
        ),
      );
    }
    this.waiting++;
    const run = this.chain.then(() => this.run(plan));
    this.chain = run.catch(() => {});
    return run.finally(() => {
      this.waiting--;
    });
  }

  /**
   * Starts the worker and sends it every document's AI view now, in slices that yield to the
   * event loop, and the list of the whole workspace (every search without a path, by a caller
   * who may read everything), so that the first search waits for neither (`lens serve` calls
   * this once the ranked index is built). Queued like a search: a search asked meanwhile runs
   * after it.
   */
  warm(): Promise<void> {
    const run = this.chain.then(async () => {
      if (this.closed) return;
      await this.waitAhead();
      const worker = this.ensureWorker();
      await this.sendChanges(worker);
      const whole = grepListing(this.ws, undefined);
      if (this.worker === worker && whole.ok) await this.sendList(worker, whole.value);
    });
    this.chain = run.catch(() => {});
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching();
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private async run(plan: GrepPlan): Promise<Outcome<GrepPage>> {
    await this.waitAhead();
    const pushed = this.takePushed(plan);
    if (pushed) return this.answerPushed(pushed);
    const worker = this.ensureWorker();
    await this.sendChanges(worker);
    const epoch = this.epoch;
    // The next page of the last search: the worker still has its documents in order.
    const resumes = this.resumable.get(plan.key) === (plan.params.offset ?? 0);
    if (!resumes && !this.listed.has(plan.docsKey) && !(await this.sendList(worker, plan))) {
      return stopped();
    }
    let answer = await this.ask(worker, plan, resumes, epoch);
    if ("missing" in answer) {
      // The worker dropped the list (it keeps a bounded number): once more, with the list.
      if (!(await this.sendList(worker, plan))) return stopped();
      answer = await this.ask(worker, plan, false, epoch);
    }
    if ("missing" in answer)
      return failure("internal", "Search failed: the worker lost its documents.");
    this.resumable.delete(plan.key);
    // A change of the workspace while the worker searched: the stopping point may predate it.
    if (this.epoch !== epoch || this.worker !== worker) return answer.outcome;
    if (answer.resumable && answer.outcome.ok && answer.outcome.value.nextOffset !== null) {
      this.resumable.set(plan.key, answer.outcome.value.nextOffset);
    }
    return answer.outcome;
  }

  /**
   * The page the worker pushed, if it is the one `plan` asks: the next page of the same search,
   * with nothing changed since it was searched. Taken or not, it is let go.
   */
  private takePushed(plan: GrepPlan): (PushedPage & { worker: Worker }) | undefined {
    const p = this.pushed;
    this.pushed = undefined;
    const offset = plan.params.offset ?? 0;
    if (!p || p.key !== plan.key || p.offset !== offset) return undefined;
    if (p.epoch !== this.epoch || p.worker !== this.worker) return undefined;
    return this.resumable.get(plan.key) === offset ? p : undefined;
  }

  /**
   * Answers with a pushed page, and tells the worker it was taken: the worker searches the
   * page after it ahead (the next search waits for that, as after an answer with `ahead`).
   */
  private answerPushed(p: PushedPage & { worker: Worker }): Outcome<GrepPage> {
    const id = this.nextId++;
    p.worker.postMessage({ type: "took", id, key: p.key, offset: p.offset } satisfies ToWorker);
    this.ahead = { worker: p.worker, done: this.aheadDone(p.worker, id, this.epoch) };
    this.answeredPushed++;
    this.resumable.delete(p.key);
    if (p.resumable && p.outcome.ok && p.outcome.value.nextOffset !== null) {
      this.resumable.set(p.key, p.outcome.value.nextOffset);
    }
    return p.outcome;
  }

  /**
   * Resolves when `worker` is through searching ahead after its message `id`, or has ended;
   * keeps the page it pushed if the workspace is still at `epoch`, the one the worker's
   * documents are of (the changes since are not sent yet).
   */
  private aheadDone(worker: Worker, id: number, epoch: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        worker.off("message", onMessage);
        worker.off("exit", finish);
        resolve();
      };
      const onMessage = (m: FromWorker | AheadDone | Listed) => {
        if (!("aheadDone" in m) || m.aheadDone !== id) return;
        if (m.page && this.epoch === epoch && this.worker === worker) {
          this.pushed = { ...m.page, worker, epoch };
        }
        finish();
      };
      worker.on("message", onMessage);
      worker.on("exit", finish);
    });
  }

  /**
   * Sends a document list and waits until the worker keeps it (sorting 500 000 paths takes it
   * seconds: time no search's limit is charged with). False when the worker ended meanwhile.
   * Recorded as kept unless the workspace's paths changed since it was made.
   */
  private sendList(worker: Worker, listing: GrepListing): Promise<boolean> {
    const id = this.nextId++;
    const listEpoch = this.listEpoch;
    const docs = listing.docs;
    this.listsSent++;
    this.docsSent += docs.length;
    return new Promise<boolean>((resolve) => {
      const finish = (kept: boolean) => {
        worker.off("message", onMessage);
        worker.off("exit", onExit);
        if (kept && this.listEpoch === listEpoch && this.worker === worker) {
          if (this.listed.size >= MAX_LISTED) this.listed.clear();
          this.listed.add(listing.docsKey);
        }
        resolve(kept);
      };
      const onMessage = (m: FromWorker | AheadDone | Listed) => {
        if ("listed" in m && m.listed === id) finish(true);
      };
      const onExit = () => finish(false);
      worker.on("message", onMessage);
      worker.on("exit", onExit);
      worker.postMessage({
        type: "list",
        id,
        docsKey: listing.docsKey,
        docs: packList(docs),
      } satisfies ToWorker);
    });
  }

  /**
   * Waits until the worker is through searching a page ahead, so that the next search's time
   * runs from when the worker takes it. A worker still at it after the page's limit and the
   * grace is stuck in one line's match: it is ended (the next search starts a new one).
   */
  private async waitAhead(): Promise<void> {
    const ahead = this.ahead;
    this.ahead = undefined;
    if (!ahead || this.worker !== ahead.worker) return;
    let timer: NodeJS.Timeout | undefined;
    const stuck = new Promise<boolean>((resolve) => {
      timer = setTimeout(
        () => resolve(true),
        Math.min(AHEAD_LIMIT_MS, this.timeLimitMs) + this.graceMs,
      );
    });
    const overran = await Promise.race([ahead.done.then(() => false), stuck]);
    clearTimeout(timer);
    if (overran) {
      this.terminations++;
      this.discard(ahead.worker);
    }
  }

  /** Sends one search to the worker: as the next page of one, or over a list the worker keeps. */
  private ask(
    worker: Worker,
    plan: GrepPlan,
    resume: boolean,
    /** The workspace's epoch the worker's documents are of (changes since are not sent). */
    epoch: number,
  ): Promise<FromWorker> {
    const id = this.nextId++;
    const request: ToWorker = {
      type: "grep",
      id,
      key: plan.key,
      docsKey: plan.docsKey,
      params: plan.params,
      timeLimitMs: this.timeLimitMs,
      ...(plan.scope !== undefined ? { scope: plan.scope } : {}),
    };
    if (resume) request.resume = true;
    return new Promise<FromWorker>((resolve) => {
      const done = (answer: FromWorker) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        resolve(answer);
      };
      const onMessage = (m: FromWorker | AheadDone | Listed) => {
        if (!("id" in m) || m.id !== id) return;
        // The worker searches the next page ahead now: the next search waits for it.
        if ("ahead" in m) this.ahead = { worker, done: this.aheadDone(worker, id, epoch) };
        done(m);
      };
      const onError = (error: Error) => {
        this.discard(worker);
        done({
          id,
          outcome: failure("internal", `Search failed: ${error.message}`),
          resumable: false,
        });
      };
      const timer = setTimeout(() => {
        this.terminations++;
        this.discard(worker);
        done({ id, outcome: overran(this.timeLimitMs), resumable: false });
      }, this.timeLimitMs + this.graceMs);
      worker.on("message", onMessage);
      worker.once("error", onError);
      worker.postMessage(request);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(fileURLToPath(this.workerUrl));
    worker.unref();
    // Always heard, also between searches (a worker failing while it searches ahead): an
    // unheard worker error would end the server. The next search starts a new worker.
    worker.on("error", () => this.discard(worker));
    this.worker = worker;
    // A new worker has nothing: every document is to be sent.
    this.dirty = new Set(this.ws.contentDocIds());
    this.removed.clear();
    this.resumable.clear();
    this.listed.clear();
    return worker;
  }

  private discard(worker: Worker): void {
    this.resumable.clear();
    this.pushed = undefined;
    this.listed.clear();
    if (this.worker === worker) this.worker = undefined;
    void worker.terminate();
  }

  /** Sends changed documents' AI views in slices, yielding to the event loop between them. */
  private async sendChanges(worker: Worker): Promise<void> {
    if (this.removed.size > 0) {
      worker.postMessage({ type: "docs", set: [], remove: [...this.removed] } satisfies ToWorker);
      this.removed.clear();
    }
    while (this.dirty.size > 0) {
      const set: [string, string][] = [];
      let chars = 0;
      for (const docId of this.dirty) {
        this.dirty.delete(docId);
        // Sent once per change: the worker keeps it, this thread need not.
        const text = this.ws.view(docId)?.aiOnce();
        if (text === undefined) continue;
        set.push([docId, text]);
        chars += text.length;
        if (chars >= SLICE_CHARS) break;
      }
      if (set.length > 0) worker.postMessage({ type: "docs", set, remove: [] } satisfies ToWorker);
      this.textsSent += set.length;
      if (this.dirty.size > 0) await yieldToLoop();
      // Closed, or the worker discarded, while this thread yielded: its successor starts anew.
      if (this.worker !== worker) return;
    }
  }
}

/** The answer of a search whose worker ended before it was sent (the pool closed, or it failed). */
function stopped(): Outcome<GrepPage> {
  return failure("internal", "Search failed: the search worker stopped before it could search.");
}

/** The answer of a search ended by force: a time-out, never a silent "No matches". */
function overran(timeLimitMs: number): Outcome<GrepPage> {
  return failure(
    "timeout",
    `Search stopped at its time limit (${timeLimitMs} ms) before it could return anything: matching this pattern against some very long lines is too costly. Narrow the search with path or glob, or use a simpler pattern (fewer or smaller repetitions such as \\w{1000}).`,
  );
}

/** grepWorker.js beside this module (built), or in the package's dist/ (running from src/). */
function defaultWorkerUrl(): URL {
  const beside = new URL("./grepWorker.js", import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  return new URL("../../dist/grepWorker.js", import.meta.url);
}
