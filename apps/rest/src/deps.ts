// What every route of the REST API works with: the workspace, read-tracking sessions and the
// durability hook awaited after each write.
import type { AuditLog } from "@lens/access";
import type {
  GrepPlan,
  GrepRecordsResult,
  GrepResult,
  SessionStore,
  ToolResult,
  Workspace,
} from "@lens/core";

/**
 * Runs a planned grep somewhere else (`lens serve` runs searches in a worker thread, so none
 * holds the event loop). The text result and, when asked, the same search as records.
 */
export type GrepRunner = (
  plan: GrepPlan,
  options: { records: boolean },
) => Promise<{ result: ToolResult; records?: GrepRecordsResult | { error: GrepResult } }>;

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
