// Builds the `lens` CLI and the workspace packages it imports, for the tests that spawn it
// (apps/mcp's and apps/harness's; both vitest configs name this file; LENS_CLI = use that CLI).
// Under turbo, `test` depends on `build` (apps/mcp/turbo.json), so dist is already current;
// run directly (`vitest run`), each package whose dist is older than its sources is rebuilt
// with tsup, in dependency order. A failed build is handed to the spawning tests
// (inject("cliBuild")) instead of failing every test.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    cliBuild: { ok: true } | { ok: false; error: string };
  }
}

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** Packages the CLI imports at run time, dependencies first, with the file their build makes. */
const PACKAGES: Array<[dir: string, output: string]> = [
  ["packages/core", "dist/index.js"],
  ["packages/store", "dist/index.js"],
  ["packages/sync", "dist/index.js"],
  ["apps/rest", "dist/index.js"],
  ["apps/mcp", "dist/cli.js"],
];

function newestSource(dir: string): number {
  let newest = 0;
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  walk(join(dir, "src"));
  for (const f of ["package.json", "tsup.config.ts"]) {
    if (existsSync(join(dir, f))) newest = Math.max(newest, statSync(join(dir, f)).mtimeMs);
  }
  return newest;
}

export default function setup(project: TestProject): void {
  if (
    process.env.LENS_CLI ||
    (process.env.TURBO_HASH && existsSync(join(ROOT, "apps/mcp/dist/cli.js")))
  ) {
    project.provide("cliBuild", { ok: true });
    return;
  }
  let rebuilt = false;
  try {
    for (const [rel, output] of PACKAGES) {
      const dir = join(ROOT, rel);
      const out = join(dir, output);
      if (!rebuilt && existsSync(out) && statSync(out).mtimeMs >= newestSource(dir)) continue;
      // Everything after a rebuilt package is rebuilt too: apps/mcp bundles the packages
      // before it, so a change in any of them must reach its dist.
      rebuilt = true;
      execFileSync(join(ROOT, "node_modules/.bin/tsup"), [], {
        cwd: dir,
        stdio: ["ignore", "pipe", "pipe"],
      });
    }
    project.provide("cliBuild", { ok: true });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
    project.provide("cliBuild", {
      ok: false,
      error: `${err.message}\n${err.stdout?.toString() ?? ""}\n${err.stderr?.toString() ?? ""}`,
    });
  }
}
