// GET /reference: the browsable API reference (Scalar) that works offline. Scalar's standalone
// browser bundle (@scalar/api-reference, pinned) is served by this app at
// /reference/scalar.js — long-cached under a content-hash query, gzipped when the client takes
// it — instead of the unpinned CDN script Scalar loads by default. The page has a CSP of its own:
// only this server's scripts plus the one inline start-up script (by nonce), and the inline
// styles Scalar's components inject at run time.
import { randomBytes } from "node:crypto";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import { accepts } from "hono/accepts";
import { ifNoneMatchHits } from "./etag.js";
import { mountPrefix } from "./mount.js";
import { ProblemError, problemResponses } from "./problems.js";
import { queryParams } from "./query.js";
import { type ScalarBundle, scalarBundle } from "./scalarBundle.js";
import { tags } from "./schemas.js";

/**
 * The reference page's Content-Security-Policy, the least Scalar renders under (measured in
 * chromium, test/referencePage.test.ts of lens-mcp): `nonce` admits the one inline script that
 * starts Scalar; styles must be allowed inline, since Scalar's components inject `<style>`
 * elements at run time (a nonce cannot reach those). No fonts are loaded (withDefaultFonts is
 * off); data: images are allowed as on the review page.
 */
export function referencePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const pageRoute = createRoute({
  method: "get",
  path: "/reference",
  operationId: "getReferencePage",
  tags: [tags.meta],
  summary: "Browsable API reference (Scalar)",
  description: "Renders this OpenAPI document; every script and style comes from this server.",
  security: [],
  responses: {
    200: {
      description: "HTML page rendering this document",
      content: { "text/html": { schema: z.string() } },
    },
    ...problemResponses(404),
  },
});

const scriptRoute = createRoute({
  method: "get",
  path: "/reference/scalar.js",
  operationId: "getReferenceScript",
  tags: [tags.meta],
  summary: "The reference page's script (Scalar's browser bundle)",
  security: [],
  request: {
    query: queryParams({
      v: z.string().max(64).optional().openapi({
        description: "Content hash the page adds so that the long cache never serves an old one.",
      }),
    }),
  },
  responses: {
    200: {
      description: "The script",
      content: { "text/javascript": { schema: z.string() } },
    },
    304: { description: "Not modified: If-None-Match holds the current ETag" },
    ...problemResponses(400, 404),
  },
});

function missing(bundle: ScalarBundle): never {
  throw new ProblemError(
    "not-found",
    `The reference page's script is not installed (${bundle.missing}); the OpenAPI document is at openapi.json.`,
  );
}

export interface ReferencePageOptions {
  /** The page's title. */
  title: string;
  /** Scalar's standalone bundle; unset = resolved from the installed @scalar/api-reference. */
  scriptPath?: string | undefined;
}

/** Registers GET /reference and GET /reference/scalar.js (both public: they hold no notes). */
export function registerReferencePage(app: OpenAPIHono, options: ReferencePageOptions): void {
  const bundle = scalarBundle(options.scriptPath);

  app.openapi(pageRoute, async (c) => {
    const script = await bundle.load();
    if (!script) missing(bundle);
    const prefix = mountPrefix(c.req.path, "/reference");
    const nonce = randomBytes(16).toString("base64");
    const page = Scalar({
      url: `${prefix}/openapi.json`,
      pageTitle: options.title,
      cdn: `${prefix}/reference/scalar.js?v=${script.hash}`,
      nonce,
      // Nothing from or to Scalar's servers: no web fonts, no links to its hosted client and
      // developer tools (they would hand this server's URL to scalar.com).
      withDefaultFonts: false,
      hideClientButton: true,
      showDeveloperTools: "never",
    });
    const res = (await page(c, async () => {})) as Response;
    const headers = new Headers(res.headers);
    headers.set("Content-Security-Policy", referencePolicy(nonce));
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "no-referrer");
    headers.set("Cache-Control", "no-cache");
    return new Response(res.body, { status: res.status, headers });
  });

  app.openapi(scriptRoute, async (c) => {
    const script = await bundle.load();
    if (!script) missing(bundle);
    const common = {
      ETag: script.etag,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      Vary: "Accept-Encoding",
    };
    const ifNoneMatch = c.req.header("if-none-match");
    if (ifNoneMatch !== undefined && ifNoneMatchHits(ifNoneMatch, script.etag)) {
      return c.body(null, 304, common);
    }
    const gzip = acceptsGzip(c);
    return c.body(gzip ? script.gzip : script.body, 200, {
      ...common,
      "Content-Type": "text/javascript; charset=utf-8",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    });
  });
}

function acceptsGzip(c: Context): boolean {
  const chosen = accepts(c, {
    header: "Accept-Encoding",
    supports: ["gzip", "identity"],
    default: "identity",
  });
  return chosen === "gzip";
}
