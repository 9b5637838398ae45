// What every operation of the service works with: the workspace, read-tracking sessions and the
// ports with their defaults filled in. Made once by createLens.
import type { SuggestionHistory, Workspace } from "@lens/core";
import type { AuditSink, GrepRunner, Persist, ServiceLog } from "./ports.js";
import type { ReadTracking } from "./reads/tracking.js";

export type { SessionRef } from "./reads/sessionRef.js";

export interface ServiceContext {
  workspace: Workspace;
  reads: ReadTracking;
  persist: Persist | undefined;
  audit: AuditSink | undefined;
  grep: GrepRunner | undefined;
  now: () => number;
  log: ServiceLog;
  /** The suggestions tools wrote and what became of them (loaded from the audit trail). */
  history: SuggestionHistory;
}
