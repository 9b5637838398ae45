#!/usr/bin/env node
// The `lens` command in this repository: runs the built command line (dist/cli.js). It is a
// file of its own because pnpm links a workspace's bins at install, before anything is built;
// the published package's bin is dist/cli.js itself (package.json `publishConfig.bin`).
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    "lens is not built yet: run `npx -y pnpm@10 build` in the repository (or `npx -y pnpm@10 lens …`, which builds first).\n",
  );
  process.exit(1);
}
await import(cli.href);
