// Who a `client_id` is: a client registered here (RFC 7591, kept in the OAuth state) or an
// https URL naming its own metadata document (clientMetadataDocument.ts). Registration input
// is bounded and checked; Lens registers every client as public (PKCE, no secret).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { type ClientMetadataFetcher, isMetadataDocumentUrl } from "./clientMetadataDocument.js";
import { redirectUriProblem } from "./redirectUris.js";
import type { ClientRecord, OAuthState } from "./state.js";

/** Most clients kept; past it the oldest without a live grant makes room. */
export const MAX_CLIENTS = 1000;

/** A client as the endpoints see it. */
export interface Client {
  client_id: string;
  client_name: string;
  redirect_uris: string[];
}

const Registration = z.object({
  redirect_uris: z.array(z.string()).min(1).max(10),
  client_name: z.string().max(200).optional(),
  grant_types: z.array(z.string()).max(10).optional(),
  response_types: z.array(z.string()).max(10).optional(),
  token_endpoint_auth_method: z.string().max(100).optional(),
  scope: z.string().max(2000).optional(),
});

export class RegistrationError extends Error {
  constructor(
    readonly error: "invalid_redirect_uri" | "invalid_client_metadata",
    message: string,
  ) {
    super(message);
  }
}

/** Printable, one line, at most 60 characters: what a consent page and a token name show. */
export function displayName(name: string | undefined, fallback: string): string {
  const clean = (name ?? "")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  return (clean === "" ? fallback : clean).slice(0, 60);
}

/** Checks a registration request and keeps the client; throws RegistrationError. */
export function registerClient(
  state: OAuthState,
  body: unknown,
  now: number,
  hasLiveGrant: (clientId: string) => boolean,
): ClientRecord {
  const parsed = Registration.safeParse(body);
  if (!parsed.success) {
    throw new RegistrationError("invalid_client_metadata", z.prettifyError(parsed.error));
  }
  const m = parsed.data;
  for (const uri of m.redirect_uris) {
    const problem = redirectUriProblem(uri);
    if (problem)
      throw new RegistrationError("invalid_redirect_uri", `${uri.slice(0, 200)}: ${problem}`);
  }
  if (m.grant_types?.some((g) => g !== "authorization_code" && g !== "refresh_token")) {
    throw new RegistrationError(
      "invalid_client_metadata",
      "Only the authorization_code and refresh_token grant types are supported.",
    );
  }
  if (m.response_types?.some((r) => r !== "code")) {
    throw new RegistrationError(
      "invalid_client_metadata",
      "Only the code response type is supported.",
    );
  }
  if (state.clients.size >= MAX_CLIENTS) {
    const idle = [...state.clients.values()]
      .filter((c) => !hasLiveGrant(c.client_id))
      .sort((a, b) => a.created - b.created)[0];
    if (!idle) {
      throw new RegistrationError("invalid_client_metadata", "This server holds too many clients.");
    }
    state.clients.delete(idle.client_id);
  }
  const record: ClientRecord = {
    client_id: `lens_client_${randomBytes(16).toString("base64url")}`,
    redirect_uris: [...new Set(m.redirect_uris)],
    created: now,
  };
  if (m.client_name !== undefined) record.client_name = displayName(m.client_name, "client");
  state.clients.set(record.client_id, record);
  return record;
}

/** The client `clientId` names, or an Error saying why there is none. */
export async function findClient(
  clientId: string,
  state: OAuthState,
  documents: ClientMetadataFetcher | undefined,
): Promise<Client | Error> {
  if (clientId === "" || clientId.length > 2000) return new Error("Unknown client.");
  const registered = state.clients.get(clientId);
  if (registered) {
    return {
      client_id: clientId,
      client_name: registered.client_name ?? "An unnamed client",
      redirect_uris: registered.redirect_uris,
    };
  }
  if (isMetadataDocumentUrl(clientId)) {
    if (!documents) return new Error("This server does not fetch client metadata documents.");
    const doc = await documents.resolve(clientId);
    if (doc instanceof Error) return doc;
    return { ...doc, client_name: displayName(doc.client_name, new URL(clientId).host) };
  }
  return new Error("Unknown client: it is not registered here (register it first).");
}
