// Files the build puts in dist/ beside the CLI for browsers: the review page (dist/web) and the
// reference page's script (dist/reference/scalar.js). Found from this module's URL, as the grep
// pool finds its worker: beside the bundle, or in apps/server/dist when running from the sources.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The path of `relative` (e.g. "web") in the dist/ of the running CLI. */
export function distPath(relative: string): string {
  const beside = fileURLToPath(new URL(`./${relative}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL(`../../dist/${relative}`, import.meta.url));
}
