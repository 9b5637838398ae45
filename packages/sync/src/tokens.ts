// Who may sync what. The server's authenticator (named tokens with roles and folders, the admin
// `--token`, or open on loopback) decides server-level calls; client tokens minted by
// `/doc/:id/auth` are HMAC-signed, per document, with an access level, an expiry and the named
// token that minted them (revoking it revokes them). Tokens are never logged.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { type Authenticator, type AuthOutcome, bearerToken } from "@lens/access";
import {
  type Caller,
  type Reach,
  reachesEntry,
  reachesFolder,
  roleIncludes,
  type Workspace,
} from "@lens/core";

/** What a client token allows on its document, as y-sweet names it. */
export type Access = "full" | "read-only";

/** A token's access to one document, or why it has none (401: no valid token; 404: out of reach). */
export type DocAccess = { access: Access } | { refused: 401 | 404; reason: string };

interface ClientClaims {
  /** Document id. */
  d: string;
  /** Access level. */
  a: Access;
  /** Expiry, ms since epoch. */
  e: number;
  /** Name of the named token that minted it (absent: the admin token). */
  n?: string;
}

const PREFIX = "lens1";

export { bearerToken };

export class TokenAuthority {
  private readonly secret: Buffer;

  /**
   * `secret` signs client tokens: the admin token when there is one (so client tokens outlive
   * a restart), else a random key of this process (clients fetch new ones after a restart).
   */
  constructor(
    private readonly auth: Authenticator,
    private readonly ws: Workspace,
    secret: string | undefined,
    private readonly now: () => number,
  ) {
    this.secret = secret ? Buffer.from(secret, "utf8") : randomBytes(32);
  }

  /** Whether requests need a token; without one every request is allowed with full access. */
  get enabled(): boolean {
    return !this.auth.open;
  }

  /** Who sends an `Authorization` header (server-level endpoints). */
  identify(header: string | undefined): AuthOutcome {
    return this.auth.authenticate(header);
  }

  /** A client token for one document, or undefined on an open server (no token needed). */
  issue(
    docId: string,
    access: Access,
    validForSeconds: number,
    minter?: string,
  ): string | undefined {
    if (!this.enabled) return undefined;
    const claims: ClientClaims = { d: docId, a: access, e: this.now() + validForSeconds * 1000 };
    if (minter !== undefined) claims.n = minter;
    const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
    return `${PREFIX}.${payload}.${this.sign(payload)}`;
  }

  /**
   * The access a token grants on `docId`: a client token its own document until it expires
   * (and while the token that minted it lives); a server-level token what its role and folders
   * allow (`edit` and up: full, below: read-only). Undefined = refused.
   */
  accessTo(docId: string, token: string | undefined): DocAccess {
    if (!this.enabled) return { access: "full" };
    if (token === undefined) return { refused: 401, reason: "missing" };
    if (token.startsWith(`${PREFIX}.`)) {
      const claims = this.verify(token);
      if (!claims || claims.d !== docId || claims.e < this.now()) {
        return { refused: 401, reason: "invalid" };
      }
      if (claims.n !== undefined && !this.auth.isLive(claims.n)) {
        return { refused: 401, reason: "invalid" };
      }
      return { access: claims.a };
    }
    const who = this.auth.identify(token);
    if (!who.ok) return { refused: 401, reason: who.failure };
    const access = docAccess(this.ws, docId, who.identity.caller);
    // Outside the token's folders: answered as a document that does not exist.
    return access ? { access } : { refused: 404, reason: "outside the token's folders" };
  }

  private verify(token: string): ClientClaims | undefined {
    const [prefix, payload, signature, ...rest] = token.split(".");
    if (prefix !== PREFIX || !payload || !signature || rest.length > 0) return undefined;
    if (!safeEqual(Buffer.from(signature, "utf8"), Buffer.from(this.sign(payload), "utf8"))) {
      return undefined;
    }
    try {
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ClientClaims;
      const accessOk = claims.a === "full" || claims.a === "read-only";
      const minterOk = claims.n === undefined || typeof claims.n === "string";
      return typeof claims.d === "string" && typeof claims.e === "number" && accessOk && minterOk
        ? claims
        : undefined;
    } catch {
      return undefined;
    }
  }

  private sign(payload: string): string {
    return createHmac("sha256", this.secret)
      .update(`lens-sync client token\n${payload}`)
      .digest("base64url");
  }
}

/**
 * What `caller` may do to `docId` over sync: nothing outside its folders, read-only below the
 * `edit` role, full from `edit` up. Undefined = refused (answered like a missing doc).
 */
export function docAccess(ws: Workspace, docId: string, caller: Caller): Access | undefined {
  if (!docInReach(ws, docId, caller.reach, roleIncludes(caller.role, "edit"))) return undefined;
  return roleIncludes(caller.role, "edit") ? "full" : "read-only";
}

/**
 * True when `docId` lies in `reach`: a folder doc of a reached folder, or a document listed in
 * one. A doc that does not exist yet is in reach only for a caller that may create it (a Relay
 * client makes the content doc before listing it); an existing doc listed nowhere is not.
 */
export function docInReach(
  ws: Workspace,
  docId: string,
  reach: Reach,
  mayCreate: boolean,
): boolean {
  if (reach.all) return true;
  const folder = ws.folder(docId);
  if (folder) return reachesFolder(reach, folder.name);
  const path = ws.paths.pathOf(docId);
  // Every folder listing the doc must be reached (an entry of a reached folder naming another
  // folder's note does not bring that note into reach).
  if (path !== undefined) return reachesEntry(ws, reach, { path, docId });
  const exists = ws.hasDoc(docId) || ws.unavailableReason(docId) !== undefined;
  return !exists && mayCreate;
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
