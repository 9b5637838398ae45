// Redirect URIs: which a client may register, and whether an authorization request's matches
// one. Matching is exact string comparison, except that a loopback `http` URI matches on any
// port (RFC 8252 §7.3: native apps listen on a port the system picks). Pure: no I/O.

/** Longest redirect URI accepted (registration and requests). */
export const MAX_REDIRECT_URI = 2000;

const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Why `uri` cannot be registered, or undefined when it can: `https` (any host), `http` only on
 * loopback, or a private-use scheme with a dot (`com.example.app:/cb`, RFC 8252 §7.1). No
 * fragment, no credentials, never `javascript:`, `data:` or `file:`.
 */
export function redirectUriProblem(uri: string): string | undefined {
  if (uri.length > MAX_REDIRECT_URI) return `longer than ${MAX_REDIRECT_URI} characters`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "not an absolute URL";
  }
  if (url.hash !== "" || uri.includes("#")) return "has a fragment";
  if (url.username !== "" || url.password !== "") return "carries credentials";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:") {
    return LOOPBACK.has(url.hostname) ? undefined : "http is allowed only for loopback hosts";
  }
  const scheme = url.protocol.slice(0, -1);
  if (/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme)) return undefined;
  return `the scheme ${scheme}: is not allowed (https, loopback http, or a reverse-DNS app scheme)`;
}

/** The registered URI `requested` matches, if any (exact; loopback http on any port). */
export function matchRedirectUri(
  registered: readonly string[],
  requested: string,
): string | undefined {
  if (registered.includes(requested)) return requested;
  let asked: URL;
  try {
    asked = new URL(requested);
  } catch {
    return undefined;
  }
  if (asked.protocol !== "http:" || !LOOPBACK.has(asked.hostname)) return undefined;
  const withoutPort = (u: URL) => `${u.protocol}//${u.hostname}${u.pathname}${u.search}`;
  return registered.find((r) => {
    try {
      const reg = new URL(r);
      return reg.protocol === "http:" && withoutPort(reg) === withoutPort(asked);
    } catch {
      return false;
    }
  });
}

/** `uri` with `params` added to its query (an authorization response). */
export function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
