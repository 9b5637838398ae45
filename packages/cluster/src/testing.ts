// The real engines a cluster runs on, started on free loopback ports for tests and benchmarks
// (`@lens/cluster/testing`): redis-server (Debian's, with the durable settings docs/cluster.md
// asks for) and s3rver (an S3-compatible server from npm, in a child process so it can be
// stopped like any other server). Not part of the server: nothing else imports this file.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { Redis } from "ioredis";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not come up: ${String(last)}`);
}

export interface RedisEngine {
  url: string;
  port: number;
  dir: string;
  process: ChildProcess;
  /** kill -9, then start again on the same port and directory (the AOF is replayed). */
  crashAndRestart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisEngine> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "lens-redis-"));
  const run = () =>
    spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--save",
        "",
      ],
      { stdio: "ignore" },
    );
  const engine: RedisEngine = {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    process: run(),
    async crashAndRestart() {
      await killHard(engine.process);
      engine.process = run();
      await ping(port);
    },
    async stop() {
      await killHard(engine.process);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await ping(port);
  return engine;
}

async function ping(port: number): Promise<void> {
  await until("redis-server", async () => {
    const r = new Redis({ port, host: "127.0.0.1", lazyConnect: true, retryStrategy: () => null });
    r.on("error", () => {});
    try {
      await r.connect();
      return (await r.ping()) === "PONG" ? true : undefined;
    } finally {
      r.disconnect();
    }
  });
}

async function killHard(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const exited = new Promise((r) => p.once("exit", r));
  p.kill("SIGKILL");
  await exited;
}

/** A TCP relay in front of a port whose open connections can be made to go silent. */
export interface SilentRelay {
  port: number;
  /**
   * The connections open now stop carrying bytes either way but stay open (a half-open
   * socket: a partition without a reset); connections made later pass as before.
   */
  silence(): number;
  close(): Promise<void>;
}

export async function startRelay(target: number): Promise<SilentRelay> {
  const open = new Set<{ client: Socket; server: Socket; silent: boolean }>();
  const relay = createServer((client) => {
    const server = tcpConnect(target, "127.0.0.1");
    const pair = { client, server, silent: false };
    open.add(pair);
    client.on("data", (b) => pair.silent || server.write(b));
    server.on("data", (b) => pair.silent || client.write(b));
    const end = () => {
      open.delete(pair);
      client.destroy();
      server.destroy();
    };
    client.on("close", end).on("error", end);
    server.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  return {
    port: (relay.address() as { port: number }).port,
    silence() {
      for (const p of open) p.silent = true;
      return open.size;
    },
    async close() {
      for (const p of open) {
        p.client.destroy();
        p.server.destroy();
      }
      await new Promise((r) => relay.close(r));
    },
  };
}

export interface S3Engine {
  endpoint: string;
  bucket: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

const S3RVER_MAIN = `
const S3rver = (await import(process.argv[3])).default;
const s = new S3rver({ port: Number(process.argv[1]), address: "127.0.0.1", silent: true, directory: process.argv[2] });
await s.run();
process.stdout.write("ready\\n");
`;

/** s3rver in a child process with one bucket; `env` is the AWS environment that reaches it. */
export async function startS3(bucket = "lens-test"): Promise<S3Engine> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "lens-s3-"));
  // s3rver as this package resolves it (a dev dependency of the workspace).
  const s3rver = pathToFileURL(createRequire(import.meta.url).resolve("s3rver")).href;
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", S3RVER_MAIN, String(port), dir, s3rver],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`s3rver exited (${code})`)));
    child.stdout!.on("data", (b: Buffer) => {
      if (b.toString().includes("ready")) resolve();
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_ACCESS_KEY_ID: "S3RVER",
    AWS_SECRET_ACCESS_KEY: "S3RVER",
    AWS_REGION: "us-east-1",
  };
  const client = new S3Client({
    endpoint,
    region: env.AWS_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    bucket,
    env,
    async stop() {
      await killHard(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
