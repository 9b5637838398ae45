// Builds a workspace package and the workspace packages it depends on, when their outputs are
// older than their sources: what test setups that spawn a built CLI call when run directly
// (`vitest run`); under turbo, `test` depends on `^build` and nothing is stale. Each package is
// built with its own build script, dependencies first; everything after a rebuilt package is
// rebuilt too, since a bundling package must take in the change.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";

interface Pkg {
  dir: string;
  main?: string;
  bin?: string | Record<string, string>;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

function readPkg(dir: string): Pkg {
  return { ...JSON.parse(readFileSync(join(dir, "package.json"), "utf8")), dir };
}

/** `root` and the workspace packages it depends on (`workspace:` versions), dependencies first. */
function workspaceClosure(root: string): Pkg[] {
  const order: Pkg[] = [];
  const seen = new Set<string>();
  const visit = (dir: string) => {
    if (seen.has(dir)) return;
    seen.add(dir);
    const pkg = readPkg(dir);
    const deps = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const [name, version] of Object.entries(deps).sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (version.startsWith("workspace:")) visit(realpathSync(join(dir, "node_modules", name)));
    }
    order.push(pkg);
  };
  visit(root);
  return order;
}

/** What a build writes: its entry points, or its dist/ directory (a web page has no entry). */
function outputs(pkg: Pkg): string[] {
  const bins = typeof pkg.bin === "string" ? [pkg.bin] : Object.values(pkg.bin ?? {});
  const entries = [pkg.main, ...bins].filter((p): p is string => p !== undefined);
  return (entries.length > 0 ? entries : ["dist"]).map((p) => join(pkg.dir, p));
}

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
  for (const f of ["package.json", "tsup.config.ts", "vite.config.ts", "index.html"]) {
    if (existsSync(join(dir, f))) newest = Math.max(newest, statSync(join(dir, f)).mtimeMs);
  }
  return newest;
}

function stale(pkg: Pkg): boolean {
  const newest = newestSource(pkg.dir);
  return outputs(pkg).some((o) => !existsSync(o) || statSync(o).mtimeMs < newest);
}

/** Rebuilds what is stale in `packageDir`'s workspace closure; a failure is returned, not thrown. */
export function ensureBuilt(
  packageDir: string,
  repoRoot: string,
): { ok: true } | { ok: false; error: string } {
  const bin = join(repoRoot, "node_modules", ".bin");
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` };
  let rebuilt = false;
  try {
    for (const pkg of workspaceClosure(packageDir)) {
      if (!rebuilt && !stale(pkg)) continue;
      const script = pkg.scripts?.build;
      if (!script) throw new Error(`${pkg.dir} has no build script`);
      rebuilt = true;
      // The package's own bin directory first, as `pnpm run` would have it (vite for @lens/web).
      const own = { ...env, PATH: `${join(pkg.dir, "node_modules", ".bin")}:${env.PATH}` };
      execSync(script, { cwd: pkg.dir, env: own, stdio: ["ignore", "pipe", "pipe"] });
    }
    return { ok: true };
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
    return {
      ok: false,
      error: `${err.message}\n${err.stdout?.toString() ?? ""}\n${err.stderr?.toString() ?? ""}`,
    };
  }
}
