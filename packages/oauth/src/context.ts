// What every OAuth endpoint shares: the state, the authenticator, the clock, the limits.
import type { AuditLog, Authenticator } from "@lens/access";
import type { ClientMetadataFetcher } from "./clientMetadataDocument.js";
import type { PendingRequests } from "./pending.js";
import type { OAuthState } from "./state.js";

export interface OAuthContext {
  state: OAuthState;
  auth: Authenticator;
  dataDir: string;
  audit: AuditLog | undefined;
  publicUrl: string | undefined;
  documents: ClientMetadataFetcher | undefined;
  pending: PendingRequests;
  now: () => number;
  /** The folders this server holds (what an approver whose reach is every folder may pick). */
  folders: () => string[];
}
