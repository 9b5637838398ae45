// Runs the real `lens serve` as a child process (on a free loopback port) and stops it the way
// a user would (SIGTERM: it flushes every document, then exits).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { lensCli } from "../paths.js";

export interface LensServeOptions {
  /** Data directory (`--data`): never seeded by the CLI. */
  data: string;
  /** Vaults to import at start: `[dir, folder name]`. */
  imports?: [dir: string, name: string][];
  /** Extra arguments after `serve`. */
  args?: string[];
  /** Log level of the server (default warn). */
  logLevel?: string;
  /** How long to wait for the server to listen (default 120 s: big corpora load first). */
  startTimeoutMs?: number;
  /** Node options for the child, e.g. ["--max-old-space-size=8192"]. */
  nodeOptions?: string[];
  /** More environment (e.g. the AWS variables of a cluster's bucket). */
  env?: Record<string, string>;
}

export interface LensServer {
  /** Base URL (MCP at `${url}/mcp`, REST under `${url}/api/v1`). */
  url: string;
  proc: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code once it exited. */
  stop(graceMs?: number): Promise<number | null>;
}

/** Starts `lens serve --port 0` and resolves once it prints its MCP URL. */
export async function startLensServe(options: LensServeOptions): Promise<LensServer> {
  const cli = lensCli();
  if (!existsSync(cli)) {
    throw new Error(
      `the lens CLI is not built (${cli} is missing): run \`pnpm turbo run build --filter=lens-mcp...\``,
    );
  }
  const args = [
    ...(options.nodeOptions ?? []),
    cli,
    "serve",
    "--data",
    options.data,
    "--host",
    "127.0.0.1",
    "--port",
    "0",
    "--log-level",
    options.logLevel ?? "warn",
    ...(options.imports ?? []).flatMap(([dir, name]) => ["--import", `${dir}=${name}`]),
    ...(options.args ?? []),
  ];
  // The caller's own LENS_* settings must not change what is measured or tested.
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("LENS_"))),
    ...options.env,
  };
  const proc = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  proc.stdout!.setEncoding("utf8").on("data", (d: string) => {
    out += d;
  });
  proc.stderr!.setEncoding("utf8").on("data", (d: string) => {
    err += d;
    if (err.length > 200_000) err = err.slice(-100_000);
  });
  const exited = new Promise<number | null>((resolve) =>
    proc.once("exit", (code) => resolve(code)),
  );

  const url = await new Promise<string>((resolve, reject) => {
    const timeout = options.startTimeoutMs ?? 120_000;
    const timer = setTimeout(() => {
      cleanup();
      proc.kill("SIGKILL");
      reject(new Error(`lens serve did not start within ${timeout} ms:\n${err}\n${out}`));
    }, timeout);
    const onData = () => {
      const m = /(http:\/\/\S+?)\/mcp\b/.exec(out);
      if (m) {
        cleanup();
        resolve(m[1]!);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`lens serve exited (${code}) before listening:\n${err}\n${out}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      proc.stdout!.off("data", onData);
      proc.off("exit", onExit);
    };
    proc.stdout!.on("data", onData);
    proc.once("exit", onExit);
  });

  return {
    url,
    proc,
    stdout: () => out,
    stderr: () => err,
    async stop(graceMs = 10_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return proc.exitCode;
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
