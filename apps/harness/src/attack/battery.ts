// The attack battery's frame: categories of attempts run against a live `lens serve`, each
// attempt timed and judged, with a bystander client (probe.ts) polling /healthz and reading a
// note throughout to find the worst stall. An attempt is handled when it finishes without a
// failed check within its time; anything else — a failed check, an exception, a hang — is a
// failure, never silently a pass. A category that stalled the server past the bound fails too.

import { percentile, STALL_BOUND_MS, startProbe, worst } from "./probe.js";

export interface AttackContext {
  /** Base URL of the server (MCP at /mcp, REST under /api/v1). */
  url: string;
  /** The server's process id (its CPU time tells a stall from a busy machine; probe.ts). */
  pid?: number | undefined;
  /** Quick run: fewer and smaller attempts. */
  quick: boolean;
  /** The server's data directory (named tokens are added to it while the server runs). */
  dataDir: string;
  /** Restarts the server on the same data directory (kill -9 when `crash`); returns its URL. */
  restart(crash: boolean): Promise<string>;
}

export interface Attempt {
  name: string;
  run(ctx: AttackContext): Promise<void>;
  /** Longest the attempt may take (ms); default 20 s. */
  timeoutMs?: number;
}

export interface Category {
  name: string;
  attempts(ctx: AttackContext): Attempt[];
}

export interface CategoryResult {
  category: string;
  tried: number;
  handled: number;
  /** Failed attempts, then the bound a category broke (a stall over STALL_BOUND_MS). */
  failures: string[];
  worstLatencyMs: number;
  /** The server's longest busy stretch before answering /healthz (its CPU time; probe.ts). */
  worstStallMs: number;
  /** The slowest /healthz answer by the clock (on a busy machine, more than the stall). */
  worstHealthWallMs: number;
  /** The worst attempt's p99 of the bystander's cheap reads during it, as server time. */
  readP99Ms: number;
  /** The same by the clock. */
  readP99WallMs: number;
  /** Per attempt: its time and the bystander's reads during it. */
  attempts: AttemptFigures[];
}

export interface AttemptFigures {
  name: string;
  ms: number;
  ok: boolean;
  reads: number;
  readP99Ms: number;
  readP99WallMs: number;
  worstStallMs: number;
}

/** The note the bystander reads while attempts run: cheap, and there in every battery. */
export const BYSTANDER_READ = "/api/v1/documents/Notes/Short.md";

/** A check that fails the attempt with `message` when `ok` is false. */
export function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

/**
 * Runs every category in order; `log` gets a line per failure. Beside each category a
 * bystander (probe.ts, a thread of its own) polls /healthz and loops a cheap read; a category
 * whose worst /healthz answer or worst attempt's read p99 passes STALL_BOUND_MS has failed,
 * whatever its attempts said.
 */
export async function runBattery(
  categories: readonly Category[],
  given: AttackContext,
  log: (line: string) => void = () => {},
): Promise<CategoryResult[]> {
  const results: CategoryResult[] = [];
  for (const category of categories) {
    const probe = await startProbe(given.url, given.pid, BYSTANDER_READ);
    // Attempts see the context through this one, so a restart moves the bystander too.
    const ctx: AttackContext = Object.create(given, {
      url: { get: () => given.url },
      restart: {
        value: async (crash: boolean) => {
          const url = await given.restart(crash);
          probe.setServer(url, given.pid);
          return url;
        },
      },
    });
    const attempts = category.attempts(ctx);
    await probe.mark();
    const result: CategoryResult = {
      category: category.name,
      tried: attempts.length,
      handled: 0,
      failures: [],
      worstLatencyMs: 0,
      worstStallMs: 0,
      worstHealthWallMs: 0,
      readP99Ms: 0,
      readP99WallMs: 0,
      attempts: [],
    };
    for (const attempt of attempts) {
      const started = performance.now();
      const outcome = await withTimeout(attempt.run(ctx), attempt.timeoutMs ?? 20_000);
      const ms = performance.now() - started;
      const window = await probe.mark();
      const figures: AttemptFigures = {
        name: attempt.name,
        ms,
        ok: outcome === true,
        reads: window.reads.length,
        readP99Ms: percentile(
          window.reads.map((t) => t.serverMs),
          99,
        ),
        readP99WallMs: percentile(
          window.reads.map((t) => t.wallMs),
          99,
        ),
        worstStallMs: worst(window.health.map((t) => t.serverMs)),
      };
      result.attempts.push(figures);
      result.worstLatencyMs = Math.max(result.worstLatencyMs, ms);
      result.worstStallMs = Math.max(result.worstStallMs, figures.worstStallMs);
      result.worstHealthWallMs = Math.max(
        result.worstHealthWallMs,
        worst(window.health.map((t) => t.wallMs)),
      );
      result.readP99Ms = Math.max(result.readP99Ms, figures.readP99Ms);
      result.readP99WallMs = Math.max(result.readP99WallMs, figures.readP99WallMs);
      if (outcome === true) result.handled++;
      else {
        const line = `${attempt.name}: ${outcome}`;
        result.failures.push(line);
        log(`[${category.name}] ${line}`);
      }
    }
    const last = await probe.stop();
    result.worstStallMs = Math.max(result.worstStallMs, worst(last.health.map((t) => t.serverMs)));
    result.worstHealthWallMs = Math.max(
      result.worstHealthWallMs,
      worst(last.health.map((t) => t.wallMs)),
    );
    for (const broken of brokenBounds(result)) {
      result.failures.push(broken);
      log(`[${category.name}] ${broken}`);
    }
    results.push(result);
  }
  return results;
}

/** The stall bounds a category broke, as failure lines (empty when it kept them). */
export function brokenBounds(r: Pick<CategoryResult, "worstStallMs" | "readP99Ms">): string[] {
  const out: string[] = [];
  if (r.worstStallMs > STALL_BOUND_MS) {
    out.push(
      `the server was busy ${Math.round(r.worstStallMs)} ms before answering /healthz, over the ${STALL_BOUND_MS} ms bound`,
    );
  }
  if (r.readP99Ms > STALL_BOUND_MS) {
    out.push(
      `a cheap read's p99 during an attempt was ${Math.round(r.readP99Ms)} ms of server time, over the ${STALL_BOUND_MS} ms bound`,
    );
  }
  return out;
}

async function withTimeout(run: Promise<void>, ms: number): Promise<true | string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${ms} ms`), ms);
  });
  try {
    return await Promise.race([run.then(() => true as const), timeout]);
  } catch (e) {
    return e instanceof Error ? e.message.slice(0, 300) : String(e);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The markdown table the command prints and the README shows. A category passes when every
 * attempt was handled and nothing stalled past STALL_BOUND_MS (its `failed` counts both).
 */
export function attackTable(results: readonly CategoryResult[]): string {
  const rows = results.map((r) => {
    const over = brokenBounds(r).length > 0;
    const verdict = r.failures.length === 0 ? "pass" : over ? "FAIL (stall)" : "FAIL";
    const ms = (n: number) => Math.round(n);
    return `| ${r.category} | ${r.tried} | ${r.handled} | ${r.tried - r.handled} | ${ms(r.worstLatencyMs)} | ${ms(r.worstStallMs)} (${ms(r.worstHealthWallMs)}) | ${ms(r.readP99Ms)} (${ms(r.readP99WallMs)}) | ${verdict} |`;
  });
  return [
    "| category | tried | handled | failed | worst latency (ms) | worst /healthz stall (ms) | read p99 (ms) | verdict |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows,
    "",
    `Stall: the server's main-thread CPU time while a bystander's /healthz was in flight (its wall time in brackets); read p99: the worst attempt's p99 of a cheap read looped from another client, the same way. A category fails when an attempt fails or either figure passes ${STALL_BOUND_MS} ms.`,
  ].join("\n");
}

/** Every attempt of `results` with its time, stall and the bystander's read p99 (markdown). */
export function attemptTable(results: readonly CategoryResult[]): string {
  const ms = (n: number) => Math.round(n);
  const rows = results.flatMap((r) =>
    r.attempts.map(
      (a) =>
        `| ${r.category} | ${a.name} | ${a.ok ? "yes" : "no"} | ${ms(a.ms)} | ${ms(a.worstStallMs)} | ${a.reads} | ${ms(a.readP99Ms)} (${ms(a.readP99WallMs)}) |`,
    ),
  );
  return [
    "| category | attempt | handled | time (ms) | stall (ms) | reads | read p99 (ms) |",
    "| --- | --- | --- | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}
