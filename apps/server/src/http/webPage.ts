// The review page of `lens serve` (apps/web's build, copied into dist/web by this package's
// build): GET / answers its index.html (revalidated on every load), GET /assets/* its hashed
// files (cached for a year). Only files found in the build's directory are served — a request
// path is looked up by name, never joined onto a directory — and every response carries the
// page's strict Content-Security-Policy.
import { createHash } from "node:crypto";
import { lstat, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { problem } from "@lens/access";
import { type Context, Hono } from "hono";
import { getMimeType } from "hono/utils/mime";

/** The page's Content-Security-Policy: its own scripts, styles, images and fonts, nothing else. */
export const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const PAGE_HEADERS = {
  "Content-Security-Policy": PAGE_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
};

const REVALIDATE = "no-cache";
const IMMUTABLE = "public, max-age=31536000, immutable";

interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  etag: string;
}

interface Site {
  index?: StaticFile;
  /** Files under assets/, by their path below it ("index-3f2a.js"). */
  assets: Map<string, StaticFile>;
}

/** The page's routes, served from `root` (read once, on the first request). */
export function webPageApp(root: string): Hono {
  let site: Promise<Site> | undefined;
  const load = () => {
    site ??= readSite(root);
    return site;
  };
  const app = new Hono();
  const headers = async (c: Context, next: () => Promise<void>) => {
    await next();
    for (const [name, value] of Object.entries(PAGE_HEADERS)) c.res.headers.set(name, value);
  };
  app.use("/", headers);
  app.use("/assets/*", headers);

  app.get("/", async (c) => {
    const { index } = await load();
    if (!index) {
      return problem(
        c,
        404,
        "The review page was not built: this server has no web/index.html. Build it with `npx -y pnpm@10 --filter lens-mcp build` (which builds @lens/web first); the API is at /api/v1.",
      );
    }
    return send(c, index, REVALIDATE);
  });

  app.get("/assets/*", async (c) => {
    const { assets } = await load();
    const file = assets.get(c.req.path.slice("/assets/".length));
    if (!file) return problem(c, 404, `No such file of the review page: ${c.req.path}`);
    return send(c, file, IMMUTABLE);
  });
  return app;
}

function send(c: Context, file: StaticFile, cacheControl: string): Response {
  const common = { ETag: file.etag, "Cache-Control": cacheControl };
  if (etagListed(c.req.header("if-none-match"), file.etag)) return c.body(null, 304, common);
  return c.body(file.body, 200, { ...common, "Content-Type": file.type });
}

/** True when an If-None-Match value lists `etag` (weak comparison) or is `*`. */
function etagListed(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === etag);
}

async function readSite(root: string): Promise<Site> {
  const site: Site = { assets: new Map() };
  const index = await readStatic(join(root, "index.html"));
  if (index) site.index = index;
  for (const name of await listFiles(join(root, "assets"))) {
    const file = await readStatic(join(root, "assets", name));
    if (file) site.assets.set(name, file);
  }
  return site;
}

/** Regular files below `dir` (relative, `/`-separated); no dotfiles, no symbolic links. */
async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(join(dir, prefix));
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const name of names.sort()) {
    if (name.startsWith(".")) continue;
    const rel = prefix === "" ? name : `${prefix}/${name}`;
    const stat = await lstat(join(dir, rel));
    if (stat.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (stat.isFile()) out.push(rel);
  }
  return out;
}

async function readStatic(path: string): Promise<StaticFile | undefined> {
  let body: Uint8Array<ArrayBuffer>;
  try {
    if (!(await lstat(path)).isFile()) return undefined;
    body = new Uint8Array(await readFile(path));
  } catch {
    return undefined;
  }
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 22);
  const type = getMimeType(path) ?? "application/octet-stream";
  return { body, type, etag: `"${hash}"` };
}
