// OAuth grants in the token file (@lens/oauth writes them): a record with `oauth` and no
// token of its own, whose access tokens the authenticator resolves through `accessTokens`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { Authenticator, readTokenFile, tokenDigest, tokenFilePath } from "../src/index.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function withRecords(records: unknown[]): string {
  const d = mkdtempSync(join(tmpdir(), "lens-grants-"));
  dirs.push(d);
  mkdirSync(join(d, ".lens"));
  writeFileSync(tokenFilePath(d), JSON.stringify({ version: 1, tokens: records }));
  return d;
}

const grant = {
  id: "g-1",
  name: "Claude (approved by Bo)",
  role: "suggest",
  folders: ["Team"],
  created: "2026-01-01T00:00:00.000Z",
  expires: "2026-02-01T00:00:00.000Z",
  oauth: { client: "lens_client_x", approvedBy: "Bo" },
};

it("reads a grant record (no sha256); a plain record without one is refused", async () => {
  expect(await readTokenFile(withRecords([grant]))).toEqual([grant]);
  const { oauth: _o, ...plain } = grant;
  await expect(readTokenFile(withRecords([plain]))).rejects.toThrow(/sha256/);
  await expect(readTokenFile(withRecords([{ ...grant, sha256: "a".repeat(64) }]))).rejects.toThrow(
    /sha256/,
  );
});

it("resolves an access token to its grant while both last; a grant is no bearer token", () => {
  const dir = withRecords([grant]);
  let now = Date.parse("2026-01-10T00:00:00.000Z");
  const access = new Map([
    [tokenDigest("lens_at_1").toString("hex"), { credential: "g-1", expires: now + 3600_000 }],
    [tokenDigest("lens_at_gone").toString("hex"), { credential: "g-2", expires: now + 3600_000 }],
  ]);
  const auth = new Authenticator({
    dataDir: dir,
    requireToken: true,
    now: () => now,
    accessTokens: { accessToken: (d) => access.get(d.toString("hex")) },
  });
  const ok = auth.identify("lens_at_1");
  expect(ok.ok && ok.identity).toMatchObject({
    who: "Claude (approved by Bo)",
    credential: "g-1",
    caller: { role: "suggest", author: "Claude (approved by Bo)" },
  });
  expect(auth.identify("lens_at_gone")).toEqual({ ok: false, failure: "invalid" });
  expect(auth.identify("lens_other")).toEqual({ ok: false, failure: "invalid" });
  now += 3600_000;
  expect(auth.identify("lens_at_1")).toEqual({ ok: false, failure: "expired" });
});
