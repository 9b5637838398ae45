// What every route of the REST API works with: the workspace, read-tracking sessions and the
// durability hook awaited after each write.
import type { SessionStore, Workspace } from "@lens/core";

export interface RestDeps {
  workspace: Workspace;
  /** Shared with the MCP server under `lens serve`, so a Lens-Session handle is MCP's session_id. */
  sessions: SessionStore;
  /** Awaited after every change (edit, accept, reject) before the response goes out. */
  afterWrite: () => Promise<void>;
}
