// MCP over stdio: the case suite against `lens stdio` spawned by the SDK's StdioClientTransport,
// one process (one session) per case, each over a fresh data directory.

import { spawn } from "node:child_process";
import { Workspace } from "@lens/core";
import { openStore } from "@lens/store";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI,
  type Connection,
  call,
  rawText,
  requireBuiltCli,
  suggested,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";
import { runScenarios } from "./scenarios.js";

beforeAll(requireBuiltCli);

const dirs: Array<{ remove(): void }> = [];
afterAll(() => {
  for (const d of dirs) d.remove();
});

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith("LENS_")) out[k] = v;
  return { ...out, LENS_LOG_LEVEL: "warn" };
}

let lastData = "";

async function connectStdio(): Promise<Connection & { stderr: () => string }> {
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
    env: env(),
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

  it("refuses a data directory another Lens process holds", async () => {
    const conn = await connectStdio();
    const second = new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "stdio", "--data", lastData],
      env: env(),
      stderr: "pipe",
    });
    let err = "";
    second.stderr?.on("data", (d: Buffer) => {
      err += d.toString("utf8");
    });
    const client = new Client({ name: "second", version: "0" });
    await expect(client.connect(second)).rejects.toThrow();
    expect(err).toMatch(/in use by another Lens process/);
    await conn.close();
  });

  it("says why and exits 1 when a line passes 10 MiB, instead of exiting 0 silently (issue 28)", async () => {
    const root = tempDir();
    dirs.push(root);
    const proc = spawn(process.execPath, [CLI, "stdio", "--init", "--data", `${root.path}/data`], {
      env: env(),
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
