// POST /oauth/token: the authorization code grant (with PKCE S256) and the refresh token
// grant (with rotation: each refresh token is good once). Public clients only: the client
// proves itself with the code verifier, not a secret. A code used twice revokes the grant it
// made (RFC 9700 §4.2.4); tokens are bound to this server's resource (RFC 8707).
import { createHash, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { OAuthContext } from "./context.js";
import {
  addGrantRecord,
  auditGrant,
  issueTokens,
  newGrantId,
  revokeGrantRecord,
} from "./grants.js";
import { baseUrlOf, boundedText, formParams, noStoreJson, oauthError } from "./http.js";
import { resourceOf } from "./metadata.js";
import { formatScope } from "./scopes.js";
import { digestHex } from "./state.js";

type Params = Map<string, string>;

/** True when `verifier` is a PKCE code verifier whose S256 challenge is `challenge`. */
export function pkceMatches(verifier: string | undefined, challenge: string): boolean {
  if (verifier === undefined || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const made = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const want = Buffer.from(challenge);
  return made.length === want.length && timingSafeEqual(made, want);
}

export async function token(c: Context, ctx: OAuthContext): Promise<Response> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    return oauthError(
      400,
      "invalid_request",
      "Send the token request as application/x-www-form-urlencoded.",
    );
  }
  const text = await boundedText(c);
  if (text === undefined)
    return oauthError(413, "invalid_request", "The request body is too large.");
  const params = formParams(text);
  if (typeof params === "string") return oauthError(400, "invalid_request", params);
  const base = baseUrlOf(c, ctx.publicUrl);
  const resource = params.get("resource");
  if (resource !== undefined && resource !== resourceOf(base)) {
    return oauthError(
      400,
      "invalid_target",
      `This server issues tokens for ${resourceOf(base)} only.`,
    );
  }
  // Client secrets (HTTP Basic) are refused: Lens clients are public. Any other Authorization
  // header is not client authentication (mcp-remote sends its --header on every request).
  if (/^basic /i.test(c.req.header("authorization") ?? "")) {
    return oauthError(401, "invalid_client", "Lens clients are public: send client_id, no secret.");
  }
  switch (params.get("grant_type")) {
    case "authorization_code":
      return exchangeCode(params, ctx);
    case "refresh_token":
      return refresh(params, ctx);
    default:
      return oauthError(400, "unsupported_grant_type", "Use authorization_code or refresh_token.");
  }
}

async function exchangeCode(params: Params, ctx: OAuthContext): Promise<Response> {
  const now = ctx.now();
  const codeText = params.get("code") ?? "";
  const code = ctx.state.codes.get(digestHex(codeText));
  if (!code || code.expires <= now) {
    return oauthError(
      400,
      "invalid_grant",
      "The authorization code is not valid (wrong or expired).",
    );
  }
  if (code.grant !== undefined) {
    // Used before: whoever holds it is not the client it was issued to, or is replaying it.
    const id = code.grant;
    ctx.state.reused.add(id);
    ctx.state.dropGrant(id);
    const gone = await revokeGrantRecord(ctx.dataDir, id);
    await ctx.state.save();
    if (gone)
      await auditGrant(ctx.audit, "token.revoke", "oauth", gone, "authorization code reused");
    return oauthError(
      400,
      "invalid_grant",
      "The authorization code was used already; its grant is revoked.",
    );
  }
  if (params.get("client_id") !== code.clientId) {
    return oauthError(400, "invalid_grant", "The authorization code was issued to another client.");
  }
  if (params.get("redirect_uri") !== code.redirectUri) {
    return oauthError(
      400,
      "invalid_grant",
      "redirect_uri differs from the authorization request's.",
    );
  }
  if (!pkceMatches(params.get("code_verifier"), code.challenge)) {
    return oauthError(
      400,
      "invalid_grant",
      "The code_verifier does not match the code_challenge (S256).",
    );
  }
  const id = newGrantId();
  code.grant = id; // before any await: a concurrent second exchange sees it used
  const record = await addGrantRecord(ctx.dataDir, id, code, now);
  if (ctx.state.reused.has(id)) {
    // Replayed while its record was being written: the replay revoked nothing yet, so now.
    await revokeGrantRecord(ctx.dataDir, id);
    await auditGrant(ctx.audit, "token.revoke", "oauth", record, "authorization code reused");
    return oauthError(
      400,
      "invalid_grant",
      "The authorization code was used twice; its grant is revoked.",
    );
  }
  const grant = {
    id,
    clientId: code.clientId,
    resource: code.resource,
    scope: formatScope(code.role, code.folders),
    refresh: "",
  };
  const tokens = issueTokens(ctx.state, grant, Date.parse(record.expires ?? ""), now);
  ctx.state.prune(now, (g) => ctx.auth.isLive(g) || g === id);
  await ctx.state.save();
  await auditGrant(ctx.audit, "token.add", code.approvedBy, record);
  return noStoreJson(tokens);
}

async function refresh(params: Params, ctx: OAuthContext): Promise<Response> {
  const now = ctx.now();
  const digest = digestHex(params.get("refresh_token") ?? "");
  const grant = [...ctx.state.grants.values()].find((g) => g.refresh === digest);
  if (!grant || params.get("client_id") !== grant.clientId) {
    return oauthError(
      400,
      "invalid_grant",
      "The refresh token is not valid (wrong, used, or revoked).",
    );
  }
  const identity = ctx.auth.identityOf(grant.id);
  const record = ctx.auth.records().find((r) => r.id === grant.id);
  if (!identity || !record) {
    ctx.state.dropGrant(grant.id);
    await ctx.state.save();
    return oauthError(400, "invalid_grant", "The grant was revoked or has expired.");
  }
  const tokens = issueTokens(ctx.state, grant, Date.parse(record.expires ?? ""), now);
  ctx.state.prune(now, (g) => ctx.auth.isLive(g));
  await ctx.state.save();
  return noStoreJson(tokens);
}
