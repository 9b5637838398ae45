// The one parser of `Authorization: Bearer <token>` for every door (MCP, REST, sync), and the
// one constant-time comparison of secrets.
import { createHash, timingSafeEqual } from "node:crypto";

/** The token of an `Authorization: Bearer <token>` header (scheme case-insensitive), if any. */
export function bearerToken(header: string | null | undefined): string | undefined {
  const m = header ? /^Bearer +(\S+) *$/i.exec(header) : null;
  return m?.[1];
}

/** SHA-256 of a token: what is stored on disk and compared, never the token itself. */
export function tokenDigest(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}

/** True when two digests are equal, in time independent of where they differ. */
export function digestsEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
