// The review page's static files through `lens serve`'s one app, over real HTTP, from a
// stand-in build in a temporary directory: what / and /assets/* answer, with which caching and
// security headers, and that nothing outside the build — nor any directory — can be reached.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_POLICY } from "../src/http/webPage.js";
import { type HttpFixture, startHttp, tempDir } from "./helpers.js";

const SECRET = "secret outside the web root";
const INDEX = '<!doctype html><script type="module" src="/assets/index-4f2a.js"></script>';
const FILES: Record<string, string> = {
  "index.html": INDEX,
  "assets/index-4f2a.js": "console.log('page')\n",
  "assets/index-9c1b.css": "body{margin:0}\n",
  "assets/font-77aa.woff2": "wOF2",
  "assets/icons/mark-1d.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  "assets/.env": SECRET,
};

/** A GET sent byte for byte (fetch would normalise `..` and percent-escapes away). */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        body += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

function expectPageHeaders(headers: Headers | Record<string, unknown>): void {
  const get = (n: string) =>
    headers instanceof Headers ? headers.get(n) : (headers[n] as string | undefined);
  expect(get("content-security-policy")).toBe(PAGE_POLICY);
  expect(get("x-content-type-options")).toBe("nosniff");
  expect(get("referrer-policy")).toBe("no-referrer");
}

describe("the review page's files", () => {
  const tmp = tempDir("lens-web-");
  const root = join(tmp.path, "web");
  let http: HttpFixture;

  beforeAll(async () => {
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    writeFileSync(join(tmp.path, "secret.txt"), SECRET);
    symlinkSync(join(tmp.path, "secret.txt"), join(root, "assets", "link.txt"));
    http = await startHttp({ webRoot: root });
  });
  afterAll(async () => {
    await http.close();
    tmp.remove();
  });

  it("answers / with index.html, revalidated on every load, under the page's CSP", async () => {
    const res = await fetch(`${http.base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expectPageHeaders(res.headers);
    expect(await res.text()).toBe(INDEX);
    const etag = res.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await fetch(`${http.base}/`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expectPageHeaders(again.headers);
    const head = await fetch(`${http.base}/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("serves each asset with its type, cached for a year as immutable", async () => {
    const types: Record<string, string> = {
      "index-4f2a.js": "text/javascript; charset=utf-8",
      "index-9c1b.css": "text/css; charset=utf-8",
      "font-77aa.woff2": "font/woff2",
      "icons/mark-1d.svg": "image/svg+xml; charset=utf-8",
    };
    for (const [name, type] of Object.entries(types)) {
      const res = await fetch(`${http.base}/assets/${name}`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expectPageHeaders(res.headers);
      expect(await res.text()).toBe(FILES[`assets/${name}`]);
    }
  });

  it("answers a 404 problem, under the CSP, for an unknown asset", async () => {
    const res = await fetch(`${http.base}/assets/nothing-here.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expectPageHeaders(res.headers);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/No such file/);
  });

  it("reaches nothing outside the build, no directory, no dotfile, no symbolic link", async () => {
    const attempts = [
      "/assets/../secret.txt",
      "/assets/../../secret.txt",
      "/assets/..%2fsecret.txt",
      "/assets/%2e%2e/secret.txt",
      "/assets/%2e%2e%2fsecret.txt",
      "/assets/%2E%2E%2F%2E%2E%2Fsecret.txt",
      "/assets/..%5csecret.txt",
      "/assets/index-4f2a.js%00",
      "/assets/index-4f2a.js%00.png",
      "/assets/%00",
      "/assets/",
      "/assets",
      "/assets/icons",
      "/assets/icons/",
      "/assets/link.txt",
      "/assets/.env",
      "/assets//index-4f2a.js",
      "/index.html/../secret.txt",
      "/..%2fsecret.txt",
    ];
    for (const path of attempts) {
      const res = await rawGet(http.base, path);
      expect(res.status, path).toBe(404);
      expect(res.headers["content-type"], path).toBe("application/problem+json");
      expect(res.body, path).not.toContain(SECRET);
      expect(res.body, path).not.toContain("console.log");
    }
  });

  it("passes the Host guard like every route, and leaves the API and health answers alone", async () => {
    const foreign = await rawGet(http.base, "/", { Host: "attacker.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body).not.toContain("<script");
    const health = await fetch(`${http.base}/healthz`);
    expect(await health.json()).toMatchObject({ ok: true });
    const post = await fetch(`${http.base}/`, { method: "POST" });
    expect(post.status).toBe(404);
  });
});

describe("a server whose review page was not built", () => {
  const tmp = tempDir("lens-web-none-");
  let http: HttpFixture;
  beforeAll(async () => {
    http = await startHttp({ webRoot: join(tmp.path, "missing") });
  });
  afterAll(async () => {
    await http.close();
    tmp.remove();
  });

  it("answers / with a 404 problem saying so", async () => {
    const res = await fetch(`${http.base}/`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expectPageHeaders(res.headers);
    const body = (await res.json()) as { detail: string; type: string };
    expect(body.type).toBe("https://lens.dev/problems/not-found");
    expect(body.detail).toMatch(/review page was not built/);
    expect((await fetch(`${http.base}/assets/index.js`)).status).toBe(404);
  });
});
