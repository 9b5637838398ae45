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
      /**
       * The documents in scope. Left out to ask for the next page of a search the worker said
       * it can resume (nothing changed since): it then answers `missing` if it cannot.
       */
      docs?: [path: string, docId: string][];
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
    }
  | { id: number; missing: true };
