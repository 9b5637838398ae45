// Packing from a fresh clone, where nothing was ever built: `pnpm pack` must build first
// (`prepack`), or the tarball ships no dist/ and `npm install -g` of it gives no `lens`. The clone
// is the working tree's files a clone would hold (tracked and not ignored, so uncommitted
// changes are tested too), with no node_modules, no dist/ and no turbo cache.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LENS_VERSION } from "../src/version.js";
import { APP_DIR, tempDir } from "./helpers.js";

const ROOT = join(APP_DIR, "..", "..");

/** The environment of a user's shell: nothing from the turbo run this test may be under. */
function userEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("TURBO_") && !k.startsWith("LENS_")),
  );
  return { ...env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };
}

/** Copies what a clone of the working tree holds into `dest`. */
function cloneWorkingTree(dest: string): void {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  )
    .split("\0")
    .filter((f) => f !== "");
  for (const file of files) {
    const from = join(ROOT, file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(from, join(dest, file));
  }
}

describe("pnpm pack from a fresh clone (no build ever run)", () => {
  const tmp = tempDir("lens-fresh-pack-");
  const clone = join(tmp.path, "clone");
  const packs = join(tmp.path, "packs");
  const global = join(tmp.path, "global");
  let tarball = "";

  beforeAll(() => {
    cloneWorkingTree(clone);
    expect(existsSync(join(clone, "apps/server/dist"))).toBe(false);
    const run = (cmd: string, args: string[], cwd: string) =>
      execFileSync(cmd, args, { cwd, env: userEnv(), stdio: "pipe" });
    run("npx", ["-y", "pnpm@10", "install", "--frozen-lockfile", "--prefer-offline"], clone);
    mkdirSync(packs);
    run("npx", ["-y", "pnpm@10", "pack", "--pack-destination", packs], join(clone, "apps/server"));
    tarball = join(packs, readdirSync(packs).find((f) => f.endsWith(".tgz"))!);
    run(
      "npm",
      [
        "install",
        "--global",
        "--prefix",
        global,
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        "--loglevel=error",
        tarball,
      ],
      tmp.path,
    );
  }, 600_000);
  afterAll(() => tmp.remove());

  it("the tarball holds the build: dist/cli.js and the review page", () => {
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n");
    expect(files).toContain("package/dist/cli.js");
    expect(files).toContain("package/dist/web/index.html");
  });

  it("npm install -g of it gives a working `lens`", () => {
    const lens = join(global, "bin", "lens");
    expect(existsSync(lens)).toBe(true);
    const out = execFileSync(lens, ["--version"], { encoding: "utf8", env: userEnv() });
    expect(out.trim()).toBe(LENS_VERSION);
  });
});
