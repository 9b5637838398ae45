// A REST server with named tokens, as `lens serve` has them: a data directory of its own with a
// token file written by @lens/access, an admin token, and one Authenticator for the app.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Authenticator, addToken } from "@lens/access";
import type { Role } from "@lens/core";
import { type ClientOptions, type HttpClient, overHttp } from "./clients.js";

export const ADMIN_TOKEN = "admin-token-0123456789abcdef";

export interface TokenServer extends HttpClient {
  dataDir: string;
  /** A named token: name, role, folders (none = every folder), expiry (ms); returns the secret. */
  add(name: string, role: Role, folders?: string[], expiresAt?: number): Promise<string>;
}

/**
 * The standalone server on 127.0.0.1:0 with an authenticator over a fresh data directory; `now`
 * is the authenticator's clock (a test moves it past a token's expiry instead of waiting).
 */
export async function tokenServer(
  options: ClientOptions = {},
  now?: () => number,
): Promise<TokenServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "lens-rest-tokens-"));
  const auth = new Authenticator({ dataDir, adminToken: ADMIN_TOKEN, ...(now ? { now } : {}) });
  const client = await overHttp({ ...options, auth, dataDir });
  return {
    ...client,
    dataDir,
    add: async (name, role, folders = [], expiresAt?: number) =>
      (await addToken(dataDir, { name, role, folders, ...(expiresAt ? { expiresAt } : {}) })).token,
    close: async () => {
      await client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
