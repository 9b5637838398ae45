// `lens-harness bench`: runs the benchmark suite, prints the markdown report and writes
// bench-results/latest.json and latest.md.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { reportMarkdown, writeReport } from "../bench/report.js";
import { BENCH_PARTS, DEFAULT_BENCH_PARTS, runBench } from "../bench/runBench.js";
import { cacheDir, harnessRoot } from "../paths.js";
import { intOption, listOption } from "./args.js";

export const BENCH_USAGE = `lens-harness bench [options]

  --quick          smoke run: 1 000-document corpus, few samples, short windows
  --only LIST      some of ${BENCH_PARTS.join(",")} (default all but scale)
  --seed N         corpus seed (default 1)
  --out DIR        where latest.json / latest.md go (default apps/harness/bench-results)
  --cache DIR      generated corpora (default apps/harness/.cache) [env LENS_HARNESS_CACHE]`;

export async function benchCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: "boolean" },
      only: { type: "string" },
      seed: { type: "string" },
      out: { type: "string" },
      cache: { type: "string" },
    },
    strict: true,
  });
  const started = Date.now();
  const log = (m: string) =>
    process.stderr.write(`[bench +${((Date.now() - started) / 1000).toFixed(0)}s] ${m}\n`);
  const report = await runBench({
    quick: values.quick ?? false,
    parts: listOption(values.only, "only", BENCH_PARTS, DEFAULT_BENCH_PARTS),
    seed: intOption(values.seed, "seed", 1),
    cacheDir: values.cache ? resolve(values.cache) : cacheDir(),
    log,
  });
  const out = values.out ? resolve(values.out) : join(harnessRoot(), "bench-results");
  const files = writeReport(report, out);
  process.stdout.write(`${reportMarkdown(report)}\nWritten to ${files.json} and ${files.md}\n`);
}
