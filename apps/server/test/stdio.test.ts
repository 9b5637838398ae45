// MCP over stdio: the case suite against `lens stdio` spawned by the SDK's StdioClientTransport,
// one process (one session) per case, each over a fresh data directory.

import { spawn } from "node:child_process";
import { Workspace } from "@lens/core";
import { openStore } from "@lens/store";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenarios } from "../../mcp/test/scenarios.js";
import {
  CLI,
  type Connection,
  call,
  cliEnv,
  connectHttp,
  eventually,
  rawText,
  requireBuiltCli,
  spawnCli,
  suggested,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

beforeAll(requireBuiltCli);

const dirs: Array<{ remove(): void }> = [];
afterAll(() => {
  for (const d of dirs) d.remove();
});

let lastData = "";

async function connectStdio(level = "warn"): Promise<Connection & { stderr: () => string }> {
  const root = tempDir();
  dirs.push(root);
  const vaults = writeFixtureVaults(`${root.path}/vaults`);
  lastData = `${root.path}/data`;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      CLI,
      "stdio",
      "--data",
      lastData,
      "--import",
      `${vaults.team}=Team`,
      "--import",
      vaults.research,
    ],
    env: cliEnv(level),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString("utf8");
  });
  const client = new Client({ name: "lens-test", version: "0.0.0" });
  await client.connect(transport);
  return { client, close: () => client.close(), stderr: () => stderr };
}

/** Raw text from the data directory on disk, as another process would load it. */
async function rawOnDisk(dir: string, path: string): Promise<string> {
  const workspace = new Workspace();
  const store = await openStore(dir, { workspace });
  try {
    return rawText(workspace, path);
  } finally {
    await store.close();
  }
}

runScenarios("stdio", {
  connect: connectStdio,
  raw: (path) => rawOnDisk(lastData, path),
});

describe("lens stdio", () => {
  it("keeps stdout for MCP only: logs go to stderr", async () => {
    const conn = await connectStdio();
    await call(conn.client, "glob", { pattern: "**" });
    await conn.close();
    // warn level: nothing to say, and nothing ever reaches stdout (the client would have failed).
    expect(conn.stderr()).not.toMatch(/"level":50/);
  });

  it("readies search in the background: the ranked index, then the grep worker", async () => {
    const conn = await connectStdio("info");
    await eventually(() => conn.stderr().includes("grep ready"), 30_000);
    const log = conn.stderr();
    expect(log).toContain("grep ready");
    expect(log.indexOf("search index ready")).toBeGreaterThan(-1);
    expect(log.indexOf("search index ready")).toBeLessThan(log.indexOf("grep ready"));
    // Then the garbage of the load and the builds is collected, once.
    await eventually(() => conn.stderr().includes("memory settled"), 30_000);
    expect(conn.stderr()).toMatch(/"collected":true/);
    const r = await call(conn.client, "grep", { pattern: "Plan A" });
    expect(r).toEqual({ text: "Team/Plans.md", isError: false });
    await conn.close();
  });

  it("one process is one session: reads unlock edits across calls", async () => {
    const conn = await connectStdio();
    await call(conn.client, "read", { file_path: "Team/Plans.md" });
    const r = await call(conn.client, "edit", {
      file_path: "Team/Plans.md",
      old_string: "Plan A",
      new_string: "Plan Alpha",
    });
    expect(r.isError).toBe(false);
    await conn.close();
    expect(await rawOnDisk(lastData, "Team/Plans.md")).toMatch(suggested("Plan A", "Plan Alpha"));
  });

  it("an empty --init directory: warns how to get a first folder, tells the assistant, and create with new_folder makes one", async () => {
    const root = tempDir();
    dirs.push(root);
    const data = `${root.path}/empty`;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "stdio", "--data", data, "--init"],
      env: cliEnv(),
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString("utf8");
    });
    const client = new Client({ name: "lens-test", version: "0.0.0" });
    await client.connect(transport);
    expect(client.getInstructions()).toMatch(/No shared folders .*new_folder: true/s);
    const made = await call(client, "create", {
      file_path: "Notes/Welcome.md",
      content: "# Welcome",
      new_folder: true,
    });
    await client.close();
    expect(made.isError, made.text).toBe(false);
    const warning = stderr
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { level: string; msg: string })
      .find((r) => r.level === "warn" && /No folder yet/.test(r.msg));
    expect(warning?.msg).toContain(`lens import --data ${data} --folder NAME VAULT_DIR`);
    expect(warning?.msg).toContain("new_folder: true");
    expect(await rawOnDisk(data, "Notes/Welcome.md")).toMatch(/# Welcome/);
  });

  it("refuses at once a data directory another lens stdio holds, naming it", async () => {
    const conn = await connectStdio();
    const second = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "stdio", "--data", lastData],
      env: cliEnv(),
      stderr: "pipe",
    });
    let err = "";
    second.stderr?.on("data", (d: Buffer) => {
      err += d.toString("utf8");
    });
    const client = new Client({ name: "second", version: "0" });
    await expect(client.connect(second)).rejects.toThrow();
    // The holder answered on the control socket: no wait for its lock to turn stale.
    expect(err).toMatch(/is in use by another Lens process \(`lens stdio`, pid \d+\)/);
    expect(err).not.toMatch(/waiting up to 14 s/);
    await conn.close();
  });

  it("says why and exits 1 when a line passes 10 MiB, instead of exiting 0 silently (issue 28)", async () => {
    const root = tempDir();
    dirs.push(root);
    const proc = spawn(process.execPath, [CLI, "stdio", "--init", "--data", `${root.path}/data`], {
      env: cliEnv(),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let err = "";
    proc.stderr.setEncoding("utf8").on("data", (d: string) => {
      err += d;
    });
    proc.stdout.resume();
    const exited = new Promise<number | null>((resolve) => proc.once("exit", resolve));
    // One line of 10.5 MiB, stdin left open: the client has not gone away.
    proc.stdin.on("error", () => {});
    proc.stdin.write(
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(11 * 1024 * 1024)}`,
    );
    expect(await exited).toBe(1);
    expect(err).toMatch(/longer than 10485760 bytes \(10 MiB\).*session was closed/);
    proc.stdin.destroy();
  });
});

describe("lens stdio beside a running lens serve", () => {
  it("says so at once and bridges the client to the server: tools, read, edit, the edit seen over HTTP", async () => {
    const root = tempDir();
    dirs.push(root);
    const vaults = writeFixtureVaults(`${root.path}/vaults`);
    const data = `${root.path}/data`;
    const server = spawnCli([
      "serve",
      "--port",
      "0",
      "--data",
      data,
      "--import",
      `${vaults.team}=Team`,
    ]);
    try {
      const url = (await server.waitFor(/MCP\s+(http:\/\/\S+\/mcp)/))[1]!;
      const transport = new StdioClientTransport({
        command: process.execPath,
        args: [CLI, "stdio", "--data", data, "--author", "Desktop"],
        env: cliEnv(),
        stderr: "pipe",
      });
      let err = "";
      transport.stderr?.on("data", (d: Buffer) => {
        err += d.toString("utf8");
      });
      const client = new Client({ name: "desktop", version: "0" });
      await client.connect(transport);
      expect(err).toContain(
        `lens stdio: ${data} is held by a running \`lens serve\` (pid ${server.proc.pid}, ${url.replace(/\/mcp$/, "")}); this client is bridged to it`,
      );
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(expect.arrayContaining(["read", "edit", "grep", "glob"]));
      expect((await call(client, "read", { file_path: "Team/Plans.md" })).isError).toBe(false);
      const grep = await call(client, "grep", {
        pattern: "Plan A",
        output_mode: "files_with_matches",
      });
      expect(grep.text).toContain("Team/Plans.md");
      const edit = await call(client, "edit", {
        file_path: "Team/Plans.md",
        old_string: "Plan A",
        new_string: "Plan Alpha",
      });
      expect(edit.isError).toBe(false);

      // The server's own clients see it at once.
      const http = await connectHttp(url);
      const read = await call(http.client, "read", { file_path: "Team/Plans.md" });
      expect(read.text).toContain("Plan Alpha: ship it.");
      await http.close();
      const rest = await fetch(`${url.replace(/\/mcp$/, "")}/api/v1/suggestions`);
      expect(JSON.stringify(await rest.json())).toContain('"author":"Desktop"');

      // The server stopping ends the bridge: the client sees the connection close, told why.
      const clientClosed = new Promise<void>((resolve) => {
        client.onclose = () => resolve();
      });
      server.proc.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
      await clientClosed;
      expect(err).toContain(
        `lens stdio: the server holding ${data} ended the session (it stopped)`,
      );
      expect(server.stderr()).toMatch(/bridged lens stdio session ended/);
      expect(await rawOnDisk(data, "Team/Plans.md")).toMatch(
        suggested("Plan A", "Plan Alpha", "Desktop"),
      );
    } finally {
      server.proc.kill("SIGKILL");
    }
  });
});
