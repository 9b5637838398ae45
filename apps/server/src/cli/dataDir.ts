// Where the data lives: the directory given with --data, else LENS_DATA, else `.lens-data/` at
// the root of the repository Lens runs from; whether to seed it (only that default directory,
// when empty); and the bundled sample vault.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { DataConfig } from "./config.js";

export const DEFAULT_DATA_DIRNAME = ".lens-data";

export interface DataDirChoice {
  dir: string;
  /** Seed with the sample vault: the default directory only, and only when it is empty. */
  seed: boolean;
  /** How the directory was chosen, for the log. */
  source: "--data" | "LENS_DATA" | "default";
}

/** The nearest ancestor of `from` (itself included) holding pnpm-workspace.yaml. */
export function findRepoRoot(from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** True when `dir` is missing or holds nothing but dotfiles (such as our lock file). */
export function isEmptyDir(dir: string): boolean {
  if (!existsSync(dir)) return true;
  if (!statSync(dir).isDirectory()) return false;
  return readdirSync(dir).every((name) => name.startsWith("."));
}

/** This module's directory: src/cli in tests, dist for the built CLI. */
function moduleDir(): string {
  return dirname(fileURLToPath(import.meta.url));
}

/**
 * The default directory is `.lens-data` at the root of the repository Lens runs from, whatever
 * the working directory (Claude Desktop starts `lens stdio` anywhere); outside a repository
 * (an installed package) it is `.lens-data` in the working directory.
 */
export function defaultDataDir(cwd: string = process.cwd()): string {
  return join(findRepoRoot(moduleDir()) ?? resolve(cwd), DEFAULT_DATA_DIRNAME);
}

/**
 * The data directory of a command. A directory named with --data or LENS_DATA is the user's:
 * it is never seeded. `defaultDir` replaces the default location (tests).
 */
export function chooseDataDir(
  config: DataConfig,
  cwd: string = process.cwd(),
  defaultDir: string = defaultDataDir(cwd),
): DataDirChoice {
  if (config.dataFlag !== undefined) {
    return { dir: resolve(cwd, config.dataFlag), seed: false, source: "--data" };
  }
  if (config.dataEnv !== undefined) {
    return { dir: resolve(cwd, config.dataEnv), seed: false, source: "LENS_DATA" };
  }
  return { dir: defaultDir, seed: config.seed && isEmptyDir(defaultDir), source: "default" };
}

/**
 * The bundled sample vault (`apps/server/sample-vault`), found from this module whether it runs
 * from src/ (tests) or dist/ (the built CLI).
 */
export function sampleVaultDir(): string | undefined {
  let dir = moduleDir();
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, "sample-vault");
    if (existsSync(candidate) && statSync(candidate).isDirectory()) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

/** Each top-level directory of the sample vault is one folder, named after the directory. */
export function sampleVaultFolders(root: string): Array<{ dir: string; name: string }> {
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith("."))
    .map((d) => ({ dir: join(root, d.name), name: d.name.normalize("NFC") }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
