// Named tokens on disk and the authenticator over them: only hashes stored, changes seen by a
// running authenticator, expiry, fail-closed on a corrupt file that is never overwritten.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  Authenticator,
  addToken,
  parseDuration,
  readTokenFile,
  revokeToken,
  TokenChangeError,
  tokenFilePath,
} from "../src/index.js";

const dirs: string[] = [];
function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), "lens-access-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const bearer = (t: string) => `Bearer ${t}`;

describe("token file", () => {
  it("stores a hash and metadata, never the token", async () => {
    const dir = dataDir();
    const { token, record } = await addToken(dir, {
      name: "Ana's Claude",
      role: "suggest",
      folders: ["Team", "Team"],
    });
    expect(token).toMatch(/^lens_[A-Za-z0-9_-]{43}$/);
    const text = readFileSync(tokenFilePath(dir), "utf8");
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(5));
    expect(record).toMatchObject({ name: "Ana's Claude", role: "suggest", folders: ["Team"] });
    expect(await readTokenFile(dir)).toEqual([record]);
  });

  it("refuses duplicate names (any case), bad names and past expiry, writing nothing", async () => {
    const dir = dataDir();
    await addToken(dir, { name: "ci", role: "view" });
    const before = readFileSync(tokenFilePath(dir), "utf8");
    await expect(addToken(dir, { name: "CI", role: "edit" })).rejects.toThrow(/exists already/);
    await expect(addToken(dir, { name: "a\u0000b", role: "edit" })).rejects.toThrow(
      TokenChangeError,
    );
    await expect(addToken(dir, { name: " ", role: "edit" })).rejects.toThrow(/1 to 64/);
    await expect(addToken(dir, { name: "x", role: "edit", folders: ["a/b"] })).rejects.toThrow(
      /no slashes/,
    );
    await expect(
      addToken(dir, { name: "old", role: "edit", expiresAt: Date.now() - 1 }),
    ).rejects.toThrow(/future/);
    await expect(revokeToken(dir, "nobody")).rejects.toThrow(
      /No token is named "nobody". Tokens: "ci"/,
    );
    expect(readFileSync(tokenFilePath(dir), "utf8")).toBe(before);
  });

  it("serialises concurrent changes under the lock: none is lost", async () => {
    const dir = dataDir();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => addToken(dir, { name: `t${i}`, role: "view" })),
    );
    expect((await readTokenFile(dir)).map((r) => r.name).sort()).toEqual([
      "t0",
      "t1",
      "t2",
      "t3",
      "t4",
      "t5",
      "t6",
      "t7",
    ]);
  });

  it("gives every token a unique id (a new one when a name is reused); a file written before ids keeps its tokens, each with the same id on every read", async () => {
    const dir = dataDir();
    const first = (await addToken(dir, { name: "Ana", role: "edit" })).record;
    await revokeToken(dir, "Ana");
    const again = (await addToken(dir, { name: "Ana", role: "edit" })).record;
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.id).not.toBe(first.id);
    expect((await readTokenFile(dir)).map((r) => r.id)).toEqual([again.id]);

    // A file from before ids: its records get ids derived from their hashes (stable, unique),
    // and the next change writes them down.
    const legacy = dataDir();
    const { token } = await addToken(legacy, { name: "old", role: "view" });
    const file = JSON.parse(readFileSync(tokenFilePath(legacy), "utf8"));
    for (const r of file.tokens) delete r.id;
    writeFileSync(tokenFilePath(legacy), JSON.stringify(file));
    const [read1] = await readTokenFile(legacy);
    const [read2] = await readTokenFile(legacy);
    expect(read1!.id).toMatch(/^sha-[0-9a-f]{32}$/);
    expect(read2!.id).toBe(read1!.id);
    const seen = new Authenticator({ dataDir: legacy }).authenticate(bearer(token));
    expect(seen.ok && seen.identity.credential).toBe(read1!.id);
    await addToken(legacy, { name: "new", role: "view" });
    expect(JSON.parse(readFileSync(tokenFilePath(legacy), "utf8")).tokens[0].id).toBe(read1!.id);
  });

  it("refuses a token file where two tokens share an id (a revoked token's minted tokens would live on)", async () => {
    const dir = dataDir();
    await addToken(dir, { name: "a", role: "view" });
    await addToken(dir, { name: "b", role: "view" });
    const file = JSON.parse(readFileSync(tokenFilePath(dir), "utf8"));
    file.tokens[1].id = file.tokens[0].id;
    writeFileSync(tokenFilePath(dir), JSON.stringify(file));
    await expect(readTokenFile(dir)).rejects.toThrow(/share the id/);
  });

  it("parses durations people write", () => {
    expect(parseDuration("90m")).toBe(90 * 60_000);
    expect(parseDuration("30d")).toBe(30 * 86_400_000);
    expect(() => parseDuration("soon")).toThrow(/e.g. 90m/);
    expect(() => parseDuration("-5d")).toThrow(/Invalid duration/);
  });
});

describe("authenticator", () => {
  it("is open on loopback with no token at all, closed once one exists", async () => {
    const dir = dataDir();
    const auth = new Authenticator({ dataDir: dir });
    expect(auth.open).toBe(true);
    expect(auth.authenticate(undefined)).toMatchObject({ ok: true, identity: { who: "owner" } });
    const { token } = await addToken(dir, { name: "viewer", role: "view", folders: ["Team"] });
    expect(auth.open).toBe(false);
    expect(auth.authenticate(undefined)).toEqual({ ok: false, failure: "missing" });
    const seen = auth.authenticate(bearer(token));
    expect(seen.ok && seen.identity.caller).toMatchObject({ role: "view", author: "viewer" });
    expect(seen.ok && seen.identity.caller.reach).toEqual({
      all: false,
      folders: new Set(["Team"]),
    });
    expect(auth.lastUsed.has("viewer")).toBe(true);
  });

  it("sees a revocation without restart, and never opens a server that requires a token", async () => {
    const dir = dataDir();
    const auth = new Authenticator({ dataDir: dir, requireToken: true });
    expect(auth.open).toBe(false);
    expect(auth.authenticate(undefined)).toEqual({ ok: false, failure: "missing" });
    const { token } = await addToken(dir, { name: "one", role: "edit" });
    expect(auth.authenticate(bearer(token)).ok).toBe(true);
    await revokeToken(dir, "one");
    expect(auth.authenticate(bearer(token))).toEqual({ ok: false, failure: "invalid" });
    expect(auth.authenticate(undefined)).toEqual({ ok: false, failure: "missing" });
  });

  it("names each credential by a unique id, and answers who an id is while it lives", async () => {
    const dir = dataDir();
    let now = Date.now();
    const { token, record } = await addToken(dir, {
      name: "Bo",
      role: "edit",
      folders: ["Team"],
      expiresAt: now + 1000,
      now,
    });
    const auth = new Authenticator({ dataDir: dir, adminToken: "s3cret-admin", now: () => now });
    const named = auth.authenticate(bearer(token));
    expect(named.ok && named.identity.credential).toBe(record.id);
    const admin = auth.authenticate(bearer("s3cret-admin"));
    expect(admin.ok && admin.identity.credential).toBe("admin");
    expect(auth.identityOf(record.id)?.caller).toMatchObject({ role: "edit", author: "Bo" });
    expect(auth.identityOf("admin")?.caller.role).toBe("admin");
    expect(auth.identityOf("owner")).toBeUndefined();
    now += 1000;
    expect(auth.identityOf(record.id)).toBeUndefined();
    expect(auth.isLive(record.id)).toBe(false);
    expect(new Authenticator().identityOf("owner")?.who).toBe("owner");
  });

  it("tells a watcher once, within its period, that its credential was revoked or expired", async () => {
    const dir = dataDir();
    let now = Date.now();
    const a = await addToken(dir, { name: "a", role: "edit" });
    const b = await addToken(dir, { name: "b", role: "edit", expiresAt: now + 60_000, now });
    const c = await addToken(dir, { name: "c", role: "edit" });
    const auth = new Authenticator({ dataDir: dir, now: () => now, watchIntervalMs: 20 });
    const ended: string[] = [];
    const untilEnded = (n: number) =>
      new Promise<void>((resolve) => {
        const t = setInterval(() => {
          if (ended.length >= n) {
            clearInterval(t);
            resolve();
          }
        }, 5);
      });
    auth.watch(a.record.id, (why) => ended.push(`a ${why}`));
    auth.watch(b.record.id, (why) => ended.push(`b ${why}`));
    const stop = auth.watch(c.record.id, (why) => ended.push(`c ${why}`));
    stop();
    await revokeToken(dir, "a");
    await untilEnded(1);
    expect(ended).toEqual(["a revoked"]);
    now += 60_000;
    await untilEnded(2);
    expect(ended).toEqual(["a revoked", "b expired"]);
    await revokeToken(dir, "c");
    // c's watch was stopped, and a watch of a credential already gone ends at its first look.
    auth.watch(c.record.id, (why) => ended.push(`c again ${why}`));
    await untilEnded(3);
    expect(ended).toEqual(["a revoked", "b expired", "c again revoked"]);
    expect(auth.watching).toBe(0);
  });

  it("keeps --token as an admin token beside named ones", async () => {
    const dir = dataDir();
    const auth = new Authenticator({ dataDir: dir, adminToken: "s3cret-admin" });
    const r = auth.authenticate("bearer s3cret-admin");
    expect(r.ok && r.identity).toMatchObject({ who: "admin token", caller: { role: "admin" } });
    expect(auth.authenticate(bearer("s3cret-admiN"))).toEqual({ ok: false, failure: "invalid" });
    expect(auth.authenticate("Basic s3cret-admin")).toEqual({ ok: false, failure: "missing" });
  });

  it("refuses an expired token as expired", async () => {
    const dir = dataDir();
    let now = Date.now();
    const { token, record } = await addToken(dir, {
      name: "short",
      role: "view",
      expiresAt: now + 1000,
      now,
    });
    const auth = new Authenticator({ dataDir: dir, now: () => now });
    expect(auth.authenticate(bearer(token)).ok).toBe(true);
    now += 1000;
    expect(auth.authenticate(bearer(token))).toEqual({ ok: false, failure: "expired" });
    expect(auth.isLive("short")).toBe(false);
    expect(auth.isLive(record.id)).toBe(false);
  });

  it("fails closed on a corrupt token file, and no change overwrites it", async () => {
    const dir = dataDir();
    const { token } = await addToken(dir, { name: "a", role: "edit" });
    const errors: string[] = [];
    const auth = new Authenticator({ dataDir: dir, onFileError: (m) => errors.push(m) });
    expect(auth.authenticate(bearer(token)).ok).toBe(true);
    writeFileSync(tokenFilePath(dir), '{"version":1,"tokens":[{"name":');
    expect(auth.authenticate(bearer(token))).toEqual({ ok: false, failure: "invalid" });
    expect(auth.open).toBe(false);
    expect(errors[0]).toMatch(/not valid JSON/);
    await expect(addToken(dir, { name: "b", role: "view" })).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(tokenFilePath(dir), "utf8")).toBe('{"version":1,"tokens":[{"name":');
  });
});

describe("bearer header", () => {
  it("parses the scheme case-insensitively and nothing else", async () => {
    const { bearerToken } = await import("../src/index.js");
    expect(bearerToken("Bearer abc")).toBe("abc");
    expect(bearerToken("bearer   abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeUndefined();
    expect(bearerToken("Bearer a b")).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
