// The built `lens` command as a child process: serve (the case suite over real HTTP, kill -9
// durability, clean SIGTERM, fresh-clone seeding, refusals), import and export.

import { execFileSync, spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { readBacklinks, Workspace } from "@lens/core";
import { openStore } from "@lens/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenarios } from "../../mcp/test/scenarios.js";
import { LOCK_FILE } from "../src/cli/dirLock.js";
import { LENS_VERSION } from "../src/version.js";
import {
  APP_DIR,
  type Child,
  CLI,
  call,
  connectHttp,
  rawText,
  requireBuiltCli,
  spawnCli,
  suggested,
  TEAM_FILES,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

beforeAll(requireBuiltCli);

const MCP_LINE = /MCP\s+(http:\/\/\S+\/mcp)/;

async function rawOnDisk(dir: string, path: string): Promise<string> {
  const workspace = new Workspace();
  const store = await openStore(dir, { workspace });
  await store.close();
  return rawText(workspace, path);
}

describe("lens serve as a child process", () => {
  const tmp = tempDir();
  const data = join(tmp.path, "data");
  let child: Child;
  let url = "";
  beforeAll(async () => {
    const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
    child = spawnCli([
      "serve",
      "--port",
      "0",
      "--data",
      data,
      "--import",
      `${vaults.team}=Team`,
      "--import",
      vaults.research,
    ]);
    url = (await child.waitFor(MCP_LINE))[1]!;
  });
  afterAll(async () => {
    child.proc.kill("SIGKILL");
    await child.exited;
    tmp.remove();
  });

  runScenarios("serve child", {
    connect: () => connectHttp(url),
    // What is on disk: every acknowledged edit must already be there.
    raw: (path) => rawOnDisk(data, path),
  });

  it("prints where it listens, the claude mcp add line and a Claude Desktop entry", () => {
    expect(child.stdout()).toContain(`claude mcp add --transport http lens ${url}`);
    expect(child.stdout()).toMatch(/REST\s+http:\/\/127\.0\.0\.1:\d+\/api\/v1/);
    expect(child.stdout()).toMatch(/Review\s+http:\/\/127\.0\.0\.1:\d+\/ /);
    expect(child.stdout()).toMatch(/^Lens \S+: 4 documents in 2 folders \(Research, Team\)/);
    const desktop = child.stdout().slice(child.stdout().indexOf("Connect Claude Desktop"));
    const json = desktop.slice(desktop.indexOf("{"), desktop.lastIndexOf("}") + 1);
    expect(JSON.parse(json)).toEqual({
      mcpServers: { lens: { command: "npx", args: ["-y", "mcp-remote", url] } },
    });
  });

  it("logs JSON lines with level names and ISO times: one per tool call naming its caller (requests at debug), never document text", () => {
    const records = child
      .stderr()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const r of records) {
      expect(["trace", "debug", "info", "warn", "error", "fatal"]).toContain(r.level);
      expect(r.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(records.some((r) => r.msg === "listening")).toBe(true);
    // At the default level no line per HTTP request: each tool call is the line.
    expect(records.filter((r) => r.msg === "request")).toEqual([]);
    const read = records.find((r) => r.msg === "tool call" && r.tool === "read");
    expect(read).toMatchObject({ level: "info", isError: false, who: "owner" });
    expect(typeof read?.path).toBe("string");
    expect(typeof read?.ms).toBe("number");
    // Document text never reaches the log, nor does an edit's old or new string.
    for (const text of Object.values(TEAM_FILES)) {
      for (const line of text.split("\n").filter((l) => l.length > 12)) {
        expect(child.stderr()).not.toContain(line);
      }
    }
  });
});

describe("lens serve lifecycle", () => {
  it("an edit acknowledged over MCP survives kill -9 right after", async () => {
    const tmp = tempDir();
    try {
      const data = join(tmp.path, "data");
      const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
      const child = spawnCli([
        "serve",
        "--port",
        "0",
        "--data",
        data,
        "--import",
        `${vaults.team}=Team`,
      ]);
      const url = (await child.waitFor(MCP_LINE))[1]!;
      const conn = await connectHttp(url);
      await call(conn.client, "read", { file_path: "Team/Notes/Ideas.md" });
      const r = await call(conn.client, "edit", {
        file_path: "Team/Notes/Ideas.md",
        old_string: "We should try [[Plans]] soon.",
        new_string: "We tried [[Plans]].",
      });
      child.proc.kill("SIGKILL");
      expect(r.isError).toBe(false);
      await child.exited;
      await conn.client.close().catch(() => {});
      expect(await rawOnDisk(data, "Team/Notes/Ideas.md")).toMatch(
        suggested("We should try [[Plans]] soon.", "We tried [[Plans]]."),
      );
    } finally {
      tmp.remove();
    }
  });

  it("two servers in separate PID namespaces (both pid 1) on one directory: the second is refused", async () => {
    const tmp = tempDir();
    const inNamespace = (data: string) => {
      // `unshare -p -f --mount-proc`: a new PID namespace, as a container gets; lens is pid 1.
      const proc = spawn(
        "unshare",
        [
          "-p",
          "-f",
          "--mount-proc",
          process.execPath,
          CLI,
          "serve",
          "--port",
          "0",
          "--data",
          data,
          "--init",
        ],
        {
          stdio: ["ignore", "pipe", "pipe"],
          env: { ...process.env, LENS_LOG_LEVEL: "info" },
          detached: true, // its own process group: signalled as a whole, like a container
        },
      );
      let out = "";
      let err = "";
      proc.stdout.on("data", (d: Buffer) => {
        out += d.toString();
      });
      proc.stderr.on("data", (d: Buffer) => {
        err += d.toString();
      });
      const exited = new Promise<number | null>((r) => proc.once("exit", (code) => r(code)));
      return { proc, exited, out: () => out, err: () => err };
    };
    try {
      const data = join(tmp.path, "shared-volume");
      const first = inNamespace(data);
      while (!first.out().includes("Stop with Ctrl-C")) {
        if (first.proc.exitCode !== null) throw new Error(`first server exited:\n${first.err()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(first.err()).toMatch(/"pid":1,/);
      const second = inNamespace(data);
      expect(await second.exited).toBe(1);
      expect(second.err()).toMatch(/is in use by another Lens process/);
      // The first one is unharmed and still owns the directory.
      expect(first.proc.exitCode).toBeNull();
      process.kill(-first.proc.pid!, "SIGTERM");
      expect(await first.exited).toBe(0);
      expect(existsSync(join(data, LOCK_FILE))).toBe(false);
    } finally {
      tmp.remove();
    }
  }, 60_000);

  it("a lock left by a crashed server is taken over once stale", async () => {
    const tmp = tempDir();
    try {
      const data = join(tmp.path, "data");
      const crashed = spawnCli(["serve", "--port", "0", "--data", data, "--init"]);
      await crashed.waitFor(MCP_LINE);
      crashed.proc.kill("SIGKILL");
      await crashed.exited;
      expect(existsSync(join(data, LOCK_FILE))).toBe(true);
      const next = spawnCli(["serve", "--port", "0", "--data", data]);
      await next.waitFor(MCP_LINE, 40_000);
      next.proc.kill("SIGTERM");
      expect((await next.exited).code).toBe(0);
    } finally {
      tmp.remove();
    }
  }, 60_000);

  it("exits cleanly on SIGTERM and SIGINT, releasing the data directory", async () => {
    const tmp = tempDir();
    try {
      for (const signal of ["SIGTERM", "SIGINT"] as const) {
        const data = join(tmp.path, signal);
        const child = spawnCli(["serve", "--port", "0", "--data", data, "--init"]);
        await child.waitFor(MCP_LINE);
        expect(existsSync(join(data, LOCK_FILE))).toBe(true);
        child.proc.kill(signal);
        expect(await child.exited).toEqual({ code: 0, signal: null });
        expect(existsSync(join(data, LOCK_FILE))).toBe(false);
        expect(child.stderr()).toMatch(/"msg":"stopped"/);
      }
    } finally {
      tmp.remove();
    }
  });

  it("an empty directory named by LENS_DATA is served empty, never seeded with the sample vault", async () => {
    const tmp = tempDir();
    try {
      const dataDir = join(tmp.path, "lens-data");
      mkdirSync(dataDir);
      const child = spawnCli(["serve", "--port", "0"], { env: { LENS_DATA: dataDir } });
      const url = (await child.waitFor(MCP_LINE))[1]!;
      const health = (await (await fetch(url.replace(/\/mcp$/, "/healthz"))).json()) as {
        documents: number;
      };
      expect(health.documents).toBe(0);
      child.proc.kill("SIGTERM");
      expect((await child.exited).code).toBe(0);
      expect(child.stdout()).toContain(dataDir);
      expect(child.stderr()).not.toMatch(/seeding/);
    } finally {
      tmp.remove();
    }
  });

  it("refuses a --data directory that does not exist; --init creates it, and says so", async () => {
    const tmp = tempDir();
    try {
      const missing = join(tmp.path, "typo");
      const refused = spawnCli(["serve", "--port", "0", "--data", missing]);
      expect((await refused.exited).code).toBe(2);
      expect(refused.stderr()).toContain(
        `lens: the data directory ${missing} (--data) does not exist`,
      );
      expect(refused.stderr()).toMatch(/--init/);
      expect(existsSync(missing)).toBe(false);

      const child = spawnCli(["serve", "--port", "0", "--data", missing, "--init"]);
      const url = (await child.waitFor(MCP_LINE))[1]!;
      const health = (await (await fetch(url.replace(/\/mcp$/, "/healthz"))).json()) as {
        documents: number;
      };
      expect(health.documents).toBe(0);
      child.proc.kill("SIGTERM");
      await child.exited;
      expect(child.stderr()).toContain(`created empty data directory ${missing}`);
    } finally {
      tmp.remove();
    }
  });

  it("refuses to bind beyond loopback without a token, with a clear message", async () => {
    const child = spawnCli(["serve", "--host", "0.0.0.0", "--port", "0", "--data", "/nonexistent"]);
    expect((await child.exited).code).toBe(2);
    expect(child.stderr()).toMatch(/refusing to listen on 0\.0\.0\.0 without a token/);
    expect(child.stderr()).toMatch(/LENS_TOKEN/);
  });

  it("with a token, beyond loopback: 401 without it, works with it; the token is never logged", async () => {
    const tmp = tempDir();
    const token = "s3cret-token-for-the-test-0123456789";
    try {
      const child = spawnCli(
        ["serve", "--host", "0.0.0.0", "--port", "0", "--data", join(tmp.path, "d"), "--init"],
        {
          env: { LENS_TOKEN: token },
        },
      );
      const url = (await child.waitFor(MCP_LINE))[1]!;
      expect((await fetch(url, { method: "POST", body: "{}" })).status).toBe(401);
      const conn = await connectHttp(url, { Authorization: `Bearer ${token}` });
      expect((await call(conn.client, "glob", { pattern: "*" })).text).toMatch(/No files found/);
      await conn.close();
      expect(child.stdout()).toContain('--header "Authorization: Bearer $LENS_TOKEN"');
      child.proc.kill("SIGTERM");
      await child.exited;
      expect(child.stdout()).not.toContain(token);
      expect(child.stderr()).not.toContain(token);
    } finally {
      tmp.remove();
    }
  });
});

describe("lens import and export", () => {
  it("imports a vault as a folder, updates it in place, and exports the raw text", async () => {
    const tmp = tempDir();
    try {
      const data = join(tmp.path, "data");
      const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
      const imp = spawnCli(["import", "--data", data, "--folder", "Notes", vaults.team]);
      expect((await imp.exited).code).toBe(0);
      expect(imp.stdout()).toMatch(/Imported .* as "Notes"/);

      // Update in place (--replace: the folder exists): one file changed, one added.
      writeFileSync(join(vaults.team, "Plans.md"), "# Plans\n\nOnly plan A now.\n");
      mkdirSync(join(vaults.team, "New"), { recursive: true });
      writeFileSync(join(vaults.team, "New", "Fresh.md"), "fresh\n");
      const again = spawnCli([
        "import",
        "--data",
        data,
        "--folder",
        "Notes",
        vaults.team,
        "--replace",
      ]);
      expect((await again.exited).code).toBe(0);
      expect(again.stdout()).toMatch(/as "Notes" into \S+: added 2, updated 1, removed 0; /);

      const out = join(tmp.path, "out");
      const exp = spawnCli(["export", "--data", data, out]);
      expect((await exp.exited).code).toBe(0);
      expect(exp.stdout()).toMatch(/Exported 4 documents/);
      expect(readFileSync(join(out, "Notes", "Plans.md"), "utf8")).toBe(
        "# Plans\n\nOnly plan A now.\n",
      );
      expect(readFileSync(join(out, "Notes", "Notes", "Ideas.md"), "utf8")).toBe(
        TEAM_FILES["Notes/Ideas.md"],
      );
      expect(readFileSync(join(out, "Notes", "New", "Fresh.md"), "utf8")).toBe("fresh\n");
    } finally {
      tmp.remove();
    }
  });

  it("imports several DIR=NAME vaults in one load, writes each new document once, links across them", async () => {
    const tmp = tempDir();
    try {
      const data = join(tmp.path, "data");
      const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
      // A third vault whose notes link into the other two: resolved once all three are in.
      const lab = join(tmp.path, "vaults", "lab-notes");
      mkdirSync(join(lab, "Runs"), { recursive: true });
      writeFileSync(join(lab, "Runs", "Run 1.md"), "Follows [[Team/Plans]] and [[Paper]].\n");
      writeFileSync(join(lab, "Index.md"), "See [[Run 1]].\n");
      const args = [`${vaults.team}=Team`, `${vaults.research}=Research`, `${lab}=Lab`];
      const imp = spawnCli(["import", "--data", data, ...args]);
      expect((await imp.exited).code).toBe(0);
      const log = (child: Child) =>
        child
          .stderr()
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as { msg: string; written?: number });
      expect(log(imp).filter((l) => l.msg === "loading data directory")).toHaveLength(1);
      // 3 + 1 + 2 notes, 3 folder docs: each file written once, no temp file left behind.
      const docDirs = readdirSync(data).filter((d) => !d.startsWith("."));
      expect(docDirs).toHaveLength(9);
      for (const d of docDirs) expect(readdirSync(join(data, d))).toEqual(["data.ysweet"]);
      expect(log(imp).find((l) => l.msg === "data directory closed")?.written).toBe(9);

      const workspace = new Workspace();
      const store = await openStore(data, { workspace, readOnly: true });
      const id = (path: string) => workspace.paths.get(path)!.meta.id;
      const team = workspace.folderByName("Team")!;
      expect(readBacklinks(team.doc).get(id("Team/Plans.md"))?.sort()).toEqual(
        [id("Team/Notes/Ideas.md"), id("Research/Paper.md"), id("Lab/Runs/Run 1.md")].sort(),
      );
      const research = workspace.folderByName("Research")!;
      expect(readBacklinks(research.doc).get(id("Research/Paper.md"))).toEqual([
        id("Lab/Runs/Run 1.md"),
      ]);
      expect(
        readBacklinks(workspace.folderByName("Lab")!.doc).get(id("Lab/Runs/Run 1.md")),
      ).toEqual([id("Lab/Index.md")]);
      await store.close();

      // The same vaults again (replacing them): one load, nothing changed, nothing written.
      const again = spawnCli(["import", "--data", data, "--replace", ...args]);
      expect((await again.exited).code).toBe(0);
      expect(log(again).filter((l) => l.msg === "loading data directory")).toHaveLength(1);
      expect(log(again).find((l) => l.msg === "data directory closed")?.written).toBe(0);
    } finally {
      tmp.remove();
    }
  });

  it("export refuses a data directory that does not exist", async () => {
    const child = spawnCli(["export", "--data", "/nonexistent/lens-data", "/tmp/out-never"]);
    expect((await child.exited).code).toBe(2);
    expect(child.stderr()).toMatch(/no data directory at \/nonexistent\/lens-data/);
  });

  it("imports several vaults in one run (one load of the data directory), DIR or DIR=NAME", async () => {
    const tmp = tempDir();
    try {
      const data = join(tmp.path, "data");
      const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
      const imp = spawnCli(["import", "--data", data, `${vaults.team}=Team`, vaults.research]);
      expect((await imp.exited).code).toBe(0);
      expect(imp.stdout()).toMatch(/as "Team"/);
      expect(imp.stdout()).toMatch(/as "Research"/);
      // One load: the directory was read once.
      expect(imp.stderr().match(/"msg":"loading data directory"/g)).toHaveLength(1);
      const out = join(tmp.path, "out");
      expect((await spawnCli(["export", "--data", data, out]).exited).code).toBe(0);
      expect(readFileSync(join(out, "Research", "Paper.md"), "utf8")).toMatch(/Builds on/);
      expect(readFileSync(join(out, "Team", "Plans.md"), "utf8")).toMatch(/Plan A/);
      // --folder names a single directory.
      const two = spawnCli([
        "import",
        "--data",
        data,
        "--folder",
        "X",
        vaults.team,
        vaults.research,
      ]);
      expect((await two.exited).code).toBe(2);
      expect(two.stderr()).toMatch(/--folder names one folder/);
    } finally {
      tmp.remove();
    }
  });
});

describe("the repository's `lens` bin (bin/lens.js, linked by pnpm before anything is built)", () => {
  it("runs the built command line", () => {
    const out = execFileSync(process.execPath, [join(APP_DIR, "bin", "lens.js"), "--version"], {
      encoding: "utf8",
    });
    expect(out.trim()).toBe(LENS_VERSION);
  });

  it("says how to build when there is no build yet, and fails", () => {
    const tmp = tempDir("lens-bin-");
    try {
      mkdirSync(join(tmp.path, "bin"));
      copyFileSync(join(APP_DIR, "bin", "lens.js"), join(tmp.path, "bin", "lens.js"));
      const r = spawnSync(process.execPath, [join(tmp.path, "bin", "lens.js"), "serve"], {
        encoding: "utf8",
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^lens is not built yet: run `npx -y pnpm@10 build`/);
      expect(readdirSync(tmp.path)).toEqual(["bin"]);
    } finally {
      tmp.remove();
    }
  });
});
