// Replays scenarios through every adapter and collects every difference between what a step
// expects and what came back (scenario, step, adapter, expected vs actual).
import type { Adapter } from "./adapter.js";
import { checkOutcome } from "./expect.js";
import type { AdapterName, Expectation, Scenario, ScenarioStep, ToolName } from "./schema.js";

export interface Difference {
  scenario: string;
  /** 1-based step number. */
  step: number;
  tool: ToolName;
  args: Record<string, unknown>;
  adapter: AdapterName;
  check: keyof Expectation | "error";
  expected: string;
  actual: string;
  note?: string;
}

export interface ScenarioRun {
  scenario: string;
  adapter: AdapterName;
  /** Steps run (not skipped). */
  steps: number;
  skipped: number;
  differences: Difference[];
}

export interface ReplayReport {
  runs: ScenarioRun[];
  differences: Difference[];
  /** Adapters that could not reach the server, and why. */
  unavailable: { adapter: AdapterName; reason: string }[];
  ok: boolean;
}

export function expectationFor(step: ScenarioStep, adapter: AdapterName): Expectation {
  return step.expectBy?.[adapter] ?? step.expect ?? {};
}

async function runOne(scenario: Scenario, adapter: Adapter): Promise<ScenarioRun> {
  const run: ScenarioRun = {
    scenario: scenario.name,
    adapter: adapter.name,
    steps: 0,
    skipped: 0,
    differences: [],
  };
  const session = await adapter.open(scenario.name.replace(/[^A-Za-z0-9_-]+/g, "-"));
  try {
    for (const [i, step] of scenario.steps.entries()) {
      if (step.skip?.includes(adapter.name)) {
        run.skipped++;
        continue;
      }
      run.steps++;
      const base = {
        scenario: scenario.name,
        step: i + 1,
        tool: step.tool,
        args: step.args,
        adapter: adapter.name,
        ...(step.note ? { note: step.note } : {}),
      };
      try {
        const outcome = await session.call(step.tool, step.args);
        for (const m of checkOutcome(outcome, expectationFor(step, adapter.name))) {
          run.differences.push({ ...base, ...m });
        }
      } catch (e) {
        run.differences.push({
          ...base,
          check: "error",
          expected: "a response",
          actual: String(e),
        });
      }
    }
  } finally {
    await session.close();
  }
  return run;
}

/**
 * Runs every scenario through every adapter: adapters one after the other, scenarios in order,
 * each in a session of its own. Adapters whose probe fails are reported as unavailable.
 */
export async function replayScenarios(
  scenarios: readonly Scenario[],
  adapters: readonly Adapter[],
  options: { onRun?: (run: ScenarioRun) => void } = {},
): Promise<ReplayReport> {
  const report: ReplayReport = { runs: [], differences: [], unavailable: [], ok: true };
  for (const adapter of adapters) {
    const reason = await adapter.probe();
    if (reason) {
      report.unavailable.push({ adapter: adapter.name, reason });
      continue;
    }
    for (const scenario of scenarios) {
      if (scenario.skip?.includes(adapter.name)) continue;
      const run = await runOne(scenario, adapter);
      report.runs.push(run);
      report.differences.push(...run.differences);
      options.onRun?.(run);
    }
  }
  report.ok = report.differences.length === 0 && report.unavailable.length === 0;
  return report;
}

function indent(text: string, by = "      "): string {
  return text
    .split("\n")
    .map((l) => `${by}${l}`)
    .join("\n");
}

/** A human-readable report: one line per run, then every difference in full. */
export function formatReplayReport(report: ReplayReport): string {
  const out: string[] = [];
  for (const u of report.unavailable) out.push(`UNAVAILABLE ${u.adapter}: ${u.reason}`);
  for (const r of report.runs) {
    const status = r.differences.length === 0 ? "ok  " : "FAIL";
    const skipped = r.skipped ? `, ${r.skipped} skipped` : "";
    out.push(`${status} ${r.adapter.padEnd(4)} ${r.scenario} (${r.steps} steps${skipped})`);
  }
  for (const d of report.differences) {
    out.push(
      "",
      `✗ ${d.scenario} step ${d.step} [${d.adapter}] ${d.tool} ${JSON.stringify(d.args)}${d.note ? ` — ${d.note}` : ""}`,
      `    ${d.check}: expected`,
      indent(d.expected),
      "    actual",
      indent(d.actual),
    );
  }
  const steps = report.runs.reduce((n, r) => n + r.steps, 0);
  out.push(
    "",
    `${report.runs.length} scenario runs, ${steps} steps, ${report.differences.length} differences${report.unavailable.length ? `, ${report.unavailable.length} adapter(s) unavailable` : ""}`,
  );
  return out.join("\n");
}
