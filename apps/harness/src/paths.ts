// Where things are in the repository, found from this module's location (src/ in tests, dist/
// when built): the harness package, the repository root, and through the lens-mcp dependency
// the `lens` CLI and the sample vault.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

function findUp(from: string, found: (dir: string) => boolean): string | undefined {
  let dir = resolve(from);
  for (;;) {
    if (found(dir)) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

const here = dirname(fileURLToPath(import.meta.url));

/** apps/harness. */
export function harnessRoot(): string {
  const dir = findUp(here, (d) => {
    const pkg = join(d, "package.json");
    return existsSync(pkg) && readFileSync(pkg, "utf8").includes('"name": "@lens/harness"');
  });
  if (!dir) throw new Error(`cannot find the @lens/harness package above ${here}`);
  return dir;
}

/** The repository root (the directory holding pnpm-workspace.yaml). */
export function repoRoot(): string {
  const dir = findUp(here, (d) => existsSync(join(d, "pnpm-workspace.yaml")));
  if (!dir) throw new Error(`cannot find the repository root above ${here}`);
  return dir;
}

/** The lens-mcp package this one depends on (its directory, through node_modules). */
export function lensMcpDir(): string {
  return realpathSync(join(harnessRoot(), "node_modules", "lens-mcp"));
}

/** The built `lens` command line: the `lens` bin of lens-mcp, unless LENS_CLI names another. */
export function lensCli(): string {
  if (process.env.LENS_CLI) return process.env.LENS_CLI;
  const dir = lensMcpDir();
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
    bin: Record<string, string>;
  };
  return join(dir, pkg.bin.lens!);
}

/** The sample vault lens-mcp bundles: one directory per folder. */
export function sampleVaultDir(): string {
  return join(lensMcpDir(), "sample-vault");
}

/** Generated corpora and other scratch data of the benchmarks. */
export function cacheDir(): string {
  return process.env.LENS_HARNESS_CACHE ?? join(harnessRoot(), ".cache");
}
