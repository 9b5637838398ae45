// Messages between the grep pool (main thread) and its worker.
import type { GrepPage, GrepParams, Outcome } from "@lens/core";
import type { PackedList } from "./packedList.js";

/** Main → worker. */
export type ToWorker =
  /** Mirror updates: new AI views by doc id, and docs gone. */
  | { type: "docs"; set: [docId: string, text: string][]; remove: string[] }
  /**
   * A document list to keep under `docsKey` (core's GrepPlan docsKey), sorted once in path
   * order; the worker answers `Listed`. Kept while documents' texts change; dropped when one
   * goes away (the pool sends lists again after any change of paths or documents).
   */
  | { type: "list"; id: number; docsKey: string; docs: PackedList }
  | {
      type: "grep";
      id: number;
      /** The search whatever its page (core's GrepPlan key). */
      key: string;
      /** The documents whatever the search: a list the worker keeps (see `list`). */
      docsKey: string;
      /**
       * The next page of the search `key`, resumed where it stopped. The worker answers
       * `missing` when it has no such stopping point, or no list under `docsKey`.
       */
      resume?: true;
      params: GrepParams;
      scope?: string;
      timeLimitMs: number;
    }
  /**
   * The pool answered the page `offset` of the search `key` with the page the worker pushed
   * (`AheadDone.page`): the worker searches the page after it ahead, and posts `AheadDone`
   * with `id` when through.
   */
  | { type: "took"; id: number; key: string; offset: number };

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

/** Worker → main: the list `id` is kept, in path order. */
export interface Listed {
  listed: number;
}

/**
 * Worker → main, after an answer with `ahead` (or a `took`): the page ahead is searched. When
 * the worker kept it, it is pushed here too, so that the pool answers the client's next page
 * at once instead of asking the worker for it.
 */
export interface AheadDone {
  aheadDone: number;
  page?: PushedPage;
}

/** A page searched ahead: the page `offset` of the search `key`, as the worker would answer it. */
export interface PushedPage {
  key: string;
  offset: number;
  outcome: Outcome<GrepPage>;
  /** The worker keeps where this page stopped (its next page is resumed there). */
  resumable: boolean;
}

/**
 * Time a page searched ahead may take (the worker drops a page that took longer). One line's
 * match cannot be interrupted: a worker still searching ahead this long plus the pool's grace
 * after it answered is ended by the pool, and the next search goes to a new worker.
 */
export const AHEAD_LIMIT_MS = 200;
