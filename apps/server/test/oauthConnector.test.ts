// Lens as a connector (issue 31), the way claude.ai adds it: `lens serve` in process, a client
// (oauth4webapi) that discovers the authorization server from a 401 on /mcp, registers,
// opens the authorization URL in Debian's chromium where a person signs in, picks suggest and
// one folder and clicks Allow; then it calls MCP tools with the access token (the official SDK
// client), within that reach only, refreshes (the old refresh token refused), and is cut off
// by `lens token revoke` — after the grant is listed by `lens token list` and the admin REST
// routes.
import { mkdirSync } from "node:fs";
import { addToken } from "@lens/access";
import * as oauth from "oauth4webapi";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { type RunningServer, startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { launchBrowser, screenshot, watchPage } from "./browser.js";
import {
  call,
  connectHttp,
  requireBuiltCli,
  spawnCli,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

const insecure = { [oauth.allowInsecureRequests]: true } as const;
const REDIRECT = "http://127.0.0.1:5555/callback";
const GRANT = "Claude (approved by Bo)";

let tmp: ReturnType<typeof tempDir>;
let server: RunningServer;
let base: string;
let browser: Browser;
let dataDir: string;
const tokens = { editor: "", admin: "" };

beforeAll(async () => {
  requireBuiltCli();
  tmp = tempDir("lens-oauth-");
  dataDir = `${tmp.path}/data`;
  mkdirSync(dataDir);
  const { team, research } = writeFixtureVaults(`${tmp.path}/vault`);
  tokens.editor = (await addToken(dataDir, { name: "Bo", role: "edit" })).token;
  tokens.admin = (await addToken(dataDir, { name: "Ad", role: "admin" })).token;
  const cfg = resolveServeConfig(
    { port: "0", data: dataDir, import: [`${team}=Team`, `${research}=Research`] },
    {},
  );
  server = await startServe(cfg, silentLog());
  base = server.listening.baseUrl;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  tmp?.remove();
});

it("is added as a connector: discovery from a 401, consent in a browser, tools within the grant, refresh, revoke", async () => {
  // 1. An unauthenticated MCP request: the 401 names the resource metadata.
  const first = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} }),
  });
  expect(first.status).toBe(401);
  const challenge = first.headers.get("www-authenticate") ?? "";
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1] ?? "";
  expect(metadataUrl).toBe(`${base}/.well-known/oauth-protected-resource/mcp`);
  const prm = (await (await fetch(metadataUrl)).json()) as {
    resource: string;
    authorization_servers: string[];
  };
  expect(prm.resource).toBe(`${base}/mcp`);

  // 2. Discovery (RFC 8414) and registration (RFC 7591).
  const issuer = new URL(prm.authorization_servers[0] ?? "");
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }),
  );
  const client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      { redirect_uris: [REDIRECT], client_name: "Claude", token_endpoint_auth_method: "none" },
      insecure,
    ),
  );

  // 3. The person approves in a real browser: sign in, suggest, only Team, Allow.
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const authorizeUrl = new URL(as.authorization_endpoint ?? "");
  authorizeUrl.search = new URLSearchParams({
    response_type: "code",
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    scope: "lens:suggest",
    resource: prm.resource,
  }).toString();
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  let callback = "";
  await page.route("http://127.0.0.1:5555/**", (route) => {
    callback = route.request().url();
    return route.fulfill({ status: 200, contentType: "text/plain", body: "back in the app" });
  });
  const answer = await page.goto(authorizeUrl.toString());
  expect(answer?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(page.url()).toMatch(/\/#\/consent\/[A-Za-z0-9_-]+$/);
  await page.getByLabel("Token").fill(tokens.editor);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Allow" }).waitFor();
  expect(await page.locator(".consent-client").textContent()).toBe("Claude");
  expect(await page.getByRole("radio", { name: /^Suggest/ }).isChecked()).toBe(true);
  await page.getByRole("radio", { name: "Only these:" }).check();
  await page.getByRole("checkbox", { name: "Team" }).check();
  await screenshot(page, "oauth-consent");
  await page.getByRole("button", { name: "Allow" }).click();
  await page.waitForURL(/127\.0\.0\.1:5555\/callback/);
  expect(watch.problems()).toEqual([]);
  await context.close();

  // 4. The code for tokens (PKCE, resource indicator).
  const params = oauth.validateAuthResponse(as, client, new URL(callback), state);
  const issued = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      REDIRECT,
      verifier,
      {
        additionalParameters: { resource: prm.resource },
        ...insecure,
      },
    ),
  );
  expect(issued.scope).toBe("lens:suggest lens:folder:Team");

  // 5. MCP tools with the access token: Team only, edits as suggestions under the grant's name.
  const mcp = await connectHttp(`${base}/mcp`, { authorization: `Bearer ${issued.access_token}` });
  const glob = await call(mcp.client, "glob", { pattern: "**/*.md" });
  expect(glob.text).toContain("Team/Plans.md");
  expect(glob.text).not.toContain("Research");
  const outside = await call(mcp.client, "read", { file_path: "Research/Paper.md" });
  expect(outside.isError).toBe(true);
  expect(outside.text).not.toContain("Builds on");
  expect((await call(mcp.client, "read", { file_path: "Team/Plans.md" })).text).toContain("Plan A");
  const edit = await call(mcp.client, "edit", {
    file_path: "Team/Plans.md",
    old_string: "Plan A: ship it.",
    new_string: "Plan A: ship it today.",
  });
  expect(edit.isError).toBe(false);
  const pending = await fetch(`${base}/api/v1/suggestions`, {
    headers: { authorization: `Bearer ${tokens.editor}` },
  });
  expect(JSON.stringify(await pending.json())).toContain(GRANT);
  await mcp.close();

  // 6. Refresh with rotation: new tokens work, the old refresh token does not.
  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.None(),
      issued.refresh_token ?? "",
      insecure,
    ),
  );
  const reused = await oauth.refreshTokenGrantRequest(
    as,
    client,
    oauth.None(),
    issued.refresh_token ?? "",
    insecure,
  );
  expect(reused.status).toBe(400);
  expect(await reused.json()).toMatchObject({ error: "invalid_grant" });

  // 7. The grant is a named credential: the admin REST routes list it.
  const listed = await fetch(`${base}/api/v1/tokens`, {
    headers: { authorization: `Bearer ${tokens.admin}` },
  });
  const { tokens: named } = (await listed.json()) as { tokens: { name: string; role: string }[] };
  expect(named).toContainEqual(expect.objectContaining({ name: GRANT, role: "suggest" }));
  const list = spawnCli(["token", "list", "--data", dataDir]);
  expect((await list.exited).code).toBe(0);
  expect(list.stdout()).toContain(`${GRANT}\tsuggest\tTeam\t`);
  expect(list.stdout()).toContain(`OAuth client ${client.client_id}, approved by Bo`);

  // 8. `lens token revoke` cuts it off at once: the access token and the refresh token.
  const revoke = spawnCli(["token", "revoke", GRANT, "--data", dataDir]);
  expect((await revoke.exited).code).toBe(0);
  const after = await fetch(`${base}/api/v1/me`, {
    headers: { authorization: `Bearer ${refreshed.access_token}` },
  });
  expect(after.status).toBe(401);
  expect(after.headers.get("www-authenticate")).toContain("resource_metadata=");
  const refreshAfter = await oauth.refreshTokenGrantRequest(
    as,
    client,
    oauth.None(),
    refreshed.refresh_token ?? "",
    insecure,
  );
  expect(await refreshAfter.json()).toMatchObject({ error: "invalid_grant" });
});
