// Test fixtures and helpers: a small team vault, in-process servers on 127.0.0.1:0, SDK clients
// over Streamable HTTP, and the built CLI as a child process.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  formatMeta,
  SessionStore,
  startLinkUpkeep,
  type Workspace,
  workspaceFromTexts,
} from "@lens/core";
import { createLens, type Lens } from "@lens/service";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { inject } from "vitest";
import { createLensApp, type LensApp, type LensAppOptions } from "../src/http/lensApp.js";
import { type Listening, listen } from "../src/http/listen.js";

export const APP_DIR = fileURLToPath(new URL("..", import.meta.url));
export const CLI = join(APP_DIR, "dist", "cli.js");

/** The fixture vault: two folders, links between them, repeated lines for not-unique edits. */
export const TEAM_FILES: Record<string, string> = {
  "Notes/Ideas.md": "# Ideas\n\nWe should try [[Plans]] soon.\nThe old idea was good.\n",
  "Plans.md":
    "# Plans\n\nPlan A: ship it.\nPlan B: ship it again.\nSee [[Ideas]] and [[Missing Note]].\n",
  "Archive/Old.md": "ship it\nship it\n",
};
export const RESEARCH_FILES: Record<string, string> = {
  "Paper.md": "# Paper\n\nBuilds on [[Team/Plans]].\n",
};
export const FIXTURE_PATHS = [
  "Research/Paper.md",
  "Team/Archive/Old.md",
  "Team/Notes/Ideas.md",
  "Team/Plans.md",
];

/** The fixture vault in a Workspace, with link upkeep running as `lens serve` runs it. */
export function fixtureWorkspace(options: { author?: string } = {}): Workspace {
  const ws = workspaceFromTexts(
    [
      { name: "Team", files: TEAM_FILES },
      { name: "Research", files: RESEARCH_FILES },
    ],
    options,
  );
  startLinkUpkeep(ws);
  return ws;
}

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

/** What a test gives the service: the workspace, read tracking and the persist port. */
export interface ServiceParts {
  workspace?: Workspace;
  sessions?: SessionStore;
  afterWrite?: () => Promise<void>;
}

/** The service over `parts` (the fixture workspace by default), as the composition root makes it. */
export function serviceOver(parts: ServiceParts = {}): Lens {
  return createLens(
    parts.workspace ?? fixtureWorkspace(),
    parts.afterWrite ? { persist: parts.afterWrite } : {},
    { sessions: parts.sessions ?? new SessionStore() },
  );
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

export interface Connection {
  client: Client;
  transport?: StreamableHTTPClientTransport;
  /** Ends the MCP session (DELETE) and closes the client. */
  close(): Promise<void>;
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

/** Calls a tool and returns its text and error flag. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return { text, isError: result.isError === true };
}

/** The raw text of a document of a workspace, by user-facing path. */
export function rawText(workspace: Workspace, path: string): string {
  const r = workspace.resolve(path);
  if (r.kind !== "document") throw new Error(`${path}: ${r.kind}`);
  return workspace.contentText(r.loc.docId)!.toString();
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

/** Spawns the built CLI (or another copy of it: `cli`, e.g. an installed package's). */
export function spawnCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; cli?: string } = {},
): Child {
  // The developer's own LENS_* settings must not leak into the tests.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("LENS_")),
  );
  const proc = spawn(process.execPath, [options.cli ?? CLI, ...args], {
    cwd: options.cwd ?? APP_DIR,
    env: { ...inherited, LENS_LOG_LEVEL: "info", ...options.env },
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

/**
 * The raw markup of a suggestion replacing `oldText` by `newText`, attributed to `author` (the
 * test client's name: with no token name and no --author, Lens records the MCP client's name).
 */
export function suggested(oldText: string, newText: string, author = "lens-test"): RegExp {
  const esc = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const meta = esc(formatMeta(author, 0)).replace(
    '"time":0,"timestamp":0',
    '"time":\\d+,"timestamp":\\d+',
  );
  return new RegExp(`\\{--${meta}${esc(oldText)}--\\}\\{\\+\\+${meta}${esc(newText)}\\+\\+\\}`);
}
