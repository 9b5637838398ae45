// The published package as a user gets it: `pnpm pack` of lens-mcp, `npm install` of the tarball
// into an empty directory, and the installed `lens` command: --version, serve (seeding the
// default ./.lens-data with the sample vault, /healthz, the review page and the reference
// page's script, one MCP read), stdio, import, export.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LENS_VERSION } from "../src/version.js";
import { APP_DIR, call, connectHttp, requireBuiltCli, spawnCli, tempDir } from "./helpers.js";

beforeAll(requireBuiltCli);

const MCP_LINE = /MCP\s+(http:\/\/\S+\/mcp)/;

describe("the lens-mcp package, installed from its tarball", () => {
  const tmp = tempDir("lens-pack-");
  const app = join(tmp.path, "app");
  let tarball = "";
  let lens = "";

  beforeAll(() => {
    execFileSync("npx", ["-y", "pnpm@10", "pack", "--pack-destination", tmp.path], {
      cwd: APP_DIR,
      stdio: "pipe",
    });
    tarball = join(tmp.path, readdirSync(tmp.path).find((f) => f.endsWith(".tgz"))!);
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), '{ "name": "a-user", "private": true }\n');
    execFileSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", tarball],
      { cwd: app, stdio: "pipe" },
    );
    lens = join(app, "node_modules", "lens-mcp", "dist", "cli.js");
    // `pnpm pack` builds first (prepack: turbo); run outside turbo, that build is real work.
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
    const manifest = JSON.parse(
      readFileSync(join(app, "node_modules", "lens-mcp", "package.json"), "utf8"),
    ) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "lens-mcp",
      license: "MIT",
      bin: { lens: "./dist/cli.js" },
    });
    // Nothing in the installed package refers to the workspace.
    expect(JSON.stringify(manifest.dependencies)).not.toMatch(/@lens\/|workspace:/);
    expect(existsSync(join(app, "node_modules", ".bin", "lens"))).toBe(true);
  });

  it("lens --version", () => {
    const out = execFileSync(join(app, "node_modules", ".bin", "lens"), ["--version"], {
      encoding: "utf8",
    });
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
      expect(existsSync(join(app, "node_modules", "@scalar", "api-reference"))).toBe(false);
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
