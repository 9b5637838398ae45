// The shapes the OAuth endpoints answer in: RFC 6749 error JSON (`error`, `error_description`)
// for the token and registration endpoints, a plain HTML page for an authorization request
// that cannot be sent back to its client (unknown client, unregistered redirect URI: Lens
// never redirects to a URI it does not know), and the bounded reading of request bodies.
import type { Context } from "hono";

/** Largest body the token, registration and consent endpoints read. */
export const MAX_BODY_BYTES = 16 * 1024;

const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

/** An RFC 6749 §5.2 error response (also RFC 7591's). */
export function oauthError(
  status: number,
  error: string,
  description: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { "Content-Type": "application/json", ...NO_STORE, ...headers },
  });
}

/** A JSON success answer that no cache keeps (tokens, registrations). */
export function noStoreJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...NO_STORE },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The page a person sees when an authorization request cannot go back to its client. */
export function errorPage(status: number, title: string, detail: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lens: ${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p><p>Nothing was sent back to the application. Close this page and try connecting again, or ask the application's maker.</p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      ...NO_STORE,
    },
  });
}

/** The body as text, or undefined when it is larger than `max` bytes (read no further). */
export async function boundedText(c: Context, max = MAX_BODY_BYTES): Promise<string | undefined> {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > max) return undefined;
  const body = c.req.raw.body;
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * The parameters of an `application/x-www-form-urlencoded` body, or a reason it is not one:
 * every parameter at most once (RFC 6749 §3.2).
 */
export function formParams(text: string): Map<string, string> | string {
  const params = new URLSearchParams(text);
  const out = new Map<string, string>();
  for (const [k, v] of params) {
    if (out.has(k)) return `The parameter ${k.slice(0, 50)} appears more than once.`;
    out.set(k, v);
  }
  return out;
}

/** The address a request came from (the socket's peer), the key of rate limits. */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? "unknown";
}

/** The server's base URL as this request sees it: `--public-url`, else its own origin. */
export function baseUrlOf(c: Context, publicUrl: string | undefined): string {
  return publicUrl ?? new URL(c.req.url).origin;
}
