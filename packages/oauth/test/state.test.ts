// The OAuth state file: a file that does not parse stops the server with a clear message and
// is left as it is.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { OAuthState, oauthFilePath } from "../src/index.js";

it("refuses a state file that is not JSON, or not Lens's, and leaves it untouched", () => {
  const dir = mkdtempSync(join(tmpdir(), "lens-oauth-state-"));
  try {
    mkdirSync(join(dir, ".lens"));
    writeFileSync(oauthFilePath(dir), "{oops");
    expect(() => new OAuthState(dir)).toThrow(/oauth\.json is not valid JSON .*fix or remove it/);
    writeFileSync(oauthFilePath(dir), '{"version":2}');
    expect(() => new OAuthState(dir)).toThrow(/is not Lens OAuth state/);
    expect(readFileSync(oauthFilePath(dir), "utf8")).toBe('{"version":2}');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
