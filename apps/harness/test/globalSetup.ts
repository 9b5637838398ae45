// Builds the `lens` CLI and the workspace packages it imports when their dist is older than their
// sources, for the scenario test that spawns it. Under turbo (`pnpm test`) the harness's `test`
// task depends on `^build`, so this is skipped. A failed build is handed to the scenario test
// (inject("lensBuild")) instead of failing every test file.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    lensBuild: { ok: true } | { ok: false; error: string };
  }
}

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** What `lens serve` runs, dependencies first, with the file each build writes. */
const BUILD_ORDER: [dir: string, output: string][] = [
  ["packages/core", "dist/index.js"],
  ["packages/store", "dist/index.js"],
  ["packages/sync", "dist/index.js"],
  ["apps/rest", "dist/index.js"],
  ["apps/mcp", "dist/cli.js"],
];

function newestInput(dir: string): number {
  let newest = 0;
  const visit = (p: string) => {
    const s = statSync(p);
    if (s.isDirectory()) for (const name of readdirSync(p)) visit(join(p, name));
    else newest = Math.max(newest, s.mtimeMs);
  };
  visit(join(dir, "src"));
  for (const f of ["package.json", "tsup.config.ts"])
    if (existsSync(join(dir, f))) visit(join(dir, f));
  return newest;
}

export default function setup(project: TestProject): void {
  if (
    process.env.LENS_CLI ||
    (process.env.TURBO_HASH && existsSync(join(ROOT, "apps/mcp/dist/cli.js")))
  ) {
    project.provide("lensBuild", { ok: true });
    return;
  }
  try {
    let stale = false;
    for (const [rel, output] of BUILD_ORDER) {
      const dir = join(ROOT, rel);
      const out = join(dir, output);
      // A rebuilt dependency makes everything after it stale too.
      stale ||= !existsSync(out) || statSync(out).mtimeMs < newestInput(dir);
      if (!stale) continue;
      execFileSync(join(ROOT, "node_modules/.bin/tsup"), [], {
        cwd: dir,
        stdio: ["ignore", "pipe", "pipe"],
      });
    }
    project.provide("lensBuild", { ok: true });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
    project.provide("lensBuild", {
      ok: false,
      error: `${err.message}\n${err.stdout?.toString() ?? ""}\n${err.stderr?.toString() ?? ""}`,
    });
  }
}
