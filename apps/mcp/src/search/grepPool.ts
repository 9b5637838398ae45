// Runs grep off the main thread. A worker keeps a mirror of the documents' AI views, updated
// with the documents that changed since the last search (sent just before it, in order, in
// slices that yield to the event loop), and answers each search. A search still running when
// its time limit and a grace period are over is ended by terminating the worker, which a
// search stuck inside one line's regex match could never notice itself; the next search
// starts a new worker and sends it every document again. Searches run one at a time.
//
// Paging: the worker keeps where a search's page stopped, with its documents filtered and in
// order. While nothing in the workspace changes, the next page of that search (same plan key,
// the offset the page gave) is sent without the document list, and the worker goes on from
// there: paging through a long answer costs about one search in all. Any workspace event
// forgets every such point on this side; the worker drops its own when documents change.
import { existsSync } from "node:fs";
import { setImmediate as yieldToLoop } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import {
  DEFAULT_TIME_LIMIT_MS,
  failure,
  type GrepPage,
  type GrepPlan,
  type Outcome,
  type Workspace,
} from "@lens/core";
import type { FromWorker, ToWorker } from "./protocol.js";

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
  /** Searches sent with their document list; a resumed next page is sent without (for tests). */
  listsSent = 0;

  constructor(
    private readonly ws: Workspace,
    options: GrepPoolOptions = {},
  ) {
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.graceMs = options.graceMs ?? 1000;
    this.maxQueue = options.maxQueue ?? 32;
    this.workerUrl = options.workerUrl ?? defaultWorkerUrl();
    this.stopWatching = ws.on((e) => {
      this.resumable.clear();
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

  async close(): Promise<void> {
    this.stopWatching();
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private async run(plan: GrepPlan): Promise<Outcome<GrepPage>> {
    const worker = this.ensureWorker();
    await this.sendChanges(worker);
    // The next page of the last search: the worker still has its documents in order.
    const resumes = this.resumable.get(plan.key) === (plan.params.offset ?? 0);
    let answer = await this.ask(worker, plan, !resumes);
    if ("missing" in answer) answer = await this.ask(worker, plan, true);
    if ("missing" in answer)
      return failure("internal", "Search failed: the worker lost its documents.");
    this.resumable.delete(plan.key);
    if (answer.resumable && answer.outcome.ok && answer.outcome.value.nextOffset !== null) {
      this.resumable.set(plan.key, answer.outcome.value.nextOffset);
    }
    return answer.outcome;
  }

  /** Sends one search to the worker (with its documents, or as the next page of one). */
  private ask(worker: Worker, plan: GrepPlan, withDocs: boolean): Promise<FromWorker> {
    const id = this.nextId++;
    if (withDocs) this.listsSent++;
    const request: ToWorker = {
      type: "grep",
      id,
      key: plan.key,
      params: plan.params,
      timeLimitMs: this.timeLimitMs,
      ...(withDocs ? { docs: plan.docs.map((d): [string, string] => [d.path, d.docId]) } : {}),
      ...(plan.scope !== undefined ? { scope: plan.scope } : {}),
    };
    return new Promise<FromWorker>((resolve) => {
      const done = (answer: FromWorker) => {
        clearTimeout(timer);
        worker.off("message", onMessage);
        worker.off("error", onError);
        resolve(answer);
      };
      const onMessage = (m: FromWorker) => {
        if (m.id === id) done(m);
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
    this.worker = worker;
    // A new worker has nothing: every document is to be sent.
    this.dirty = new Set(this.ws.contentDocIds());
    this.removed.clear();
    return worker;
  }

  private discard(worker: Worker): void {
    this.resumable.clear();
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
        const text = this.ws.view(docId)?.ai;
        if (text === undefined) continue;
        set.push([docId, text]);
        chars += text.length;
        if (chars >= SLICE_CHARS) break;
      }
      if (set.length > 0) worker.postMessage({ type: "docs", set, remove: [] } satisfies ToWorker);
      if (this.dirty.size > 0) await yieldToLoop();
    }
  }
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
