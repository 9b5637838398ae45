// What the authorization server keeps (`DATA/.lens/oauth.json`, directory mode 0700):
// registered clients, authorization codes, each grant's refresh token and the live access
// tokens, secrets as SHA-256 digests only. The grants themselves (name, role, folders, expiry)
// are token records in tokens.json (@lens/access): revoking one there ends everything here.
// Only the server writes this file (one server per data directory); each change is written
// atomically before the answer that depends on it is sent.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type AccessTokenLookup, lensDir, tokenDigest } from "@lens/access";
import { writeFileAtomic } from "@lens/store";
import { z } from "zod";

const Hex = z.string().regex(/^[0-9a-f]{64}$/);

const ClientSchema = z.object({
  client_id: z.string(),
  client_name: z.string().optional(),
  redirect_uris: z.array(z.string()),
  created: z.number(),
});
const CodeSchema = z.object({
  digest: Hex,
  clientId: z.string(),
  clientName: z.string(),
  redirectUri: z.string(),
  challenge: z.string(),
  resource: z.string(),
  role: z.enum(["view", "suggest", "edit"]),
  folders: z.array(z.string()),
  approvedBy: z.string(),
  expires: z.number(),
  /** Set once exchanged: the grant it made (a second exchange revokes it). */
  grant: z.string().optional(),
});
const GrantSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  resource: z.string(),
  scope: z.string(),
  refresh: Hex,
});
const AccessSchema = z.object({ digest: Hex, grant: z.string(), expires: z.number() });
const FileSchema = z.object({
  version: z.literal(1),
  clients: z.array(ClientSchema),
  codes: z.array(CodeSchema),
  grants: z.array(GrantSchema),
  access: z.array(AccessSchema),
});

export type ClientRecord = z.infer<typeof ClientSchema>;
export type CodeRecord = z.infer<typeof CodeSchema>;
export type GrantState = z.infer<typeof GrantSchema>;
export type AccessRecord = z.infer<typeof AccessSchema>;

export function oauthFilePath(dataDir: string): string {
  return join(lensDir(dataDir), "oauth.json");
}

/** The hex SHA-256 of a secret: what is stored and looked up, never the secret. */
export function digestHex(secret: string): string {
  return tokenDigest(secret).toString("hex");
}

export class OAuthState implements AccessTokenLookup {
  readonly clients = new Map<string, ClientRecord>();
  /** By digest. */
  readonly codes = new Map<string, CodeRecord>();
  /** By grant id (= the token record's id). */
  readonly grants = new Map<string, GrantState>();
  /** By digest. */
  readonly access = new Map<string, AccessRecord>();
  /** Grants whose code was presented twice (in memory: they are revoked at once). */
  readonly reused = new Set<string>();
  private chain: Promise<void> = Promise.resolve();
  private readonly file: string | undefined;

  /**
   * Reads the state of `dataDir` (none = in memory only). A file that does not parse is an
   * error (the server does not start) and is never overwritten; removing it only ends every
   * connector's tokens (the grants stay listed until revoked or expired).
   */
  constructor(dataDir: string | undefined) {
    this.file = dataDir === undefined ? undefined : oauthFilePath(dataDir);
    if (this.file === undefined) return;
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
      throw e;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new Error(
        `${this.file} is not valid JSON (${(e as Error).message}); fix or remove it.`,
      );
    }
    const parsed = FileSchema.safeParse(json);
    if (!parsed.success) {
      throw new Error(`${this.file} is not Lens OAuth state: ${z.prettifyError(parsed.error)}`);
    }
    for (const c of parsed.data.clients) this.clients.set(c.client_id, c);
    for (const c of parsed.data.codes) this.codes.set(c.digest, c);
    for (const g of parsed.data.grants) this.grants.set(g.id, g);
    for (const a of parsed.data.access) this.access.set(a.digest, a);
  }

  /** @lens/access asks here for an access token's grant (a map lookup by digest). */
  accessToken(digest: Buffer): { credential: string; expires: number } | undefined {
    const a = this.access.get(digest.toString("hex"));
    return a && { credential: a.grant, expires: a.expires };
  }

  /** Forgets what can no longer be used: expired codes and access tokens, ended grants. */
  prune(now: number, isLive: (grant: string) => boolean): void {
    for (const [k, c] of this.codes) if (c.expires <= now) this.codes.delete(k);
    for (const [k, g] of this.grants) if (!isLive(g.id)) this.grants.delete(k);
    for (const [k, a] of this.access) {
      if (a.expires <= now || !this.grants.has(a.grant)) this.access.delete(k);
    }
  }

  /** Removes a grant and its access tokens (its record is revoked by the caller). */
  dropGrant(id: string): void {
    this.grants.delete(id);
    for (const [k, a] of this.access) if (a.grant === id) this.access.delete(k);
  }

  /** Writes the state as it is now; resolves once it is on disk. */
  save(): Promise<void> {
    const file = this.file;
    if (file === undefined) return Promise.resolve();
    const body = {
      version: 1,
      clients: [...this.clients.values()],
      codes: [...this.codes.values()],
      grants: [...this.grants.values()],
      access: [...this.access.values()],
    };
    const bytes = new TextEncoder().encode(`${JSON.stringify(body)}\n`);
    const write = this.chain.then(async () => {
      mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 });
      await writeFileAtomic(file, bytes);
    });
    this.chain = write.catch(() => {});
    return write;
  }
}
