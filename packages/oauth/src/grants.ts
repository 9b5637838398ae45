// A grant is a named Lens credential: a record in tokens.json (@lens/access) with `oauth` set
// and no token of its own, named after its client and who approved it, with the role and
// folders chosen on the consent page and an expiry. `lens token list` and REST's /tokens show
// it, `lens token revoke` ends it. Its access and refresh tokens live in the OAuth state.
import { randomBytes, randomUUID } from "node:crypto";
import {
  type AuditLog,
  changeTokens,
  checkTokenName,
  TokenChangeError,
  type TokenRecord,
} from "@lens/access";
import type { CodeRecord, GrantState, OAuthState } from "./state.js";
import { digestHex } from "./state.js";

/** How long a grant (so its refresh tokens) lasts: then the person approves the client again. */
export const GRANT_MS = 30 * 24 * 3600_000;
/** How long an access token lasts. */
export const ACCESS_TOKEN_MS = 3600_000;

/** A fresh secret with a prefix saying what it is (`lens_at_`, `lens_rt_`, `lens_ac_`). */
export function secret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString("base64url")}`;
}

/** `Claude (approved by Bo)`, clipped to a token name's 64 characters. */
function grantName(clientName: string, approvedBy: string, n: number): string {
  const by = ` (approved by ${approvedBy.slice(0, 24)})${n > 1 ? ` ${n}` : ""}`;
  return checkTokenName(`${clientName.slice(0, 64 - by.length)}${by}`);
}

/** Writes the grant's token record for an exchanged code; returns it. */
export async function addGrantRecord(
  dataDir: string,
  id: string,
  code: CodeRecord,
  now: number,
): Promise<TokenRecord> {
  return changeTokens(dataDir, (records) => {
    const taken = new Set(records.map((r) => r.name.toLowerCase()));
    let n = 1;
    let name = grantName(code.clientName, code.approvedBy, n);
    while (taken.has(name.toLowerCase())) name = grantName(code.clientName, code.approvedBy, ++n);
    const record: TokenRecord = {
      id,
      name,
      role: code.role,
      folders: code.folders,
      created: new Date(now).toISOString(),
      expires: new Date(now + GRANT_MS).toISOString(),
      oauth: { client: code.clientId, approvedBy: code.approvedBy },
    };
    return { records: [...records, record], result: record };
  });
}

/** Removes the grant record with id `id`, if it is still there; returns it. */
export async function revokeGrantRecord(
  dataDir: string,
  id: string,
): Promise<TokenRecord | undefined> {
  try {
    return await changeTokens(dataDir, (records) => {
      const gone = records.find((r) => r.id === id && r.oauth !== undefined);
      if (!gone) throw new TokenChangeError("gone already");
      return { records: records.filter((r) => r !== gone), result: gone };
    });
  } catch (e) {
    if (e instanceof TokenChangeError) return undefined;
    throw e;
  }
}

export interface IssuedTokens {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** New access and refresh tokens for `grant` (the old refresh token stops): kept as digests. */
export function issueTokens(
  state: OAuthState,
  grant: GrantState,
  grantExpires: number,
  now: number,
): IssuedTokens {
  const access = secret("lens_at_");
  const refresh = secret("lens_rt_");
  const expires = Math.min(now + ACCESS_TOKEN_MS, grantExpires);
  state.access.set(digestHex(access), { digest: digestHex(access), grant: grant.id, expires });
  grant.refresh = digestHex(refresh);
  state.grants.set(grant.id, grant);
  return {
    access_token: access,
    token_type: "Bearer",
    expires_in: Math.max(0, Math.floor((expires - now) / 1000)),
    refresh_token: refresh,
    scope: grant.scope,
  };
}

/** Records a grant's creation or end in the audit log, when there is one. */
export async function auditGrant(
  audit: AuditLog | undefined,
  action: "token.add" | "token.revoke",
  who: string,
  record: TokenRecord,
  reason?: string,
): Promise<void> {
  await audit?.record({
    who,
    action,
    outcome: "ok",
    detail: {
      name: record.name,
      role: record.role,
      folders: record.folders,
      oauth_client: record.oauth?.client,
      ...(reason ? { reason } : {}),
    },
  });
}

/** A fresh grant id (the token record's id). */
export const newGrantId = (): string => randomUUID();
