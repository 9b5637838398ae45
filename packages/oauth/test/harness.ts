// A real server for the tests: the OAuth routes and, at /mcp, a route behind the one
// authenticate middleware of every Lens door that answers who the caller is. Real HTTP on
// 127.0.0.1, a clock the test moves, and oauth4webapi as the client.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { type AccessEnv, AuditLog, Authenticator, addToken, authenticate } from "@lens/access";
import { Hono } from "hono";
import * as oauth from "oauth4webapi";
import { createOAuthServer, type OAuthServerOptions, OAuthState } from "../src/index.js";

export const insecure = { [oauth.allowInsecureRequests]: true } as const;
export const REDIRECT = "http://127.0.0.1:5555/callback";

export interface Fixture {
  base: string;
  dataDir: string;
  tokens: { editor: string; viewer: string; scoped: string };
  clock: { t: number };
  auth: Authenticator;
  audit: AuditLog;
  close(): Promise<void>;
}

export async function startFixture(
  more: Partial<OAuthServerOptions> = {},
  options: { open?: boolean } = {},
): Promise<Fixture> {
  const dataDir = mkdtempSync(join(tmpdir(), "lens-oauth-"));
  const clock = { t: Date.now() };
  const now = () => clock.t;
  const add = async (name: string, role: "view" | "edit", folders: string[] = []) =>
    options.open ? "" : (await addToken(dataDir, { name, role, folders })).token;
  const tokens = {
    editor: await add("Bo", "edit"),
    viewer: await add("Vi", "view"),
    scoped: await add("Sc", "edit", ["Team"]),
  };
  const state = new OAuthState(dataDir);
  const auth = new Authenticator({
    dataDir,
    accessTokens: state,
    now,
    requireToken: options.open !== true,
  });
  const audit = new AuditLog(dataDir, now);
  const server = createOAuthServer({
    state,
    auth,
    dataDir,
    audit,
    folders: () => ["Research", "Team"],
    clientMetadata: false,
    now,
    ...more,
  });
  const app = new Hono<AccessEnv>();
  app.use("*", server.challenge);
  app.route("/", server.app);
  app.use("/mcp/*", authenticate({ auth, audit, door: "mcp" }));
  app.post("/mcp", (c) => {
    const { caller, who } = c.get("identity");
    const folders = caller.reach.all ? "all" : [...caller.reach.folders];
    return c.json({ who, role: caller.role, folders });
  });
  const http = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => http.once("listening", () => resolve()));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    base,
    dataDir,
    tokens,
    clock,
    auth,
    audit,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await audit.settled();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function discover(base: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(base);
  const res = await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure });
  return oauth.processDiscoveryResponse(issuer, res);
}

export async function registerClient(
  as: oauth.AuthorizationServer,
  name = "Claude",
  redirect = REDIRECT,
): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(
    as,
    { redirect_uris: [redirect], client_name: name, token_endpoint_auth_method: "none" },
    insecure,
  );
  return oauth.processDynamicClientRegistrationResponse(res);
}

export interface Authorization {
  verifier: string;
  state: string;
  /** The consent request's id (from the redirect to the consent page). */
  consent: string;
}

/** Opens the authorization URL as a browser would; returns the consent page's request id. */
export async function startAuthorization(
  base: string,
  client: oauth.Client,
  extra: Record<string, string> = {},
): Promise<Authorization> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(`${base}/oauth/authorize`);
  const params = {
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    scope: "lens:suggest",
    resource: `${base}/mcp`,
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const res = await fetch(url, { redirect: "manual" });
  const location = res.headers.get("location") ?? "";
  const m = /^\/#\/consent\/([A-Za-z0-9_-]+)$/.exec(location);
  if (res.status !== 302 || !m?.[1]) {
    throw new Error(`authorize answered ${res.status} ${location} ${await res.text()}`);
  }
  return { verifier, state, consent: m[1] };
}

/** Answers the consent request as the page does; returns the address the page goes to. */
export async function answerConsent(
  base: string,
  consent: string,
  token: string,
  body: Record<string, unknown>,
): Promise<Response> {
  return fetch(`${base}/oauth/consent/${consent}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The whole flow up to tokens: register, authorize, consent (allow), code exchange. */
export async function connect(
  f: Fixture,
  consent: Record<string, unknown> = { decision: "allow", role: "suggest", folders: ["Team"] },
): Promise<{
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  tokens: oauth.TokenEndpointResponse;
}> {
  const as = await discover(f.base);
  const client = await registerClient(as);
  const a = await startAuthorization(f.base, client);
  const answer = await answerConsent(f.base, a.consent, f.tokens.editor, consent);
  const { redirect } = (await answer.json()) as { redirect: string };
  const params = oauth.validateAuthResponse(as, client, new URL(redirect), a.state);
  const res = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    REDIRECT,
    a.verifier,
    { additionalParameters: { resource: `${f.base}/mcp` }, ...insecure },
  );
  return { as, client, tokens: await oauth.processAuthorizationCodeResponse(as, client, res) };
}

/** Calls the protected route with `token`. */
export function callMcp(base: string, token: string): Promise<Response> {
  return fetch(`${base}/mcp`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
}
