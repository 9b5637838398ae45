// Client tokens: signed per document, expiring, tamper-evident, dead with the named token that
// minted them; server-level tokens open what their role and folders allow.
import { createHmac } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Authenticator, addToken, revokeToken } from "@lens/access";
import { workspaceFromTexts } from "@lens/core";
import { afterAll, describe, expect, it } from "vitest";
import { bearerToken, type DocAccess, TokenAuthority } from "../src/tokens.js";

const now = 1_700_000_000_000;
const ws = workspaceFromTexts([
  { name: "Team", files: { "Plan.md": "plan" } },
  { name: "Private", files: { "Secret.md": "secret" } },
]);
const admin = (secret: string, at = now) =>
  new TokenAuthority(new Authenticator({ adminToken: secret }), ws, secret, () => at);
const authority = admin("server-secret");
const access = (r: DocAccess) => ("access" in r ? r.access : undefined);

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function docIdOf(path: string): string {
  const r = ws.resolve(path);
  if (r.kind !== "document") throw new Error(path);
  return r.loc.docId;
}

describe("TokenAuthority", () => {
  it("grants full access to everything when no token is configured", () => {
    const open = new TokenAuthority(new Authenticator(), ws, undefined, () => now);
    expect(open.enabled).toBe(false);
    expect(open.issue("doc", "full", 60, "owner")).toBeUndefined();
    expect(open.accessTo("doc", undefined)).toMatchObject({ access: "full", credential: "owner" });
  });

  it("issues tokens that open their own document only, with their access level", () => {
    const full = authority.issue("doc-a", "full", 60, "admin")!;
    const readOnly = authority.issue("doc-a", "read-only", 60, "admin")!;
    expect(access(authority.accessTo("doc-a", full))).toBe("full");
    expect(access(authority.accessTo("doc-a", readOnly))).toBe("read-only");
    expect(authority.accessTo("doc-b", full)).toMatchObject({ refused: 401 });
    expect(authority.accessTo("doc-a", undefined)).toMatchObject({ refused: 401 });
  });

  it("lets the admin token open every document", () => {
    expect(access(authority.accessTo("any-doc", "server-secret"))).toBe("full");
    expect(authority.accessTo("any-doc", "server-secreT")).toMatchObject({ refused: 401 });
  });

  it("refuses expired, tampered and foreign tokens", () => {
    const token = authority.issue("doc-a", "read-only", 60, "admin")!;
    expect(admin("server-secret", now + 61_000).accessTo("doc-a", token)).toMatchObject({
      refused: 401,
    });
    expect(admin("other-secret").accessTo("doc-a", token)).toMatchObject({ refused: 401 });
    const [prefix, payload, signature] = token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, a: "full" })).toString("base64url");
    expect(authority.accessTo("doc-a", `${prefix}.${forged}.${signature}`)).toMatchObject({
      refused: 401,
    });
    expect(authority.accessTo("doc-a", "garbage")).toMatchObject({ refused: 401 });
    expect(authority.accessTo("doc-a", `${token}.extra`)).toMatchObject({ refused: 401 });
  });

  it("gives named tokens what their role and folders allow, and kills minted tokens on revoke", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lens-sync-tokens-"));
    dirs.push(dir);
    const viewer = (await addToken(dir, { name: "viewer", role: "view" })).token;
    const made = await addToken(dir, { name: "editor", role: "edit", folders: ["Team"] });
    const editor = made.token;
    const auth = new Authenticator({ dataDir: dir });
    const t = new TokenAuthority(auth, ws, undefined, () => now);
    const plan = docIdOf("Team/Plan.md");
    const secret = docIdOf("Private/Secret.md");
    expect(access(t.accessTo(plan, viewer))).toBe("read-only");
    expect(access(t.accessTo(secret, viewer))).toBe("read-only");
    expect(access(t.accessTo(plan, editor))).toBe("full");
    expect(t.accessTo(secret, editor)).toEqual({
      refused: 404,
      reason: "outside the token's folders",
    });
    // A doc that does not exist yet may be created by an editor (Relay makes it before listing it).
    expect(access(t.accessTo("brand-new-doc", editor))).toBe("full");
    const minted = t.issue(plan, "full", 60, made.record.id)!;
    expect(access(t.accessTo(plan, minted))).toBe("full");
    await revokeToken(dir, "editor");
    expect(t.accessTo(plan, minted)).toMatchObject({ refused: 401 });
    expect(t.accessTo(plan, editor)).toMatchObject({ refused: 401 });
  });

  it("names the minter's unique id in a client token: a new token under a revoked one's name revives none of its client tokens", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lens-sync-tokens-"));
    dirs.push(dir);
    const auth = new Authenticator({ dataDir: dir });
    const t = new TokenAuthority(auth, ws, "server-secret", () => now);
    const plan = docIdOf("Team/Plan.md");
    const first = await addToken(dir, { name: "Ana", role: "edit" });
    const minted = t.issue(plan, "full", 60, first.record.id)!;
    expect(access(t.accessTo(plan, minted))).toBe("full");
    await revokeToken(dir, "Ana");
    await addToken(dir, { name: "Ana", role: "edit" });
    expect(t.accessTo(plan, minted)).toMatchObject({ refused: 401 });
    // A token minted before client tokens named an id (the minter's name in `n`) is refused.
    const payload = Buffer.from(JSON.stringify({ d: plan, a: "full", e: now + 60_000, n: "Ana" }));
    const sign = (p: string) =>
      createHmac("sha256", "server-secret")
        .update(`lens-sync client token\n${p}`)
        .digest("base64url");
    const old = `lens1.${payload.toString("base64url")}.${sign(payload.toString("base64url"))}`;
    expect(t.accessTo(plan, old)).toMatchObject({ refused: 401 });
  });

  it("asks again on every use what a client token's minter reaches: a note moved out of its folders is out of reach", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lens-sync-tokens-"));
    dirs.push(dir);
    const mine = workspaceFromTexts([
      { name: "Team", files: { "Plan.md": "plan" } },
      { name: "Private", files: {} },
    ]);
    const auth = new Authenticator({ dataDir: dir });
    const t = new TokenAuthority(auth, mine, undefined, () => now);
    const editor = await addToken(dir, { name: "team", role: "edit", folders: ["Team"] });
    const r = mine.resolve("Team/Plan.md");
    if (r.kind !== "document") throw new Error("Team/Plan.md");
    const minted = t.issue(r.loc.docId, "full", 60, editor.record.id)!;
    expect(access(t.accessTo(r.loc.docId, minted))).toBe("full");
    const team = mine.folders().find((f) => f.name === "Team")!;
    const priv = mine.folders().find((f) => f.name === "Private")!;
    priv.doc.getMap("filemeta_v0").set("/Plan.md", team.doc.getMap("filemeta_v0").get("/Plan.md"));
    team.doc.getMap("filemeta_v0").delete("/Plan.md");
    expect(t.accessTo(r.loc.docId, minted)).toMatchObject({ refused: 404 });
  });

  it("reads Bearer headers", () => {
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
