// The battery's bystander: another client, in a worker thread of its own, that polls /healthz
// every 10 ms and loops a cheap read (a short note over REST) while the attempts run, so the
// battery's own work (building bodies, reading answers) never shows as a server stall.
//
// A stall is the time the server's main thread spent on the CPU while a bystander request was
// in flight (Linux: /proc/PID/task/PID/schedstat), not the request's wall time: on a busy
// machine a request also waits for a core, which no server can help, while the CPU its loop
// spent before answering is the wait the request would have had on a quiet one. Wall times are
// kept beside it; where schedstat cannot be read, the wall time is the stall.
import { Worker } from "node:worker_threads";

/** The bound every category is held to: no request may hold the server's loop longer. */
export const STALL_BOUND_MS = 50;

export interface Timed {
  /** Wall time of the request (ms). */
  wallMs: number;
  /** The server's main-thread CPU time while it was in flight (ms); the wall time without schedstat. */
  serverMs: number;
}

export interface ProbeWindow {
  /** Reads finished in the window, in order. */
  reads: Timed[];
  /** The /healthz polls finished in the window (one in flight at the mark counts so far). */
  health: Timed[];
}

export interface Probe {
  /** The server moved (a restart): its URL and process id. */
  setServer(url: string, pid: number | undefined): void;
  /** What was measured since the last mark (or since the probe was ready). */
  mark(): Promise<ProbeWindow>;
  /** Stops the thread; the last window. */
  stop(): Promise<ProbeWindow>;
}

// Plain JavaScript run by the worker (eval), so the same code serves the sources and the build.
const WORKER_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readFileSync } = require("node:fs");
let url = workerData.url;
let pid = workerData.pid;
let running = true;
let reads = [];
let health = [];
let healthSince;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The server's main thread's CPU time so far (ns) and whose it is, or undefined. */
function cpu() {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync("/proc/" + pid + "/task/" + pid + "/schedstat", "latin1");
    return { pid, ns: Number(stat.split(" ")[0]) };
  } catch {
    return undefined;
  }
}
function since(started, cpuAt) {
  const wallMs = performance.now() - started;
  const now = cpu();
  const same = cpuAt !== undefined && now !== undefined && now.pid === cpuAt.pid;
  return { wallMs, serverMs: same ? (now.ns - cpuAt.ns) / 1e6 : wallMs };
}
// Measured from when the server (re)started and was warmed: a fresh process compiles its
// request path on first use, which is starting up, not a request holding the loop.
let warmedAt = 0;
async function timed(path) {
  const started = performance.now();
  const cpuAt = cpu();
  try {
    const res = await fetch(url + path, { signal: AbortSignal.timeout(30000) });
    await res.arrayBuffer();
  } catch {
    // A restart in progress: no server to stall.
  }
  const t = since(started, cpuAt);
  return started >= warmedAt ? t : undefined;
}
function warmUp() {
  warmedAt = Number.POSITIVE_INFINITY;
  return Promise.all([timed("/healthz"), timed(workerData.readPath)]).then(() => {
    warmedAt = performance.now();
  });
}
// Warm: the first fetch of a thread loads the HTTP client and opens connections, which is not
// the server's time. Ready once one of each has answered.
const warm = warmUp().then(() => parentPort.postMessage({ type: "ready" }));
const healthLoop = warm.then(async () => {
  while (running) {
    healthSince = { at: performance.now(), cpu: cpu() };
    const t = await timed("/healthz");
    healthSince = undefined;
    if (t) health.push(t);
    await sleep(10);
  }
});
const readLoop = warm.then(async () => {
  while (running) {
    const t = await timed(workerData.readPath);
    if (t) reads.push(t);
    await sleep(5);
  }
});
function window() {
  const out = { reads, health };
  if (healthSince !== undefined && healthSince.at >= warmedAt) {
    health.push(since(healthSince.at, healthSince.cpu));
  }
  reads = [];
  health = [];
  return out;
}
parentPort.on("message", async (m) => {
  if (m.type === "server") {
    url = m.url;
    pid = m.pid;
    warmUp();
  } else if (m.type === "mark") parentPort.postMessage(window());
  else if (m.type === "stop") {
    const last = window();
    running = false;
    await Promise.all([healthLoop, readLoop]);
    parentPort.postMessage(last);
    parentPort.close();
  }
});
`;

/**
 * Starts the bystander against the server at `url` (process `pid`, for its CPU time), reading
 * `readPath`; resolves once its first requests were answered (a thread's first fetch is slow
 * on its own side).
 */
export async function startProbe(
  url: string,
  pid: number | undefined,
  readPath: string,
): Promise<Probe> {
  const worker = new Worker(WORKER_CODE, { eval: true, workerData: { url, pid, readPath } });
  await new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("error", reject);
  });
  let queue = Promise.resolve() as Promise<unknown>;
  const ask = (type: "mark" | "stop") => {
    const answer = queue.then(
      () =>
        new Promise<ProbeWindow>((resolve, reject) => {
          const fail = (e: Error) => reject(e);
          worker.once("error", fail);
          worker.once("message", (w: ProbeWindow) => {
            worker.off("error", fail);
            resolve(w);
          });
          worker.postMessage({ type });
        }),
    );
    queue = answer.catch(() => {});
    return answer;
  };
  return {
    setServer: (next, nextPid) => worker.postMessage({ type: "server", url: next, pid: nextPid }),
    mark: () => ask("mark"),
    async stop() {
      const last = await ask("stop");
      await worker.terminate();
      return last;
    },
  };
}

/** The p-th percentile (0–100) of `values`, nearest rank; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** The largest of `values`; 0 for none. */
export function worst(values: readonly number[]): number {
  return values.reduce((a, b) => Math.max(a, b), 0);
}
