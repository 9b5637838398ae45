// Makes sure what the tests spawn is built: the `lens` CLI of test/scenarios.test.ts (the `lens`
// bin of the lens-mcp dependency and the workspace packages under it) and the harness's own
// child processes (dist/bareServer.js), with scripts/ensureBuilt.ts. Under turbo, `test`
// depends on `^build` and `build` (turbo.json), so they are already current. LENS_CLI = use that
// CLI. A failed build is handed to the test (inject("cliBuild")) instead of failing every test.
import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureBuilt } from "../../../scripts/ensureBuilt.js";
import { harnessRoot, lensCli, repoRoot } from "../src/paths.js";

declare module "vitest" {
  export interface ProvidedContext {
    cliBuild: { ok: true } | { ok: false; error: string };
  }
}

export default function setup(project: TestProject): void {
  if (process.env.LENS_CLI || (process.env.TURBO_HASH && existsSync(lensCli()))) {
    project.provide("cliBuild", { ok: true });
    return;
  }
  project.provide("cliBuild", ensureBuilt(harnessRoot(), repoRoot()));
}
