// The attack battery's frame: categories of attempts run against a live `lens serve`, each
// attempt timed and judged, with /healthz polled throughout to find the worst stall. An attempt
// is handled when it finishes without a failed check within its time; anything else — a
// failed check, an exception, a hang — is a failure, never silently a pass.

export interface AttackContext {
  /** Base URL of the server (MCP at /mcp, REST under /api/v1). */
  url: string;
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
  failures: string[];
  worstLatencyMs: number;
  worstStallMs: number;
}

/** A check that fails the attempt with `message` when `ok` is false. */
export function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

/** Runs every category in order; `log` gets a line per failure. */
export async function runBattery(
  categories: readonly Category[],
  ctx: AttackContext,
  log: (line: string) => void = () => {},
): Promise<CategoryResult[]> {
  const results: CategoryResult[] = [];
  for (const category of categories) {
    const attempts = category.attempts(ctx);
    const stalls = pollHealth(ctx);
    const result: CategoryResult = {
      category: category.name,
      tried: attempts.length,
      handled: 0,
      failures: [],
      worstLatencyMs: 0,
      worstStallMs: 0,
    };
    for (const attempt of attempts) {
      const started = performance.now();
      const outcome = await withTimeout(attempt.run(ctx), attempt.timeoutMs ?? 20_000);
      result.worstLatencyMs = Math.max(result.worstLatencyMs, performance.now() - started);
      if (outcome === true) result.handled++;
      else {
        const line = `${attempt.name}: ${outcome}`;
        result.failures.push(line);
        log(`[${category.name}] ${line}`);
      }
    }
    result.worstStallMs = await stalls.stop();
    results.push(result);
  }
  return results;
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
 * Polls /healthz every 10 ms; `stop` gives the slowest answer seen (a request in flight at
 * the end counts with its time so far). The URL is read on each poll: restarts change it.
 */
function pollHealth(ctx: AttackContext): { stop(): Promise<number> } {
  let running = true;
  let worst = 0;
  let inFlightSince: number | undefined;
  const loop = (async () => {
    while (running) {
      inFlightSince = performance.now();
      try {
        const res = await fetch(`${ctx.url}/healthz`, { signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
      } catch {
        // A restart in progress: no server to stall.
      }
      worst = Math.max(worst, performance.now() - inFlightSince);
      inFlightSince = undefined;
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      if (inFlightSince !== undefined) worst = Math.max(worst, performance.now() - inFlightSince);
      await loop;
      return worst;
    },
  };
}

/** The markdown table the command prints and the README shows. */
export function attackTable(results: readonly CategoryResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.category} | ${r.tried} | ${r.handled} | ${r.failures.length} | ${Math.round(r.worstLatencyMs)} | ${Math.round(r.worstStallMs)} |`,
  );
  return [
    "| category | tried | handled | failed | worst latency (ms) | worst /healthz stall (ms) |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    ...rows,
  ].join("\n");
}
