// Named tokens in the data directory (`.lens/tokens.json`): only a SHA-256 of each token and its
// metadata are stored. Changes are made under a lock and written atomically, so the CLI and a
// running server (REST token management) can both change the file; the server re-reads it
// when it changes. A file that does not parse is never overwritten.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdir, readFile, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { isRole, type Role } from "@lens/core";
import { writeFileAtomic } from "@lens/store";
import lockfile from "proper-lockfile";
import { z } from "zod";
import { tokenDigest } from "./bearer.js";

/** A stored token: everything but the token itself. */
export interface TokenRecord {
  /**
   * The credential's unique id: what the client tokens it mints name, so a new token under a
   * revoked one's name revives none of them. A UUID; `sha-…` for a record written before ids.
   */
  id: string;
  name: string;
  role: Role;
  /** Folders the token reaches; empty = every folder. */
  folders: string[];
  /** ISO times. */
  created: string;
  expires?: string;
  /** SHA-256 of the token, hex. Absent for an OAuth grant: it has no bearer token of its own. */
  sha256?: string;
  /** Set when the credential is an OAuth grant (@lens/oauth): the client and who approved it. */
  oauth?: OAuthGrantInfo;
}

/** What a token record that is an OAuth grant says about it. */
export interface OAuthGrantInfo {
  /** The client's `client_id` (a registered id, or a client metadata document's URL). */
  client: string;
  /** The credential that approved it on the consent page (its `who`). */
  approvedBy: string;
}

/** Ids the authenticator gives the credentials that are not named tokens. */
const RESERVED_IDS = new Set(["admin", "owner"]);

const RecordSchema = z
  .object({
    id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .refine((id) => !RESERVED_IDS.has(id), "reserved id")
      .optional(),
    name: z.string().min(1),
    role: z.string().refine(isRole, "unknown role"),
    folders: z.array(z.string().min(1)),
    created: z.string(),
    expires: z.string().optional(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
    oauth: z
      .object({ client: z.string().min(1).max(2048), approvedBy: z.string().min(1).max(200) })
      .optional(),
  })
  // A grant has no token of its own (its access tokens are @lens/oauth's); every other record
  // has one, and a record without a token must have an id (legacy ids derive from the hash).
  .refine(
    (r) => (r.oauth ? r.sha256 === undefined && r.id !== undefined : r.sha256 !== undefined),
    {
      message: "a token record has sha256 unless it is an OAuth grant (oauth, id, no sha256)",
    },
  );

const FileSchema = z.object({ version: z.literal(1), tokens: z.array(RecordSchema) });

/** Where Lens keeps its own files inside a data directory (ignored by the document loader). */
export function lensDir(dataDir: string): string {
  return join(dataDir, ".lens");
}

export function tokenFilePath(dataDir: string): string {
  return join(lensDir(dataDir), "tokens.json");
}

/** A token file that exists but cannot be read as one: never overwritten, always reported. */
export class TokenFileError extends Error {
  override name = "TokenFileError";
}

/** A refused change (bad name, duplicate, unknown token): nothing was written. */
export class TokenChangeError extends Error {
  override name = "TokenChangeError";
}

/** Names are what suggestions are attributed to: printable, one line, at most 64 characters. */
export function checkTokenName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === "" || trimmed.length > 64) {
    throw new TokenChangeError("A token name is 1 to 64 characters.");
  }
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(trimmed)) {
    throw new TokenChangeError("A token name may not hold control or invisible format characters.");
  }
  return trimmed;
}

/** Reads the token file; a missing file holds no tokens. Throws TokenFileError when corrupt. */
export async function readTokenFile(dataDir: string): Promise<TokenRecord[]> {
  const file = tokenFilePath(dataDir);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new TokenFileError(`Cannot read ${file}: ${(e as Error).message}`);
  }
  return parseTokenFile(text, file);
}

/** The records of a token file's text; throws TokenFileError when it is not one. */
export function parseTokenFile(text: string, file: string): TokenRecord[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new TokenFileError(
      `${file} is not valid JSON (${(e as Error).message}); fix or remove it.`,
    );
  }
  const result = FileSchema.safeParse(parsed);
  if (!result.success) {
    throw new TokenFileError(`${file} is not a Lens token file: ${z.prettifyError(result.error)}`);
  }
  const records = result.data.tokens.map(compactRecord);
  const ids = new Set<string>();
  for (const r of records) {
    if (ids.has(r.id)) {
      throw new TokenFileError(`${file}: two tokens share the id ${r.id}; fix or remove one.`);
    }
    ids.add(r.id);
  }
  return records;
}

/**
 * The id of a record written before records had one: derived from its token's hash (not the
 * hash itself), so every reader — the CLI, a running server — gives it the same one, and the
 * next change to the file writes it down.
 */
function legacyId(sha256: string): string {
  return `sha-${createHash("sha256").update(`lens token id\n${sha256}`).digest("hex").slice(0, 32)}`;
}

function compactRecord(r: z.infer<typeof RecordSchema>): TokenRecord {
  const out: TokenRecord = {
    id: r.id ?? legacyId(r.sha256 ?? ""),
    name: r.name,
    role: r.role as Role,
    folders: r.folders,
    created: r.created,
  };
  if (r.sha256 !== undefined) out.sha256 = r.sha256;
  if (r.expires !== undefined) out.expires = r.expires;
  if (r.oauth !== undefined) out.oauth = { client: r.oauth.client, approvedBy: r.oauth.approvedBy };
  return out;
}

/** A fingerprint of the file (changes when it is replaced), to re-read it only when needed. */
export async function tokenFileStamp(dataDir: string): Promise<string> {
  try {
    const s = await stat(tokenFilePath(dataDir), { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return "absent";
  }
}

/**
 * Where a data directory's tokens really live when they are shared (a cluster's Redis): `change`
 * runs a change on the shared file's text atomically and resolves with the new text and the
 * change's result. The directory's own file is then a copy the authority keeps current.
 */
export interface TokenAuthority {
  change<T>(
    change: (text: string | undefined) => { text: string; result: T },
  ): Promise<{ text: string; result: T }>;
}

const authorities = new Map<string, TokenAuthority>();

/**
 * Makes every token change of `dataDir` (CLI, REST, OAuth grants) go through `authority`;
 * returns the undo. One process, one authority per directory.
 */
export function shareTokens(dataDir: string, authority: TokenAuthority): () => void {
  const key = resolve(dataDir);
  authorities.set(key, authority);
  return () => {
    if (authorities.get(key) === authority) authorities.delete(key);
  };
}

/** The text of a token file holding `records`. */
export function tokenFileText(records: readonly TokenRecord[]): string {
  return `${JSON.stringify({ version: 1, tokens: records }, null, 2)}\n`;
}

/** Writes a token file's text under the file's lock (the directory's copy of shared tokens). */
export async function writeTokenFile(dataDir: string, text: string): Promise<void> {
  await withTokenLock(dataDir, () =>
    writeFileAtomic(tokenFilePath(dataDir), new TextEncoder().encode(text)),
  );
}

async function withTokenLock<T>(dataDir: string, body: () => Promise<T>): Promise<T> {
  await mkdir(lensDir(dataDir), { recursive: true, mode: 0o700 });
  const release = await lockfile.lock(tokenFilePath(dataDir), {
    realpath: false,
    stale: 10_000,
    retries: { retries: 20, minTimeout: 50, maxTimeout: 500 },
  });
  try {
    return await body();
  } finally {
    await release();
  }
}

/** Runs `change` on the current records under the file's lock and writes what it returns. */
export async function changeTokens<T>(
  dataDir: string,
  change: (records: TokenRecord[]) => { records: TokenRecord[]; result: T },
): Promise<T> {
  const authority = authorities.get(resolve(dataDir));
  if (authority) {
    const shared = "shared tokens";
    const done = await authority.change((text) => {
      const { records, result } = change(text === undefined ? [] : parseTokenFile(text, shared));
      return { text: tokenFileText(records), result };
    });
    await writeTokenFile(dataDir, done.text);
    return done.result;
  }
  return withTokenLock(dataDir, async () => {
    const { records, result } = change(await readTokenFile(dataDir));
    await writeFileAtomic(tokenFilePath(dataDir), new TextEncoder().encode(tokenFileText(records)));
    return result;
  });
}

export interface NewToken {
  name: string;
  role: Role;
  folders?: readonly string[];
  /** Expiry, ms since epoch. */
  expiresAt?: number;
  now?: number;
}

/** Adds a named token; returns the token (shown once, never stored) and its record. */
export async function addToken(
  dataDir: string,
  spec: NewToken,
): Promise<{ token: string; record: TokenRecord }> {
  const name = checkTokenName(spec.name);
  const folders = [...new Set((spec.folders ?? []).map((f) => f.trim()))];
  if (folders.some((f) => f === "" || f.includes("/"))) {
    throw new TokenChangeError("A folder is the name of one shared folder (no slashes).");
  }
  const now = spec.now ?? Date.now();
  if (spec.expiresAt !== undefined && !(spec.expiresAt > now)) {
    throw new TokenChangeError("The expiry must be in the future.");
  }
  const token = `lens_${randomBytes(32).toString("base64url")}`;
  const record: TokenRecord = {
    id: randomUUID(),
    name,
    role: spec.role,
    folders,
    created: new Date(now).toISOString(),
    sha256: tokenDigest(token).toString("hex"),
  };
  if (spec.expiresAt !== undefined) record.expires = new Date(spec.expiresAt).toISOString();
  await changeTokens(dataDir, (records) => {
    if (records.some((r) => r.name.toLowerCase() === name.toLowerCase())) {
      throw new TokenChangeError(
        `A token named "${name}" exists already; revoke it first or choose another name.`,
      );
    }
    return { records: [...records, record], result: undefined };
  });
  return { token, record };
}

/** Revokes the token named `name` (case-insensitive); throws TokenChangeError when none is. */
export async function revokeToken(dataDir: string, name: string): Promise<TokenRecord> {
  return changeTokens(dataDir, (records) => {
    const i = records.findIndex((r) => r.name.toLowerCase() === name.trim().toLowerCase());
    const gone = records[i];
    if (!gone) {
      const names = records.map((r) => JSON.stringify(r.name)).join(", ") || "none";
      throw new TokenChangeError(`No token is named "${name}". Tokens: ${names}.`);
    }
    return { records: records.filter((_, j) => j !== i), result: gone };
  });
}
