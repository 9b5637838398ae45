// The published package as a user gets it, packed from a fresh clone where nothing was ever
// built: `pnpm pack` must build first (`prepack`), or the tarball ships no dist/ and
// `npm install -g` of it gives no `lens`. The clone is the working tree's files a clone would
// hold (tracked and not ignored, so uncommitted changes are tested too), with no node_modules, no
// dist/ and no turbo cache. Then the installed `lens`: --version, serve (seeding the default
// ./.lens-data with the sample vault, /healthz, the review page and the reference page's script,
// one MCP read), stdio, import, export.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LENS_VERSION } from "../src/version.js";
import { APP_DIR, call, connectHttp, spawnCli, tempDir } from "./helpers.js";

const MCP_LINE = /MCP\s+(http:\/\/\S+\/mcp)/;

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
  /** The installed package, and the command npm linked for it. */
  const pkg = join(global, "lib", "node_modules", "lens-mcp");
  const bin = join(global, "bin", "lens");
  const lens = join(pkg, "dist", "cli.js");
  /** Where a user runs it (serve seeds ./.lens-data there). */
  const app = join(tmp.path, "app");
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
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), '{ "name": "a-user", "private": true }\n');
  }, 600_000);
  afterAll(() => tmp.remove());

  it("holds the build, the sample vault, the licence and the readme; no sources or tests", () => {
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n");
    expect(files).toContain("package/dist/cli.js");
    expect(files).toContain("package/LICENSE");
    expect(files).toContain("package/README.md");
    expect(files.some((f) => f.startsWith("package/sample-vault/"))).toBe(true);
    // What browsers load: the review page's build and the reference page's script.
    expect(files).toContain("package/dist/web/index.html");
    expect(files.some((f) => /^package\/dist\/web\/assets\/.+\.js$/.test(f))).toBe(true);
    expect(files).toContain("package/dist/reference/scalar.js");
    const allowed = /^package\/(dist\/|sample-vault\/|LICENSE$|README\.md$|package\.json$)/;
    expect(files.filter((f) => !allowed.test(f))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(manifest).toMatchObject({
      name: "lens-mcp",
      license: "MIT",
      bin: { lens: "./dist/cli.js" },
    });
    // Nothing in the installed package refers to the workspace.
    expect(JSON.stringify(manifest.dependencies)).not.toMatch(/@lens\/|workspace:/);
  });

  it("npm install -g of it gives a working `lens`", () => {
    expect(existsSync(bin)).toBe(true);
    const out = execFileSync(bin, ["--version"], { encoding: "utf8", env: userEnv() });
    expect(out.trim()).toBe(LENS_VERSION);
  });

  it("lens serve seeds ./.lens-data with the sample vault, answers /healthz and an MCP read", async () => {
    const child = spawnCli(["serve", "--port", "0"], { cli: lens, cwd: app });
    try {
      const url = (await child.waitFor(MCP_LINE))[1]!;
      const health = (await (await fetch(url.replace(/\/mcp$/, "/healthz"))).json()) as {
        documents: number;
        folders: string[];
      };
      expect(health.folders).toEqual(["Lens Team", "Research", "Équipe Café"]);
      expect(health.documents).toBeGreaterThan(5);
      // The review page and the reference page's script, from the package alone (it does not
      // install @scalar/api-reference).
      const base = url.replace(/\/mcp$/, "");
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'/);
      const html = await page.text();
      const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
      expect((await fetch(`${base}${script}`)).status).toBe(200);
      const reference = await (await fetch(`${base}/api/v1/reference`)).text();
      const scalar = /src="([^"]*scalar\.js[^"]*)"/.exec(reference)?.[1] ?? "";
      expect((await fetch(`${base}${scalar}`)).status).toBe(200);
      expect(existsSync(join(pkg, "node_modules", "@scalar", "api-reference"))).toBe(false);
      expect(existsSync(join(global, "lib", "node_modules", "@scalar"))).toBe(false);
      const conn = await connectHttp(url);
      const read = await call(conn.client, "read", { file_path: "Lens Team/Home.md" });
      await conn.close();
      expect(read.isError).toBe(false);
      expect(read.text).toMatch(/^ {5}1\t/);
      child.proc.kill("SIGTERM");
      expect((await child.exited).code).toBe(0);
      expect(existsSync(join(app, ".lens-data"))).toBe(true);
    } finally {
      child.proc.kill("SIGKILL");
    }
  });

  it("lens import, lens export and lens stdio", async () => {
    const vault = join(tmp.path, "vault");
    mkdirSync(join(vault, "Sub"), { recursive: true });
    writeFileSync(join(vault, "Note.md"), "hello from a vault\n");
    writeFileSync(join(vault, "Sub", "Deep.md"), "deep\n");
    const data = join(tmp.path, "data");
    const imported = spawnCli(["import", "--data", data, "--folder", "Vault", vault], {
      cli: lens,
    });
    expect((await imported.exited).code).toBe(0);

    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [lens, "stdio", "--data", data],
      env: { PATH: process.env.PATH ?? "", LENS_LOG_LEVEL: "warn" },
      stderr: "pipe",
    });
    const client = new Client({ name: "pack-test", version: "0.0.0" });
    await client.connect(transport);
    const grep = await call(client, "grep", { pattern: "hello" });
    await client.close();
    expect(grep).toEqual({ text: "Vault/Note.md", isError: false });

    const out = join(tmp.path, "out");
    const exported = spawnCli(["export", "--data", data, out], { cli: lens });
    expect((await exported.exited).code).toBe(0);
    expect(readFileSync(join(out, "Vault", "Sub", "Deep.md"), "utf8")).toBe("deep\n");
  });
});
