// Scalar's standalone browser bundle (@scalar/api-reference's browser/standalone.js), read once
// and kept in memory with its content hash and a gzipped copy: the reference page's one script.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

/** The module specifier of the bundle inside @scalar/api-reference (an export of the package). */
export const SCALAR_BUNDLE = "@scalar/api-reference/browser/standalone.js";

export interface ScalarScript {
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  /** First 16 hex digits of the body's SHA-256. */
  hash: string;
  etag: string;
}

export interface ScalarBundle {
  /** The script, or undefined when it cannot be read (then `missing` says why). */
  load(): Promise<ScalarScript | undefined>;
  missing: string;
}

/** Where the bundle is: `path` when given, else resolved from the installed package. */
function locate(path: string | undefined): string | undefined {
  if (path !== undefined) return path;
  try {
    return createRequire(import.meta.url).resolve(SCALAR_BUNDLE);
  } catch {
    return undefined;
  }
}

/** The bundle at `path` (default: the installed @scalar/api-reference's), loaded on first use. */
export function scalarBundle(path?: string): ScalarBundle {
  let loading: Promise<ScalarScript | undefined> | undefined;
  const where = locate(path);
  const bundle: ScalarBundle = {
    missing: where === undefined ? `${SCALAR_BUNDLE} cannot be resolved` : `${where} is missing`,
    load() {
      loading ??= read(where);
      return loading;
    },
  };
  return bundle;
}

async function read(path: string | undefined): Promise<ScalarScript | undefined> {
  if (path === undefined) return undefined;
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = new Uint8Array(await readFile(path));
  } catch {
    return undefined;
  }
  const hash = createHash("sha256").update(body).digest("hex").slice(0, 16);
  const zipped = new Uint8Array(await gzipAsync(body, { level: 9 }));
  return { body, gzip: zipped, hash, etag: `"${hash}"` };
}
