// Makes sure the `lens` CLI that test/scenarios.test.ts spawns is built: the `lens` bin of the
// lens-mcp dependency and the workspace packages under it (scripts/ensureBuilt.ts). Under
// turbo, `test` depends on `^build` (turbo.json), so it is already current. LENS_CLI = use that
// CLI. A failed build is handed to the test (inject("cliBuild")) instead of failing every test.
import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { ensureBuilt } from "../../../scripts/ensureBuilt.js";
import { lensCli, lensMcpDir, repoRoot } from "../src/paths.js";

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
  project.provide("cliBuild", ensureBuilt(lensMcpDir(), repoRoot()));
}
