// What every operation of the service works with: the workspace, read-tracking sessions and the
// ports with their defaults filled in. Made once by createLens.
import type { SessionStore, Workspace } from "@lens/core";
import type { AuditSink, GrepRunner, Persist, ServiceLog } from "./ports.js";

export interface ServiceContext {
  workspace: Workspace;
  sessions: SessionStore;
  persist: Persist | undefined;
  audit: AuditSink | undefined;
  grep: GrepRunner | undefined;
  now: () => number;
  log: ServiceLog;
}

/** A transport's session and the handle the client passed (`session_id`, `Lens-Session`). */
export interface SessionRef {
  /** The transport session: an MCP session, the stdio process, one REST request. */
  transport: string;
  handle?: string | undefined;
}
