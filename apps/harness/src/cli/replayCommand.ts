// `lens-harness replay`: replays scenario files against a running Lens over MCP and REST and
// prints every difference; exit code 1 when there is any.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Adapter } from "../scenario/adapter.js";
import { loadScenarios } from "../scenario/load.js";
import { mcpAdapter } from "../scenario/mcpAdapter.js";
import { formatReplayReport, replayScenarios } from "../scenario/replay.js";
import { restAdapter } from "../scenario/restAdapter.js";
import { ADAPTERS } from "../scenario/schema.js";
import { listOption, UsageError } from "./args.js";

export const REPLAY_USAGE = `lens-harness replay --url URL [options] [SCENARIO_FILE_OR_DIR...]

  --url URL            base URL of a running \`lens serve\` (e.g. http://127.0.0.1:3917)
  --token T            bearer token [env LENS_TOKEN]
  --adapter LIST       mcp,rest (default both)
  --json FILE          also write the full report as JSON
  Scenarios default to apps/harness/scenarios/*.json.`;

export async function replayCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      url: { type: "string" },
      token: { type: "string" },
      adapter: { type: "string" },
      json: { type: "string" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (!values.url) throw new UsageError("--url is required");
  const token = values.token ?? process.env.LENS_TOKEN;
  const target = { url: values.url, ...(token ? { token } : {}) };
  const names = listOption(values.adapter, "adapter", ADAPTERS, ADAPTERS);
  const adapters: Adapter[] = names.map((n) =>
    n === "mcp" ? mcpAdapter(target) : restAdapter(target),
  );
  const scenarios = loadScenarios(positionals.length ? positionals : undefined);
  const report = await replayScenarios(scenarios, adapters);
  process.stdout.write(`${formatReplayReport(report)}\n`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  return report.ok ? 0 : 1;
}
