// The two discovery documents: RFC 8414 authorization server metadata (Lens is its own
// issuer, at the server's base URL) and RFC 9728 protected resource metadata (the resource is
// the `/mcp` URL). Endpoints sit under /oauth/, beside the server's other routes.
import { ROLE_SCOPES } from "./scopes.js";

export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";
export const AUTHORIZATION_SERVER_PATH = "/.well-known/oauth-authorization-server";

export const ENDPOINTS = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
} as const;

/** The resource identifier tokens are bound to (RFC 8707): the MCP endpoint's URL. */
export function resourceOf(base: string): string {
  return `${base}/mcp`;
}

/** Where a 401 points clients (`resource_metadata`). */
export function resourceMetadataUrl(base: string): string {
  return `${base}${PROTECTED_RESOURCE_PATH}/mcp`;
}

export function authorizationServerMetadata(base: string, clientMetadataDocuments: boolean) {
  return {
    issuer: base,
    authorization_endpoint: `${base}${ENDPOINTS.authorize}`,
    token_endpoint: `${base}${ENDPOINTS.token}`,
    registration_endpoint: `${base}${ENDPOINTS.register}`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    scopes_supported: ROLE_SCOPES,
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: clientMetadataDocuments,
    service_documentation: "https://github.com/lens-kb/lens#oauth--connectors",
  };
}

export function protectedResourceMetadata(base: string) {
  return {
    resource: resourceOf(base),
    authorization_servers: [base],
    scopes_supported: ROLE_SCOPES,
    bearer_methods_supported: ["header"],
    resource_name: "Lens",
    resource_documentation: "https://github.com/lens-kb/lens#oauth--connectors",
  };
}
