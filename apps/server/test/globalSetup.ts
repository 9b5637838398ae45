// Builds the `lens` CLI and the workspace packages it imports, for the tests that spawn it
// (scripts/ensureBuilt.ts; LENS_CLI = use that CLI). Under turbo, `test` depends on `build`
// (apps/server/turbo.json), so dist is already current. A failed build is handed to the spawning
// tests (inject("cliBuild")) instead of failing every test.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { ensureBuilt } from "../../../scripts/ensureBuilt.js";

declare module "vitest" {
  export interface ProvidedContext {
    cliBuild: { ok: true } | { ok: false; error: string };
  }
}

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const APP = join(ROOT, "apps/server");

export default function setup(project: TestProject): void {
  if (process.env.LENS_CLI || (process.env.TURBO_HASH && existsSync(join(APP, "dist/cli.js")))) {
    project.provide("cliBuild", { ok: true });
    return;
  }
  project.provide("cliBuild", ensureBuilt(APP, ROOT));
}
