// Who may sync what. The server's authenticator (named tokens with roles and folders, the admin
// `--token`, or open on loopback) decides server-level calls; client tokens minted by
// `/doc/:id/auth` are HMAC-signed, per document, with an access level, an expiry and the unique
// id of the credential that minted them. Every use of a client token asks again what that
// credential may do to the doc now (revoked or expired: nothing; the doc moved out of its
// folders: 404). Tokens are never logged.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  type Authenticator,
  type AuthOutcome,
  bearerToken,
  type CredentialEnd,
} from "@lens/access";
import {
  type Caller,
  OWNER,
  type Reach,
  reachesEntry,
  reachesFolder,
  type Workspace,
} from "@lens/core";
import { may } from "@lens/service";

/** What a client token allows on its document, as y-sweet names it. */
export type Access = "full" | "read-only";

/** What a token opened a document with: its access and the credential behind it. */
export interface Grant {
  access: Access;
  /** Unique id of the credential (the minter, for a client token; see `Identity.credential`). */
  credential: string;
  /** What that credential may do (its role and folders). */
  caller: Caller;
}

/** A token's access to one document, or why it has none (401: no valid token; 404: out of reach). */
export type DocAccess = Grant | { refused: 401 | 404; reason: string };

interface ClientClaims {
  /** Document id. */
  d: string;
  /** Access level. */
  a: Access;
  /** Expiry, ms since epoch. */
  e: number;
  /** Unique id of the credential that minted it (never its name: a name can be reused). */
  c: string;
}

const PREFIX = "lens1";

/** Longest life of a client token (`validForSeconds`): one day. y-sweet's default is an hour. */
export const MAX_TOKEN_TTL_SECONDS = 86_400;

const OPEN_GRANT: Grant = { access: "full", credential: "owner", caller: OWNER };

export { bearerToken };

export class TokenAuthority {
  private readonly secret: Buffer;
  /**
   * Who created each doc sync created (doc id → credential): a doc listed in no folder yet is in
   * reach of the credential that made it (a Relay client makes a note's doc, then lists it).
   */
  private readonly creators = new Map<string, string>();

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

  /** Notes that `credential` created `docId` through sync (see `creators`). */
  created(docId: string, credential: string): void {
    this.creators.set(docId, credential);
  }

  /** Calls `onEnd` once when `credential` is revoked or expires (within 250 ms). */
  watch(credential: string, onEnd: (why: CredentialEnd) => void): () => void {
    return this.auth.watch(credential, onEnd);
  }

  /**
   * A client token for one document minted by `credential` (its unique id), or undefined on an
   * open server (no token needed).
   */
  issue(
    docId: string,
    access: Access,
    validForSeconds: number,
    credential: string,
  ): string | undefined {
    if (!this.enabled) return undefined;
    const claims: ClientClaims = {
      d: docId,
      a: access,
      e: this.now() + validForSeconds * 1000,
      c: credential,
    };
    const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
    return `${PREFIX}.${payload}.${this.sign(payload)}`;
  }

  /**
   * The access a token grants on `docId`: a client token its own document until it expires, as
   * far as the credential that minted it may still reach it; a server-level token what its role
   * and folders allow (`edit` and up: full, below: read-only).
   */
  accessTo(docId: string, token: string | undefined): DocAccess {
    if (!this.enabled) return OPEN_GRANT;
    if (token === undefined) return { refused: 401, reason: "missing" };
    if (token.startsWith(`${PREFIX}.`)) {
      const claims = this.verify(token);
      if (!claims || claims.d !== docId || claims.e < this.now()) {
        return { refused: 401, reason: "invalid" };
      }
      return this.recheck(docId, { access: claims.a, credential: claims.c });
    }
    const who = this.auth.identify(token);
    if (!who.ok) return { refused: 401, reason: who.failure };
    const { caller, credential } = who.identity;
    const access = this.docAccess(docId, caller, credential);
    // Outside the token's folders: answered as a document that does not exist.
    return access ? { access, credential, caller } : OUT_OF_REACH;
  }

  /**
   * What `grant` allows on `docId` now: at most its access, as far as its credential still
   * works (else 401) and still reaches the doc (else 404). Asked on every use of a client token
   * and on every update a WebSocket sends.
   */
  recheck(docId: string, grant: { access: Access; credential: string }): DocAccess {
    // Even when revoking the last token opened the server: what was opened with a credential
    // ends with it (and comes back as the owner's, if it reconnects).
    const identity = this.auth.identityOf(grant.credential);
    if (!identity) return { refused: 401, reason: "invalid" };
    const allowed = this.docAccess(docId, identity.caller, grant.credential);
    if (!allowed) return OUT_OF_REACH;
    const access = allowed === "full" && grant.access === "full" ? "full" : "read-only";
    return { access, credential: grant.credential, caller: identity.caller };
  }

  /** What `caller` (credential `credential`) may do to `docId` over sync (see `docAccess`). */
  docAccess(docId: string, caller: Caller, credential: string): Access | undefined {
    return docAccess(this.ws, docId, caller, this.creators.get(docId) === credential);
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
      // Tokens minted before they named a credential id (`n`: a name) are refused.
      return typeof claims.d === "string" &&
        typeof claims.e === "number" &&
        typeof claims.c === "string" &&
        accessOk
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

const OUT_OF_REACH: DocAccess = { refused: 404, reason: "outside the token's folders" };

/**
 * What `caller` may do to `docId` over sync: nothing outside its folders, read-only below the
 * `edit` role, full from `edit` up. Undefined = refused (answered like a missing doc).
 * `createdByCaller`: the doc was made through sync by this caller's credential.
 */
export function docAccess(
  ws: Workspace,
  docId: string,
  caller: Caller,
  createdByCaller = false,
): Access | undefined {
  const edit = may(caller, "sync.write");
  if (!docInReach(ws, docId, caller.reach, edit, createdByCaller && edit)) return undefined;
  return edit ? "full" : "read-only";
}

/**
 * True when `docId` lies in `reach`: a folder doc of a reached folder, or a document listed in
 * one. A doc that does not exist yet is in reach only for a caller that may create it, and an
 * existing doc listed nowhere only for the one that created it (`createdByCaller`: a Relay
 * client makes the content doc, connects to it, then lists it).
 */
export function docInReach(
  ws: Workspace,
  docId: string,
  reach: Reach,
  mayCreate: boolean,
  createdByCaller = false,
): boolean {
  if (reach.all) return true;
  const folder = ws.folder(docId);
  if (folder) return reachesFolder(reach, folder.name);
  const path = ws.paths.pathOf(docId);
  // Every folder listing the doc must be reached (an entry of a reached folder naming another
  // folder's note does not bring that note into reach).
  if (path !== undefined) return reachesEntry(ws, reach, { path, docId });
  const exists = ws.hasDoc(docId) || ws.unavailableReason(docId) !== undefined;
  return exists ? createdByCaller : mayCreate;
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
