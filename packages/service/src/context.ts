// What every operation of the service works with: the workspace, read-tracking sessions and the
// ports with their defaults filled in. Made once by createLens.
import type { Role, SuggestionHistory, Workspace } from "@lens/core";
import type { AuditSink, GrepRunner, Persist, ServiceLog, WriteRouter } from "./ports.js";
import type { ReadTracking } from "./reads/tracking.js";
import type { UndoLog } from "./undoLog.js";

export type { SessionRef } from "./reads/sessionRef.js";

export interface ServiceContext {
  workspace: Workspace;
  reads: ReadTracking;
  persist: Persist | undefined;
  audit: AuditSink | undefined;
  grep: GrepRunner | undefined;
  now: () => number;
  log: ServiceLog;
  writes: WriteRouter | undefined;
  /** The named tokens' roles by name (authors: assistants or people). */
  tokenRoles: (() => ReadonlyMap<string, Role>) | undefined;
  /** The undos reviews left, by token. */
  undos: UndoLog;
  /** The suggestions tools wrote and what became of them (loaded from the audit trail). */
  history: SuggestionHistory;
}
