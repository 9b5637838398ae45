// How a request's credential reaches the MCP handlers: the HTTP door authenticates it and hands
// it to the SDK as `authInfo`, which the SDK passes to every request handler of the session.
import type { Identity } from "@lens/access";
import type { AuthInfo } from "@modelcontextprotocol/server";

/** The authenticated identity as the SDK carries it to handlers. */
export function authInfoOf(identity: Identity): AuthInfo {
  return { token: "", clientId: identity.who, scopes: [identity.caller.role], extra: { identity } };
}

/** The identity a handler's request was made with (undefined over stdio: the owner). */
export function identityOf(authInfo: AuthInfo | undefined): Identity | undefined {
  return authInfo?.extra?.identity as Identity | undefined;
}
