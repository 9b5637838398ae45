// The client token JSON that `POST /doc/:id/auth` returns, shaped exactly as y-sweet's: the
// provider connects to `${url}/${docId}` (WebSocket) and the SDK calls `${baseUrl}/as-update`.
import type { Access } from "./tokens.js";

/** y-sweet's ClientToken (`@y-sweet/sdk`). */
export interface ClientToken {
  /** WebSocket base: `ws(s)://host/d/{docId}/ws`; the provider appends `/{docId}`. */
  url: string;
  /** HTTP base of the document endpoints: `http(s)://host/d/{docId}`. */
  baseUrl: string;
  docId: string;
  /** Present when the server has a token: passed as `?token=` and as a Bearer header. */
  token?: string;
  authorization: Access;
}

/**
 * Builds the token's URLs from the server's public base URL (`http(s)://host[/prefix]`),
 * switching the scheme to ws / wss for the WebSocket URL.
 */
export function buildClientToken(
  publicBase: URL,
  docId: string,
  authorization: Access,
  token: string | undefined,
): ClientToken {
  const base = `${publicBase.origin}${publicBase.pathname}`.replace(/\/+$/, "");
  const wsBase = base.replace(/^http/, "ws");
  const result: ClientToken = {
    url: `${wsBase}/d/${docId}/ws`,
    baseUrl: `${base}/d/${docId}`,
    docId,
    authorization,
  };
  if (token !== undefined) result.token = token;
  return result;
}
