// GET /oauth/authorize: checks an authorization request and sends the person to the consent
// page (`/#/consent/<id>`). Until the client and its redirect URI are known good, every
// error is a page here (never a redirect: no open redirector); after that, errors go back
// to the client as RFC 6749 §4.1.2.1 says, with `state` and `iss`.
import type { Context } from "hono";
import { type Client, findClient } from "./clients.js";
import type { OAuthContext } from "./context.js";
import { baseUrlOf, errorPage } from "./http.js";
import { resourceOf } from "./metadata.js";
import { PENDING_MS } from "./pending.js";
import { matchRedirectUri, withParams } from "./redirectUris.js";
import { parseScope } from "./scopes.js";

const MAX_PARAM = 2000;

/** Why an open server (loopback, no token at all) takes no connector. */
export const OPEN_SERVER =
  "This Lens server is open (no token at all): clients connect without OAuth. A grant is a named token, and the first one would close the server to everyone else; add a token first (lens token add) to use connectors.";

export async function authorize(c: Context, ctx: OAuthContext): Promise<Response> {
  if (ctx.auth.open) return errorPage(400, "No authorization needed", OPEN_SERVER);
  const q = (name: string): string | undefined => {
    const all = c.req.queries(name);
    return all?.length === 1 ? all[0] : undefined;
  };
  const url = new URL(c.req.url);
  for (const [name, value] of url.searchParams) {
    if (value.length > MAX_PARAM || url.searchParams.getAll(name).length > 1) {
      return errorPage(
        400,
        "Bad authorization request",
        `The parameter ${name.slice(0, 40)} is too long or repeated.`,
      );
    }
  }
  const clientId = q("client_id");
  if (clientId === undefined) {
    return errorPage(400, "Bad authorization request", "The request names no client_id.");
  }
  const found = await findClient(clientId, ctx.state, ctx.documents);
  if (found instanceof Error) return errorPage(400, "Unknown application", found.message);
  const client: Client = found;
  const asked = q("redirect_uri");
  const redirectUri =
    asked === undefined
      ? client.redirect_uris.length === 1
        ? client.redirect_uris[0]
        : undefined
      : matchRedirectUri(client.redirect_uris, asked) && asked;
  if (!redirectUri) {
    return errorPage(
      400,
      "Redirect address not registered",
      `${client.client_name} asked to come back to an address it did not register.`,
    );
  }
  const base = baseUrlOf(c, ctx.publicUrl);
  const state = q("state");
  const back = (error: string, description: string) =>
    c.redirect(
      withParams(redirectUri, { error, error_description: description, state, iss: base }),
      302,
    );
  if (q("response_type") !== "code") {
    return back("unsupported_response_type", "Only response_type=code is supported.");
  }
  const challenge = q("code_challenge");
  if (challenge === undefined || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    return back("invalid_request", "PKCE is required: a code_challenge (S256, 43 characters).");
  }
  if (q("code_challenge_method") !== "S256") {
    return back("invalid_request", "Only code_challenge_method=S256 is supported.");
  }
  const resource = q("resource") ?? resourceOf(base);
  if (resource !== resourceOf(base)) {
    return back("invalid_target", `This server issues tokens for ${resourceOf(base)} only.`);
  }
  const now = ctx.now();
  const id = ctx.pending.add({
    client,
    redirectUri,
    ...(state !== undefined ? { state } : {}),
    challenge,
    resource,
    requested: parseScope(q("scope")),
    expires: now + PENDING_MS,
  });
  return c.redirect(`/#/consent/${id}`, 302);
}
