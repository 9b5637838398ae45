// What every operation of the service works with: the workspace, read-tracking sessions and the
// ports with their defaults filled in. Made once by createLens.
import type { Workspace } from "@lens/core";
import type { AuditSink, GrepRunner, Persist, ServiceLog } from "./ports.js";
import type { ReadTracking } from "./reads/tracking.js";

export interface ServiceContext {
  workspace: Workspace;
  reads: ReadTracking;
  persist: Persist | undefined;
  audit: AuditSink | undefined;
  grep: GrepRunner | undefined;
  now: () => number;
  log: ServiceLog;
}

/**
 * Where a call's reads are tracked: the transport's session and the handle the client passed
 * (`session_id`, `Lens-Session`). A call with neither (a stateless MCP request) has its read
 * answered with a handle the server issues.
 */
export interface SessionRef {
  /** The transport session: an MCP session, the stdio process, one REST request. */
  transport?: string | undefined;
  /**
   * The transport session stands as a handle of its own, kept with the handles (an MCP
   * session: its reads outlive the process). Otherwise it lives in memory only.
   */
  durable?: boolean;
  handle?: string | undefined;
}
