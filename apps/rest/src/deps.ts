// What every route of the REST API works with: the workspace, read-tracking sessions and the
// durability hook awaited after each write.
import type { AuditLog } from "@lens/access";
import type { GrepPage, GrepPlan, Outcome, SessionStore, Workspace } from "@lens/core";

/**
 * Runs a planned grep somewhere else (`lens serve` runs searches in a worker thread, so none
 * holds the event loop): the grep tool's outcome, as core's tool would give it.
 */
export type GrepRunner = (plan: GrepPlan) => Promise<Outcome<GrepPage>>;

export interface RestDeps {
  workspace: Workspace;
  /** Shared with the MCP server under `lens serve`, so a Lens-Session handle is MCP's session_id. */
  sessions: SessionStore;
  /** Awaited after every change (edit, accept, reject) before the response goes out. */
  afterWrite: () => Promise<void>;
  /** Where grep runs; unset = in this thread (core's grep tool). */
  grep?: GrepRunner;
  /** Where reviews and token changes are recorded (unset: not recorded). */
  audit?: AuditLog;
}
