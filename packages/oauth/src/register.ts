// POST /oauth/register: dynamic client registration (RFC 7591) for public clients. The body
// is bounded (16 KiB of JSON); redirect URIs are checked (redirectUris.ts); what Lens does not
// support is refused, and the client is registered with token_endpoint_auth_method "none".
import { jsonShapeProblem } from "@lens/access";
import type { Context } from "hono";
import { RegistrationError, registerClient } from "./clients.js";
import type { OAuthContext } from "./context.js";
import { boundedText, noStoreJson, oauthError } from "./http.js";

export async function register(c: Context, ctx: OAuthContext): Promise<Response> {
  const text = await boundedText(c);
  if (text === undefined)
    return oauthError(413, "invalid_client_metadata", "The registration is too large.");
  let body: unknown;
  try {
    if (await jsonShapeProblem(text)) throw new Error("shape");
    body = JSON.parse(text);
  } catch {
    return oauthError(400, "invalid_client_metadata", "The registration is not a JSON object.");
  }
  const now = ctx.now();
  try {
    const clientIds = new Set(ctx.auth.records().flatMap((r) => (r.oauth ? [r.oauth.client] : [])));
    const client = registerClient(ctx.state, body, now, (id) => clientIds.has(id));
    await ctx.state.save();
    return noStoreJson(
      {
        client_id: client.client_id,
        client_id_issued_at: Math.floor(now / 1000),
        client_name: client.client_name,
        redirect_uris: client.redirect_uris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      },
      201,
    );
  } catch (e) {
    if (e instanceof RegistrationError) return oauthError(400, e.error, e.message);
    throw e;
  }
}
