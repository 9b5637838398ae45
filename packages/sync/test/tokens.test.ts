// Client tokens: signed per document, expiring, tamper-evident; the server token opens all.
import { describe, expect, it } from "vitest";
import { bearerToken, TokenAuthority } from "../src/tokens.js";

describe("TokenAuthority", () => {
  const now = 1_700_000_000_000;
  const authority = new TokenAuthority("server-secret", () => now);

  it("grants full access to everything when no token is configured", () => {
    const open = new TokenAuthority(undefined, () => now);
    expect(open.enabled).toBe(false);
    expect(open.issue("doc", "full", 60)).toBeUndefined();
    expect(open.accessTo("doc", undefined)).toBe("full");
  });

  it("issues tokens that open their own document only, with their access level", () => {
    const full = authority.issue("doc-a", "full", 60)!;
    const readOnly = authority.issue("doc-a", "read-only", 60)!;
    expect(authority.accessTo("doc-a", full)).toBe("full");
    expect(authority.accessTo("doc-a", readOnly)).toBe("read-only");
    expect(authority.accessTo("doc-b", full)).toBeUndefined();
    expect(authority.accessTo("doc-a", undefined)).toBeUndefined();
  });

  it("lets the server token open every document", () => {
    expect(authority.isServerToken("server-secret")).toBe(true);
    expect(authority.isServerToken("server-secreT")).toBe(false);
    expect(authority.isServerToken("short")).toBe(false);
    expect(authority.accessTo("any-doc", "server-secret")).toBe("full");
  });

  it("refuses expired, tampered and foreign tokens", () => {
    const token = authority.issue("doc-a", "read-only", 60)!;
    const later = new TokenAuthority("server-secret", () => now + 61_000);
    expect(later.accessTo("doc-a", token)).toBeUndefined();
    const other = new TokenAuthority("other-secret", () => now);
    expect(other.accessTo("doc-a", token)).toBeUndefined();
    const [prefix, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, a: "full" })).toString("base64url");
    expect(authority.accessTo("doc-a", `${prefix}.${forged}.${signature}`)).toBeUndefined();
    expect(authority.accessTo("doc-a", "garbage")).toBeUndefined();
    expect(authority.accessTo("doc-a", `${token}.extra`)).toBeUndefined();
  });

  it("reads Bearer headers", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
