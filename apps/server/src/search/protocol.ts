// Messages between the grep pool (main thread) and its worker.
import type { GrepPage, GrepParams, Outcome } from "@lens/core";

/** Main → worker. */
export type ToWorker =
  /** Mirror updates: new AI views by doc id, and docs gone. */
  | { type: "docs"; set: [docId: string, text: string][]; remove: string[] }
  | {
      type: "grep";
      id: number;
      /** The search whatever its page (core's GrepPlan key). */
      key: string;
      /** The documents whatever the search (core's GrepPlan docsKey). */
      docsKey: string;
      /**
       * The documents in scope; the worker keeps them under `docsKey`. Left out when the worker
       * has what it needs (nothing changed since): the next page of a search it said it can
       * resume, or another search over a list it was sent. It answers `missing` if it cannot.
       */
      docs?: [path: string, docId: string][];
      /** Sent without `docs`: the next page of the search `key`, resumed where it stopped. */
      resume?: true;
      params: GrepParams;
      scope?: string;
      timeLimitMs: number;
    };

/** Worker → main. */
export type FromWorker =
  | {
      id: number;
      outcome: Outcome<GrepPage>;
      /** The worker keeps where this search stopped: its next page may leave `docs` out. */
      resumable: boolean;
      /**
       * The worker searches the next page of this search ahead now (grepMirror.ts), and posts
       * `AheadDone` when through: the pool waits for that before sending the next search.
       */
      ahead?: true;
    }
  | { id: number; missing: true };

/** Worker → main, after an answer with `ahead`: the page ahead is searched (kept or not). */
export interface AheadDone {
  aheadDone: number;
}

/**
 * Time a page searched ahead may take (the worker drops a page that took longer). One line's
 * match cannot be interrupted: a worker still searching ahead this long plus the pool's grace
 * after it answered is ended by the pool, and the next search goes to a new worker.
 */
export const AHEAD_LIMIT_MS = 200;
