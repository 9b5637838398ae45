// What every route of the REST API works with: the service (which authorises, runs, persists
// and audits every operation) and its workspace.
import type { Readable } from "node:stream";
import type { AuditLog } from "@lens/access";
import type { Workspace } from "@lens/core";
import type { Lens } from "@lens/service";

export interface RestDeps {
  lens: Lens;
  /** The service's workspace (read-only uses: summaries, ETags, change feeds). */
  workspace: Workspace;
  /**
   * The bytes of an attachment (blob `hash` of entry doc `docId`) as a stream with its size,
   * if this host holds them (GET /files/{path}); unset: none are served.
   */
  openAttachment?: (
    docId: string,
    hash: string,
  ) => Promise<{ stream: Readable; size: number } | undefined>;
  /** The audit log the admin routes page through (unset: no /audit). */
  audit?: AuditLog;
}
