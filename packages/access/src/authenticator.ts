// The one authenticator of a Lens server: turns an Authorization header into a Caller (role,
// reach, author) for MCP, REST and sync alike. Named tokens come from the data directory's token
// file, re-read whenever it changes, so `lens token add/revoke` takes effect in a running
// server; `--token` stays an admin token; with no token at all a loopback server is open. Each
// credential has a unique id, and what was opened with one can watch it (credentialWatch.ts).
import { readFileSync, statSync } from "node:fs";
import { type Caller, EVERYWHERE, folderReach, OWNER } from "@lens/core";
import { bearerToken, digestsEqual, tokenDigest } from "./bearer.js";
import { type CredentialEnd, CredentialWatch } from "./credentialWatch.js";
import { parseTokenFile, type TokenRecord, tokenFilePath } from "./tokenFile.js";

/** Why a request was not authenticated. */
export type AuthFailure = "missing" | "invalid" | "expired";

/** Who an authenticated request is: the caller the tools see, and a label for logs and audit. */
export interface Identity {
  caller: Caller;
  /** The token's name, "admin token" for `--token`, or "owner" on an open server. */
  who: string;
  /** Set for named tokens: the name the token file knows it by. */
  tokenName?: string;
  /**
   * The credential's unique id: a named token's record id (a new one for a new token under an
   * old name), `admin` for `--token`, `owner` on an open server. What client tokens name.
   */
  credential: string;
}

export type AuthOutcome = { ok: true; identity: Identity } | { ok: false; failure: AuthFailure };

export interface AuthenticatorOptions {
  /** Data directory holding `.lens/tokens.json`; unset = no named tokens. */
  dataDir?: string;
  /** The `--token` secret: an admin token reaching every folder. */
  adminToken?: string;
  /**
   * True off loopback: with no token configured at all, every request is refused instead of
   * the server being open (revoking the last token never opens a public server).
   */
  requireToken?: boolean;
  now?: () => number;
  /** Told when the token file cannot be read (the previous tokens stop working). */
  onFileError?: (message: string) => void;
  /** How often watched credentials are checked (see `watch`), in ms; default 250. */
  watchIntervalMs?: number;
  /** OAuth access tokens (@lens/oauth); unset = none. */
  accessTokens?: AccessTokenLookup;
}

interface Loaded {
  stamp: string;
  records: TokenRecord[];
  /** The records holding a bearer token (not OAuth grants), with its digest. */
  bearers: { record: TokenRecord; digest: Buffer }[];
  error?: string;
}

/**
 * Where OAuth access tokens are looked up (@lens/oauth): the grant (a token record's id) a
 * token's digest was issued for, and when it expires (ms). The Authenticator then resolves
 * the grant's record as any named token's, so a revoked or expired grant stops at once.
 */
export interface AccessTokenLookup {
  accessToken(digest: Buffer): { credential: string; expires: number } | undefined;
}

const OWNER_IDENTITY: Identity = { caller: OWNER, who: "owner", credential: "owner" };
const ADMIN_IDENTITY: Identity = {
  caller: { role: "admin", reach: EVERYWHERE },
  who: "admin token",
  credential: "admin",
};

/** Default period of credential watches: a revocation reaches open connections within 1 s. */
export const WATCH_INTERVAL_MS = 250;

function namedIdentity(r: TokenRecord): Identity {
  return {
    caller: { role: r.role, reach: folderReach(r.folders), author: r.name },
    who: r.name,
    tokenName: r.name,
    credential: r.id,
  };
}

export class Authenticator {
  private readonly adminDigest: Buffer | undefined;
  private loaded: Loaded = { stamp: "", records: [], bearers: [] };
  private readonly now: () => number;
  /** Last successful use of each named token (ms), kept in memory. */
  readonly lastUsed = new Map<string, number>();
  private readonly watches: CredentialWatch;

  constructor(private readonly options: AuthenticatorOptions = {}) {
    this.adminDigest = options.adminToken ? tokenDigest(options.adminToken) : undefined;
    this.now = options.now ?? Date.now;
    this.watches = new CredentialWatch(
      (credential) => this.endOf(credential),
      options.watchIntervalMs ?? WATCH_INTERVAL_MS,
      () => this.refresh(),
    );
    this.refresh();
  }

  /** The named tokens as last read (never the tokens themselves). */
  records(): readonly TokenRecord[] {
    this.refresh();
    return this.loaded.records;
  }

  /** True when no token of any kind exists and none is required: everyone is the owner. */
  get open(): boolean {
    this.refresh();
    return this.openAsRead();
  }

  /** `open`, from the token file as last read. */
  private openAsRead(): boolean {
    return (
      !this.options.requireToken &&
      this.adminDigest === undefined &&
      this.loaded.records.length === 0 &&
      this.loaded.error === undefined
    );
  }

  /** True when some token is configured (so requests must carry one). */
  get hasTokens(): boolean {
    return !this.open;
  }

  /** Who sends `header` (an Authorization header value). */
  authenticate(header: string | null | undefined): AuthOutcome {
    if (this.open) return { ok: true, identity: OWNER_IDENTITY };
    const token = bearerToken(header);
    if (token === undefined) return { ok: false, failure: "missing" };
    return this.identify(token);
  }

  /** Who holds `token` (a bare token, as sync's `?token=` carries it). */
  identify(token: string): AuthOutcome {
    if (this.open) return { ok: true, identity: OWNER_IDENTITY };
    const digest = tokenDigest(token);
    if (this.adminDigest && digestsEqual(digest, this.adminDigest)) {
      return { ok: true, identity: ADMIN_IDENTITY };
    }
    const access = this.options.accessTokens?.accessToken(digest);
    if (access) return this.grantIdentity(access.credential, access.expires);
    // Every stored digest is compared (no early exit): the time says nothing about which.
    let found: TokenRecord | undefined;
    for (const b of this.loaded.bearers) {
      if (digestsEqual(digest, b.digest)) found = b.record;
    }
    if (!found) return { ok: false, failure: "invalid" };
    if (found.expires !== undefined && Date.parse(found.expires) <= this.now()) {
      return { ok: false, failure: "expired" };
    }
    this.lastUsed.set(found.name, this.now());
    return { ok: true, identity: namedIdentity(found) };
  }

  /** An OAuth access token's identity: its grant's record, while it and the token work. */
  private grantIdentity(credential: string, expires: number): AuthOutcome {
    const grant = this.loaded.records.find((r) => r.id === credential && r.oauth !== undefined);
    if (!grant) return { ok: false, failure: "invalid" };
    if (this.endOf(credential) === "expired" || expires <= this.now()) {
      return { ok: false, failure: "expired" };
    }
    this.lastUsed.set(grant.name, this.now());
    return { ok: true, identity: namedIdentity(grant) };
  }

  /**
   * Who the credential with id `credential` is, while it works: a named token not revoked nor
   * expired, `admin` while there is an admin token, `owner` while the server is open. What a
   * client token minted by it may do is asked here on every use.
   */
  identityOf(credential: string): Identity | undefined {
    this.refresh();
    if (this.endOf(credential) !== undefined) return undefined;
    if (credential === "owner") return OWNER_IDENTITY;
    if (credential === "admin") return ADMIN_IDENTITY;
    const r = this.loaded.records.find((t) => t.id === credential);
    return r && namedIdentity(r);
  }

  /** True while the credential with id `credential` works (see `identityOf`). */
  isLive(credential: string): boolean {
    return this.identityOf(credential) !== undefined;
  }

  /**
   * Calls `onEnd` once, within `watchIntervalMs` (250 ms), when the credential stops working
   * — revoked (its record gone, the token file broken, or an open server given a token) or
   * expired; returns the function that stops watching. For what stays open after the request
   * that opened it: sync WebSockets, event streams.
   */
  watch(credential: string, onEnd: (why: CredentialEnd) => void): () => void {
    return this.watches.watch(credential, onEnd);
  }

  /** How many watches are open (a closed connection must leave none). */
  get watching(): number {
    return this.watches.size;
  }

  /** Why a credential no longer works, or undefined while it does (file as last read). */
  private endOf(credential: string): CredentialEnd | undefined {
    if (credential === "owner") return this.openAsRead() ? undefined : "revoked";
    if (credential === "admin") return this.adminDigest ? undefined : "revoked";
    const r = this.loaded.records.find((t) => t.id === credential);
    if (!r) return "revoked";
    return r.expires !== undefined && Date.parse(r.expires) <= this.now() ? "expired" : undefined;
  }

  /** Re-reads the token file when it changed (a stat per call; a read only on change). */
  private refresh(): void {
    const dataDir = this.options.dataDir;
    if (dataDir === undefined) return;
    const file = tokenFilePath(dataDir);
    // No exception for a missing file: this runs on every request, and a thrown error (with
    // its stack) cost more than the stat itself.
    let stamp = "absent";
    try {
      const s = statSync(file, { bigint: true, throwIfNoEntry: false });
      if (s) stamp = `${s.ino}:${s.size}:${s.mtimeNs}`;
    } catch {
      // Unreadable as a missing file, as before.
    }
    if (stamp === this.loaded.stamp) return;
    if (stamp === "absent") {
      this.loaded = { stamp, records: [], bearers: [] };
      return;
    }
    try {
      const records = parseTokenFile(readFileSync(file, "utf8"), file);
      const bearers = records.flatMap((record) =>
        record.sha256 === undefined ? [] : [{ record, digest: Buffer.from(record.sha256, "hex") }],
      );
      this.loaded = { stamp, records, bearers };
    } catch (e) {
      // Fail closed: no named token works until the file is fixed; the server never opens.
      const error = (e as Error).message;
      this.loaded = { stamp, records: [], bearers: [], error };
      this.options.onFileError?.(error);
    }
  }
}
