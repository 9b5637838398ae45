// `lens-harness attack`: the attack battery against a real `lens serve`; prints the table and
// exits 1 when any attempt failed.
import { parseArgs } from "node:util";
import { attackTable, attemptTable } from "../attack/battery.js";
import { runAttack } from "../attack/run.js";

export const ATTACK_USAGE = `lens-harness attack [options]

  --quick          the fast subset CI runs (shorter grep time limit, fewer edits)
  --only <words>   only the categories whose names contain one of these (comma-separated)
  --attempts       also print every attempt's time, stall and the bystander's read p99`;

export async function attackCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean" },
      only: { type: "string" },
      attempts: { type: "boolean" },
    },
    strict: true,
  });
  const started = Date.now();
  const results = await runAttack({
    quick: values.quick ?? false,
    ...(values.only ? { only: values.only.split(",").map((w) => w.trim()) } : {}),
    log: (line) => process.stderr.write(`FAILED ${line}\n`),
  });
  if (values.attempts) process.stdout.write(`${attemptTable(results)}\n\n`);
  process.stdout.write(
    `${attackTable(results)}\n\n${new Date().toISOString().slice(0, 10)}, ${((Date.now() - started) / 1000).toFixed(0)} s${values.quick ? ", --quick" : ""}\n`,
  );
  return results.every((r) => r.failures.length === 0) ? 0 : 1;
}
