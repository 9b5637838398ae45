// @lens/oauth: OAuth 2.1 for remote MCP (Lens as authorization server and protected resource).
export {
  type CimdOptions,
  ClientMetadataFetcher,
  isPublicAddress,
} from "./clientMetadataDocument.js";
export { ACCESS_TOKEN_MS, GRANT_MS } from "./grants.js";
export {
  AUTHORIZATION_SERVER_PATH,
  PROTECTED_RESOURCE_PATH,
  resourceMetadataUrl,
  resourceOf,
} from "./metadata.js";
export { createOAuthServer, type OAuthServer, type OAuthServerOptions } from "./oauthServer.js";
export { matchRedirectUri, redirectUriProblem } from "./redirectUris.js";
export { formatScope, GRANT_ROLES, parseScope } from "./scopes.js";
export { OAuthState, oauthFilePath } from "./state.js";
