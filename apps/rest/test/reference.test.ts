// The API reference page over real HTTP: Scalar's bundle served by the app itself (no CDN), the
// page's own Content-Security-Policy, caching of the script, and clear answers without it.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referencePolicy } from "../src/referencePage.js";
import { SCALAR_BUNDLE } from "../src/scalarBundle.js";
import { type HttpClient, overHttp } from "./support/clients.js";
import { expectProblem } from "./support/expect.js";
import { type TokenServer, tokenServer } from "./support/tokens.js";

const bundleBytes = readFileSync(createRequire(import.meta.url).resolve(SCALAR_BUNDLE));

/** The script URLs and nonces of a page's <script> tags. */
function scripts(html: string): { src?: string; nonce?: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => {
    const attrs = m[1] ?? "";
    return {
      src: /\bsrc="([^"]*)"/.exec(attrs)?.[1],
      nonce: /\bnonce="([^"]*)"/.exec(attrs)?.[1],
    };
  });
}

describe("GET /reference", () => {
  let server: TokenServer;
  beforeAll(async () => {
    server = await tokenServer();
  });
  afterAll(() => server.close());

  it("is public and loads only this server's script, under its own CSP", async () => {
    const res = await server.fetch("/reference");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("<title>Lens REST API</title>");
    // No URL of another server: no CDN, no font host.
    expect(html.match(/https?:\/\/[^\s"'<>)]+/g) ?? []).toEqual([]);
    const tags = scripts(html);
    expect(tags.map((t) => t.src).filter(Boolean)).toEqual([
      expect.stringMatching(/^\/api\/v1\/reference\/scalar\.js\?v=[0-9a-f]{16}$/),
    ]);
    const nonce = tags[0]?.nonce ?? "";
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(tags.every((t) => t.nonce === nonce)).toBe(true);
    expect(res.headers.get("content-security-policy")).toBe(referencePolicy(nonce));
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain('"url": "/api/v1/openapi.json"');
  });

  it("gives every page a fresh nonce", async () => {
    const nonceOf = async () => scripts(await (await server.fetch("/reference")).text())[0]?.nonce;
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("serves Scalar's bundle byte for byte, long-cached, gzipped on request, 304 when held", async () => {
    const html = await (await server.fetch("/reference")).text();
    const src = scripts(html).find((t) => t.src)?.src ?? "";
    const url = new URL(src, server.url).toString();
    const plain = await fetch(url, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(bundleBytes)).toBe(true);
    const etag = plain.headers.get("etag") ?? "";
    expect(src).toContain(etag.replaceAll('"', ""));

    // Node's fetch would unpack it: read the raw bytes over node:http instead.
    const zipped = await rawGet(url, { "Accept-Encoding": "gzip" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.body.length).toBeLessThan(bundleBytes.length / 2);
    expect(gunzipSync(zipped.body).equals(bundleBytes)).toBe(true);

    const again = await fetch(url, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("refuses query parameters it does not take", async () => {
    await expectProblem(await server.fetch("/reference/scalar.js?x=1"), "unknown-parameter");
  });
});

describe("GET /reference without Scalar's bundle", () => {
  let server: HttpClient;
  beforeAll(async () => {
    server = await overHttp({ referenceScript: "/nonexistent/standalone.js" });
  });
  afterAll(() => server.close());

  it("answers 404 problems that say the script is missing, never a blank page", async () => {
    const page = await expectProblem(await server.fetch("/reference"), "not-found");
    expect(page.detail).toMatch(/script is not installed/);
    await expectProblem(await server.fetch("/reference/scalar.js"), "not-found");
    expect((await server.fetch("/openapi.json")).status).toBe(200);
  });
});

async function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}
