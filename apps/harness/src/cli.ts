#!/usr/bin/env node
import { UsageError } from "./cli/args.js";
import { ATTACK_USAGE, attackCommand } from "./cli/attackCommand.js";
// Entry point of `lens-harness`: corpus generation, scenario replay and the benchmark suite.
import { BENCH_USAGE, benchCommand } from "./cli/benchCommand.js";
import { CORPUS_USAGE, corpusCommand } from "./cli/corpusCommand.js";
import { REPLAY_USAGE, replayCommand } from "./cli/replayCommand.js";
import { ScenarioError } from "./scenario/schema.js";

const USAGE = `Usage: lens-harness <command> [options]

${CORPUS_USAGE}

${REPLAY_USAGE}

${BENCH_USAGE}

${ATTACK_USAGE}
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "corpus":
      await corpusCommand(rest);
      return 0;
    case "replay":
      return replayCommand(rest);
    case "bench":
      await benchCommand(rest);
      return 0;
    case "attack":
      return attackCommand(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (
      e instanceof UsageError ||
      e instanceof ScenarioError ||
      (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      process.stderr.write(`lens-harness: ${(e as Error).message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`lens-harness: ${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
