// What every route of the REST API works with: the service (which authorises, runs, persists
// and audits every operation) and its workspace.
import type { AuditLog } from "@lens/access";
import type { Workspace } from "@lens/core";
import type { Lens } from "@lens/service";

export interface RestDeps {
  lens: Lens;
  /** The service's workspace (read-only uses: summaries, ETags, change feeds). */
  workspace: Workspace;
  /**
   * Where the bytes of an attachment (blob `hash` of entry doc `docId`) are on disk, if this
   * host holds them (GET /files/{path}); unset: none are served.
   */
  attachmentFile?: (docId: string, hash: string) => string | undefined;
  /** The audit log the admin routes page through (unset: no /audit). */
  audit?: AuditLog;
}
