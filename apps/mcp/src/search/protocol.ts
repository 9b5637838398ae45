// Messages between the grep pool (main thread) and its worker.
import type { GrepPage, GrepParams, Outcome } from "@lens/core";

/** Main → worker. */
export type ToWorker =
  /** Mirror updates: new AI views by doc id, and docs gone. */
  | { type: "docs"; set: [docId: string, text: string][]; remove: string[] }
  | {
      type: "grep";
      id: number;
      docs: [path: string, docId: string][];
      params: GrepParams;
      scope?: string;
      timeLimitMs: number;
    };

/** Worker → main. */
export interface FromWorker {
  id: number;
  outcome: Outcome<GrepPage>;
}
