// Test fixtures and helpers: a small team vault, in-process servers on 127.0.0.1:0, SDK clients
// over Streamable HTTP, and the built CLI as a child process.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { SessionStore, type Workspace } from "@lens/core";
import type { Lens } from "@lens/service";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  type Connection,
  fixtureWorkspace,
  RESEARCH_FILES,
  type ServiceParts,
  serviceOver,
  TEAM_FILES,
} from "../../mcp/test/support.js";

// The MCP door's shared fixtures and helpers, reused here.
export * from "../../mcp/test/support.js";

import { inject } from "vitest";
import { createLensApp, type LensApp, type LensAppOptions } from "../src/http/lensApp.js";
import { type Listening, listen } from "../src/http/listen.js";

export const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
export const CLI = join(APP_DIR, "dist", "cli.js");

/** Writes the fixture as markdown vault directories: `<root>/Team`, `<root>/Research`. */
export function writeFixtureVaults(root: string): { team: string; research: string } {
  const write = (dir: string, files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
  };
  const team = join(root, "Team");
  const research = join(root, "Research");
  write(team, TEAM_FILES);
  write(research, RESEARCH_FILES);
  return { team, research };
}

export function tempDir(prefix = "lens-mcp-"): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export interface HttpFixture {
  url: string;
  base: string;
  lens: LensApp;
  /** The service the app calls. */
  service: Lens;
  workspace: Workspace;
  sessions: SessionStore;
  listening: Listening;
  close(): Promise<void>;
}

/** A Lens app on 127.0.0.1:0 over the fixture workspace (or the one given). */
export async function startHttp(
  options: Partial<LensAppOptions> & ServiceParts = {},
): Promise<HttpFixture> {
  const { workspace: given, sessions: givenSessions, afterWrite, ...rest } = options;
  const workspace = given ?? fixtureWorkspace();
  const sessions = givenSessions ?? new SessionStore();
  const service =
    options.lens ?? serviceOver({ workspace, sessions, ...(afterWrite ? { afterWrite } : {}) });
  const lens = createLensApp({ bindHost: "127.0.0.1", ...rest, lens: service });
  const listening = await listen(lens.app, "127.0.0.1", 0);
  return {
    url: `${listening.baseUrl}/mcp`,
    base: listening.baseUrl,
    lens,
    service,
    workspace,
    sessions,
    listening,
    async close() {
      await lens.close();
      await listening.close();
    },
  };
}

export async function connectHttp(
  url: string,
  headers: Record<string, string> = {},
): Promise<Connection> {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  const client = new Client({ name: "lens-test", version: "0.0.0" });
  await client.connect(transport);
  return {
    client,
    transport,
    async close() {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

export interface Child {
  proc: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout match of `re`. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Fails the calling test file when the CLI could not be built (see globalSetup). */
export function requireBuiltCli(): void {
  const build = inject("cliBuild");
  if (!build.ok) throw new Error(`building the lens CLI failed:\n${build.error}`);
}

/**
 * The environment a spawned CLI gets: this process's, without the developer's own LENS_*
 * settings (they must not leak into the tests), at log level `level`.
 */
export function cliEnv(level = "warn"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith("LENS_")) out[k] = v;
  return { ...out, LENS_LOG_LEVEL: level };
}

/** Spawns the built CLI (or another copy of it: `cli`, e.g. an installed package's). */
export function spawnCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; cli?: string } = {},
): Child {
  const proc = spawn(process.execPath, [options.cli ?? CLI, ...args], {
    cwd: options.cwd ?? APP_DIR,
    env: { ...cliEnv("info"), ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  proc.stdout!.setEncoding("utf8").on("data", (d: string) => {
    out += d;
  });
  proc.stderr!.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    exited,
    waitFor(re, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const tick = () => {
          const m = out.match(re);
          if (m) return resolve(m);
          if (proc.exitCode !== null || proc.signalCode !== null) {
            return reject(
              new Error(`lens exited (${proc.exitCode ?? proc.signalCode}):\n${err}\n${out}`),
            );
          }
          if (Date.now() - started > timeoutMs) {
            return reject(new Error(`timed out waiting for ${re}:\n${err}\n${out}`));
          }
          setTimeout(tick, 25);
        };
        tick();
      });
    },
  };
}

/** Waits until `predicate` holds (polling), or fails after `timeoutMs`. */
export async function eventually(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}
