#!/usr/bin/env node
// Before `pnpm lens …`: builds the lens command and the workspace packages it bundles, when
// their sources changed since the last build (turbo's cache makes an unchanged build a no-op).
// Quiet: one line when there is real work to do, turbo's output only if the build fails.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
if (!existsSync(join(root, "apps/server/dist/cli.js"))) {
  process.stderr.write(
    "lens: building the lens command (first run from a clone: about a minute)…\n",
  );
}
const build = spawnSync(
  join(root, "node_modules/.bin/turbo"),
  ["run", "build", "--filter=lens-mcp...", "--output-logs=errors-only"],
  {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" },
  },
);
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ""}${build.stderr ?? ""}`);
  process.stderr.write(`lens: the build failed${build.error ? ` (${build.error.message})` : ""}\n`);
  process.exit(1);
}
