// The one authenticator of a Lens server: turns an Authorization header into a Caller (role,
// reach, author) for MCP, REST and sync alike. Named tokens come from the data directory's token
// file, re-read whenever it changes, so `lens token add/revoke` takes effect in a running
// server; `--token` stays an admin token; with no token at all a loopback server is open.
import { readFileSync, statSync } from "node:fs";
import { type Caller, EVERYWHERE, folderReach, OWNER } from "@lens/core";
import { bearerToken, digestsEqual, tokenDigest } from "./bearer.js";
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
}

interface Loaded {
  stamp: string;
  records: TokenRecord[];
  digests: Buffer[];
  error?: string;
}

const OWNER_IDENTITY: Identity = { caller: OWNER, who: "owner" };

export class Authenticator {
  private readonly adminDigest: Buffer | undefined;
  private loaded: Loaded = { stamp: "", records: [], digests: [] };
  private readonly now: () => number;
  /** Last successful use of each named token (ms), kept in memory. */
  readonly lastUsed = new Map<string, number>();

  constructor(private readonly options: AuthenticatorOptions = {}) {
    this.adminDigest = options.adminToken ? tokenDigest(options.adminToken) : undefined;
    this.now = options.now ?? Date.now;
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
      return {
        ok: true,
        identity: { caller: { role: "admin", reach: EVERYWHERE }, who: "admin token" },
      };
    }
    // Every stored digest is compared (no early exit): the time says nothing about which.
    let found: TokenRecord | undefined;
    for (const [i, d] of this.loaded.digests.entries()) {
      if (digestsEqual(digest, d)) found = this.loaded.records[i];
    }
    if (!found) return { ok: false, failure: "invalid" };
    if (found.expires !== undefined && Date.parse(found.expires) <= this.now()) {
      return { ok: false, failure: "expired" };
    }
    this.lastUsed.set(found.name, this.now());
    return {
      ok: true,
      identity: {
        caller: { role: found.role, reach: folderReach(found.folders), author: found.name },
        who: found.name,
        tokenName: found.name,
      },
    };
  }

  /** True while the named token `name` exists and has not expired (for tokens it minted). */
  isLive(name: string): boolean {
    this.refresh();
    const r = this.loaded.records.find((t) => t.name === name);
    return r !== undefined && (r.expires === undefined || Date.parse(r.expires) > this.now());
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
      this.loaded = { stamp, records: [], digests: [] };
      return;
    }
    try {
      const records = parseTokenFile(readFileSync(file, "utf8"), file);
      const digests = records.map((r) => Buffer.from(r.sha256, "hex"));
      this.loaded = { stamp, records, digests };
    } catch (e) {
      // Fail closed: no named token works until the file is fixed; the server never opens.
      const error = (e as Error).message;
      this.loaded = { stamp, records: [], digests: [], error };
      this.options.onFileError?.(error);
    }
  }
}
