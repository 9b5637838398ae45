// The consent page's API (apps/web `#/consent/<id>`): GET /oauth/consent/<id> says who asks
// and what the signed-in person may grant; POST answers Allow or Deny and gets the address to
// send the browser to. Both need the person's Lens token (role edit or admin) in the
// Authorization header — never a cookie, so no other site can submit a consent (CSRF) — and
// the page itself may not be framed (frame-ancestors 'none': no clickjacking).
import { problem } from "@lens/access";
import { roleIncludes } from "@lens/core";
import type { Context } from "hono";
import { z } from "zod";
import { OPEN_SERVER } from "./authorize.js";
import type { OAuthContext } from "./context.js";
import { secret } from "./grants.js";
import { baseUrlOf, boundedText } from "./http.js";
import { withParams } from "./redirectUris.js";
import { GRANT_ROLES, type GrantRole } from "./scopes.js";
import { digestHex } from "./state.js";

/** How long an authorization code lasts; it is good once. */
export const CODE_MS = 60_000;

const Decision = z.strictObject({
  decision: z.enum(["allow", "deny"]),
  role: z.enum(GRANT_ROLES).optional(),
  folders: z
    .union([z.literal("all"), z.array(z.string().min(1).max(200)).min(1).max(200)])
    .optional(),
});

/** The signer (edit or admin) and what they may grant, or the refusal to answer with. */
function signer(c: Context, ctx: OAuthContext) {
  if (ctx.auth.open) return problem(c, 409, OPEN_SERVER);
  const outcome = ctx.auth.authenticate(c.req.header("authorization"));
  if (!outcome.ok) {
    return problem(c, 401, "Sign in with a Lens token of role edit or admin to approve.", {
      code: outcome.failure,
    });
  }
  const { identity } = outcome;
  if (!roleIncludes(identity.caller.role, "edit")) {
    return problem(c, 403, "Approving an application takes a Lens token of role edit or admin.");
  }
  const reach = identity.caller.reach;
  const folders = reach.all ? ctx.folders() : [...reach.folders];
  const roles = GRANT_ROLES.filter((r) => roleIncludes(identity.caller.role, r));
  return { identity, everyFolder: reach.all, folders: folders.sort(), roles };
}

export function consentInfo(c: Context, ctx: OAuthContext): Response {
  const pending = ctx.pending.get(c.req.param("id") ?? "", ctx.now());
  if (!pending)
    return problem(
      c,
      404,
      "This request has expired or was answered; start again in the application.",
    );
  const who = signer(c, ctx);
  if (who instanceof Response) return who;
  return c.json({
    client: {
      name: pending.client.client_name,
      id: pending.client.client_id,
      redirectHost: new URL(pending.redirectUri).host || pending.redirectUri.split(":")[0],
    },
    requested: pending.requested,
    signer: { name: who.identity.who, role: who.identity.caller.role },
    roles: who.roles,
    everyFolder: who.everyFolder,
    folders: who.folders,
  });
}

export async function consentDecision(c: Context, ctx: OAuthContext): Promise<Response> {
  const id = c.req.param("id") ?? "";
  if (!ctx.pending.get(id, ctx.now())) {
    return problem(
      c,
      404,
      "This request has expired or was answered; start again in the application.",
    );
  }
  const who = signer(c, ctx);
  if (who instanceof Response) return who;
  const text = await boundedText(c, 16 * 1024);
  if (text === undefined) return problem(c, 413, "The answer is too large.");
  let body: z.infer<typeof Decision>;
  try {
    body = Decision.parse(JSON.parse(text));
  } catch {
    return problem(c, 400, 'Send {"decision":"allow"|"deny","role":…,"folders":"all"|[…]}.');
  }
  const role: GrantRole = body.role ?? "view";
  if (!who.roles.includes(role)) {
    return problem(c, 403, `You cannot grant ${role}: it is more than your own token has.`);
  }
  const folders = body.folders ?? "all";
  if (folders === "all" ? false : folders.some((f) => !who.folders.includes(f.trim()))) {
    return problem(c, 403, "You can grant only folders your own token reaches.");
  }
  // Decided once: the pending request is gone whatever the answer.
  const pending = ctx.pending.take(id, ctx.now());
  if (!pending) return problem(c, 404, "This request was answered meanwhile.");
  const iss = baseUrlOf(c, ctx.publicUrl);
  if (body.decision === "deny") {
    const redirect = withParams(pending.redirectUri, {
      error: "access_denied",
      error_description: "The person denied the request.",
      state: pending.state,
      iss,
    });
    return c.json({ redirect });
  }
  const code = secret("lens_ac_");
  const now = ctx.now();
  ctx.state.codes.set(digestHex(code), {
    digest: digestHex(code),
    clientId: pending.client.client_id,
    clientName: pending.client.client_name,
    redirectUri: pending.redirectUri,
    challenge: pending.challenge,
    resource: pending.resource,
    role,
    // A signer reaching only some folders grants those at most, even when picking "all".
    folders:
      folders === "all"
        ? who.everyFolder
          ? []
          : who.folders
        : [...new Set(folders.map((f) => f.trim()))],
    approvedBy: who.identity.who,
    expires: now + CODE_MS,
  });
  await ctx.state.save();
  return c.json({ redirect: withParams(pending.redirectUri, { code, state: pending.state, iss }) });
}
