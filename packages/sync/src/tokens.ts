// Server and client tokens. The configured token is the server token (HTTP Bearer); client
// tokens are HMAC-signed, per document, with an access level and an expiry. Never logged.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** What a client token allows on its document, as y-sweet names it. */
export type Access = "full" | "read-only";

interface ClientClaims {
  /** Document id. */
  d: string;
  /** Access level. */
  a: Access;
  /** Expiry, ms since epoch. */
  e: number;
}

const PREFIX = "lens1";

export class TokenAuthority {
  private readonly secret: Buffer | undefined;

  constructor(
    secret: string | undefined,
    private readonly now: () => number,
  ) {
    this.secret = secret ? Buffer.from(secret, "utf8") : undefined;
  }

  /** Whether a token is configured; without one every request is allowed with full access. */
  get enabled(): boolean {
    return this.secret !== undefined;
  }

  /** True when `candidate` is the server token (constant-time comparison). */
  isServerToken(candidate: string | undefined): boolean {
    if (!this.secret || candidate === undefined) return false;
    // Hash both sides so the comparison takes the same time whatever the lengths.
    return safeEqual(sha256(Buffer.from(candidate, "utf8")), sha256(this.secret));
  }

  /** A client token for one document, or undefined when no token is configured. */
  issue(docId: string, access: Access, validForSeconds: number): string | undefined {
    if (!this.secret) return undefined;
    const claims: ClientClaims = { d: docId, a: access, e: this.now() + validForSeconds * 1000 };
    const payload = Buffer.from(JSON.stringify(claims), "utf8").toString("base64url");
    return `${PREFIX}.${payload}.${this.sign(payload)}`;
  }

  /**
   * The access a token grants on `docId`: the server token grants full access to every
   * document, a client token its own document until it expires. Undefined = refused.
   */
  accessTo(docId: string, token: string | undefined): Access | undefined {
    if (!this.secret) return "full";
    if (token === undefined) return undefined;
    if (this.isServerToken(token)) return "full";
    const claims = this.verify(token);
    if (!claims || claims.d !== docId || claims.e < this.now()) return undefined;
    return claims.a;
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
      return typeof claims.d === "string" && typeof claims.e === "number" && accessOk
        ? claims
        : undefined;
    } catch {
      return undefined;
    }
  }

  private sign(payload: string): string {
    return createHmac("sha256", this.secret as Buffer)
      .update(`lens-sync client token\n${payload}`)
      .digest("base64url");
  }
}

function sha256(data: Buffer): Buffer {
  return createHash("sha256").update(data).digest();
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}
