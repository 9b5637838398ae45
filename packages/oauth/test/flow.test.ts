// The whole authorization flow over real HTTP with oauth4webapi as the client, and every way
// it must refuse: a wrong verifier, the plain method, an unregistered redirect URI, a reused or
// forged code, another resource, an expired token, a revoked grant.
import { readTokenFile, revokeToken } from "@lens/access";
import * as oauth from "oauth4webapi";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  answerConsent,
  callMcp,
  connect,
  discover,
  type Fixture,
  insecure,
  REDIRECT,
  registerClient,
  startAuthorization,
  startFixture,
} from "./harness.js";

let f: Fixture;
beforeEach(async () => {
  f = await startFixture();
});
afterEach(async () => {
  await f.close();
});

async function tokenRequest(params: Record<string, string>): Promise<Response> {
  return fetch(`${f.base}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params).toString(),
  });
}

/** Register, authorize and allow; returns what a code exchange needs (not yet exchanged). */
async function allowed(extra: Record<string, string> = {}) {
  const as = await discover(f.base);
  const client = await registerClient(as);
  const a = await startAuthorization(f.base, client, extra);
  const answer = await answerConsent(f.base, a.consent, f.tokens.editor, {
    decision: "allow",
    role: "suggest",
    folders: "all",
  });
  const { redirect } = (await answer.json()) as { redirect: string };
  const code = new URL(redirect).searchParams.get("code") ?? "";
  const exchange = (over: Record<string, string> = {}) =>
    tokenRequest({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      code_verifier: a.verifier,
      client_id: client.client_id,
      ...over,
    });
  return { as, client, code, exchange };
}

describe("discovery", () => {
  it("publishes RFC 8414 and RFC 9728 metadata, and a 401 on /mcp points at it", async () => {
    const as = await discover(f.base);
    expect(as).toMatchObject({
      issuer: f.base,
      authorization_endpoint: `${f.base}/oauth/authorize`,
      token_endpoint: `${f.base}/oauth/token`,
      registration_endpoint: `${f.base}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
    });
    for (const path of ["", "/mcp"]) {
      const prm = await (
        await fetch(`${f.base}/.well-known/oauth-protected-resource${path}`)
      ).json();
      expect(prm).toMatchObject({ resource: `${f.base}/mcp`, authorization_servers: [f.base] });
    }
    const res = await callMcp(f.base, "nope");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer realm="lens", resource_metadata="${f.base}/.well-known/oauth-protected-resource/mcp", scope="lens:suggest"`,
    );
  });
});

describe("the flow", () => {
  it("registers, is approved with suggest on one folder, calls as the grant, refreshes with rotation", async () => {
    const { as, client, tokens } = await connect(f);
    expect(tokens).toMatchObject({ token_type: "bearer", scope: "lens:suggest lens:folder:Team" });
    expect(tokens.expires_in).toBe(3600);
    const me = await (await callMcp(f.base, tokens.access_token)).json();
    expect(me).toEqual({ who: "Claude (approved by Bo)", role: "suggest", folders: ["Team"] });

    // The grant is a named credential: in the token file, with its client, and audited.
    const record = (await readTokenFile(f.dataDir)).find((r) => r.oauth);
    expect(record).toMatchObject({
      name: "Claude (approved by Bo)",
      role: "suggest",
      folders: ["Team"],
      oauth: { client: client.client_id, approvedBy: "Bo" },
    });
    expect(record?.sha256).toBeUndefined();
    await f.audit.settled();
    const { entries } = await f.audit.page(0, 50);
    expect(entries.some((e) => e.action === "token.add" && e.who === "Bo")).toBe(true);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        tokens.refresh_token ?? "",
        insecure,
      ),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await callMcp(f.base, refreshed.access_token)).status).toBe(200);
    // The old refresh token is good no more.
    const again = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token ?? "",
      client_id: client.client_id,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("stops access and refresh tokens at once when the grant is revoked as a token", async () => {
    const { client, tokens } = await connect(f);
    await revokeToken(f.dataDir, "Claude (approved by Bo)");
    const res = await callMcp(f.base, tokens.access_token);
    expect(res.status).toBe(401);
    const refresh = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token ?? "",
      client_id: client.client_id,
    });
    expect(await refresh.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses an expired access token (the refresh token still works) and an expired grant", async () => {
    const { client, tokens } = await connect(f);
    f.clock.t += 3600_000;
    const res = await callMcp(f.base, tokens.access_token);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "expired" });
    const refresh = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token ?? "",
      client_id: client.client_id,
    });
    expect(refresh.status).toBe(200);
    const next = (await refresh.json()) as { refresh_token: string };
    f.clock.t += 30 * 24 * 3600_000;
    const late = await tokenRequest({
      grant_type: "refresh_token",
      refresh_token: next.refresh_token,
      client_id: client.client_id,
    });
    expect(await late.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("keeps working across a restart (state and grants on disk, secrets as digests)", async () => {
    const { tokens } = await connect(f);
    const { readFileSync } = await import("node:fs");
    const text = readFileSync(`${f.dataDir}/.lens/oauth.json`, "utf8");
    expect(text).not.toContain(tokens.access_token);
    expect(text).not.toContain(tokens.refresh_token);
    const { OAuthState } = await import("../src/index.js");
    const { Authenticator } = await import("@lens/access");
    const reread = new Authenticator({
      dataDir: f.dataDir,
      accessTokens: new OAuthState(f.dataDir),
    });
    const outcome = reread.identify(tokens.access_token);
    expect(outcome.ok && outcome.identity.who).toBe("Claude (approved by Bo)");
  });
});

describe("refusals", () => {
  it("a wrong code verifier", async () => {
    const { exchange } = await allowed();
    const res = await exchange({ code_verifier: oauth.generateRandomCodeVerifier() });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("client secrets (HTTP Basic), while another Authorization header is no client auth", async () => {
    const { exchange, code, client } = await allowed();
    const basic = await fetch(`${f.base}/oauth/token`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${client.client_id}:secret`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code }).toString(),
    });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toMatchObject({ error: "invalid_client" });
    expect((await exchange()).status).toBe(200);
  });

  it("a forged code", async () => {
    const { exchange } = await allowed();
    const res = await exchange({ code: "lens_ac_forged" });
    expect(await res.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("a reused code, and it revokes the grant the first use made", async () => {
    const { exchange } = await allowed();
    const first = (await (await exchange()).json()) as { access_token: string };
    expect((await callMcp(f.base, first.access_token)).status).toBe(200);
    const second = await exchange();
    expect(await second.json()).toMatchObject({ error: "invalid_grant" });
    expect((await callMcp(f.base, first.access_token)).status).toBe(401);
    expect((await readTokenFile(f.dataDir)).some((r) => r.oauth)).toBe(false);
  });

  it("a redirect_uri other than the authorization request's at the token endpoint", async () => {
    const { exchange } = await allowed();
    const res = await exchange({ redirect_uri: "http://127.0.0.1:5555/other" });
    expect(await res.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("a token for another resource (RFC 8707), at the token and authorization endpoints", async () => {
    const { exchange, client } = await allowed();
    const res = await exchange({ resource: "https://elsewhere.example/mcp" });
    expect(await res.json()).toMatchObject({ error: "invalid_target" });
    const url = new URL(`${f.base}/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: "code",
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: "S256",
      state: "s1",
      resource: "https://elsewhere.example/mcp",
    }).toString();
    const back = await fetch(url, { redirect: "manual" });
    const location = new URL(back.headers.get("location") ?? "");
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get("error")).toBe("invalid_target");
    expect(location.searchParams.get("state")).toBe("s1");
  });

  it("the plain PKCE method and a missing challenge, sent back to the registered URI", async () => {
    const as = await discover(f.base);
    const client = await registerClient(as);
    for (const extra of [
      { code_challenge_method: "plain" },
      { code_challenge: "" },
      { response_type: "token" },
    ]) {
      const url = new URL(`${f.base}/oauth/authorize`);
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: client.client_id,
        redirect_uri: REDIRECT,
        code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
        code_challenge_method: "S256",
        state: "s2",
        ...extra,
      }).toString();
      const res = await fetch(url, { redirect: "manual" });
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get("location") ?? "");
      expect(location.origin + location.pathname).toBe(REDIRECT);
      expect(location.searchParams.get("error")).toMatch(
        /invalid_request|unsupported_response_type/,
      );
    }
  });

  it("an unregistered redirect URI or unknown client: an error page, never a redirect", async () => {
    const as = await discover(f.base);
    const client = await registerClient(as);
    for (const params of [
      { client_id: client.client_id, redirect_uri: "https://evil.example/cb" },
      { client_id: client.client_id, redirect_uri: "http://127.0.0.1:5555/callback/../x" },
      { client_id: "lens_client_unknown", redirect_uri: REDIRECT },
    ]) {
      const url = new URL(`${f.base}/oauth/authorize`);
      url.search = new URLSearchParams({ response_type: "code", ...params }).toString();
      const res = await fetch(url, { redirect: "manual" });
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await res.text()).not.toContain("evil.example");
    }
  });

  it("a loopback redirect URI on another port is the same registration (RFC 8252)", async () => {
    const as = await discover(f.base);
    const client = await registerClient(as);
    const a = await startAuthorization(f.base, client, {
      redirect_uri: "http://127.0.0.1:61234/callback",
    });
    expect(a.consent).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("a denial goes back as access_denied with the state", async () => {
    const as = await discover(f.base);
    const client = await registerClient(as);
    const a = await startAuthorization(f.base, client);
    const res = await answerConsent(f.base, a.consent, f.tokens.editor, { decision: "deny" });
    const { redirect } = (await res.json()) as { redirect: string };
    const url = new URL(redirect);
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe(a.state);
    // Answered once.
    const twice = await answerConsent(f.base, a.consent, f.tokens.editor, { decision: "allow" });
    expect(twice.status).toBe(404);
  });

  it("consent needs an edit or admin signer, and grants no more than the signer has", async () => {
    const as = await discover(f.base);
    const client = await registerClient(as);
    const a = await startAuthorization(f.base, client);
    const info = await fetch(`${f.base}/oauth/consent/${a.consent}`);
    expect(info.status).toBe(401);
    const viewer = await answerConsent(f.base, a.consent, f.tokens.viewer, { decision: "allow" });
    expect(viewer.status).toBe(403);
    const scopedInfo = await fetch(`${f.base}/oauth/consent/${a.consent}`, {
      headers: { authorization: `Bearer ${f.tokens.scoped}` },
    });
    expect(await scopedInfo.json()).toMatchObject({
      client: { name: "Claude", redirectHost: "127.0.0.1:5555" },
      requested: { role: "suggest", folders: [] },
      roles: ["view", "suggest", "edit"],
      everyFolder: false,
      folders: ["Team"],
    });
    const outside = await answerConsent(f.base, a.consent, f.tokens.scoped, {
      decision: "allow",
      role: "suggest",
      folders: ["Research"],
    });
    expect(outside.status).toBe(403);
    const admin = await answerConsent(f.base, a.consent, f.tokens.editor, {
      decision: "allow",
      role: "admin",
    });
    expect(admin.status).toBe(400);
  });
});

describe("registration", () => {
  const post = (body: string) =>
    fetch(`${f.base}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });

  it("refuses bad redirect URIs, unsupported grants and oversized bodies", async () => {
    for (const uri of [
      "http://evil.example/cb",
      "javascript:alert(1)",
      "https://ok.example/cb#frag",
      "data:text/html,x",
      "https://user:pw@ok.example/cb",
    ]) {
      const res = await post(JSON.stringify({ redirect_uris: [uri] }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "invalid_redirect_uri" });
    }
    const implicit = await post(
      JSON.stringify({ redirect_uris: [REDIRECT], response_types: ["token"] }),
    );
    expect(await implicit.json()).toMatchObject({ error: "invalid_client_metadata" });
    const huge = await post(JSON.stringify({ redirect_uris: [REDIRECT], x: "a".repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect((await post("[[[")).status).toBe(400);
  });
});
