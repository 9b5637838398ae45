// `lens-harness corpus`: writes a generated corpus as a data directory, a markdown vault, or
// AI-view files, and prints its statistics.
import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { generateDocs } from "../corpus/generate.js";
import { planCorpus } from "../corpus/plan.js";
import { writeDataDir } from "../corpus/writeData.js";
import { writeVault } from "../corpus/writeVault.js";
import { intOption, numberOption, UsageError } from "./args.js";

export const CORPUS_USAGE = `lens-harness corpus --out DIR [options]

  --seed N                 PRNG seed (default 1)
  --docs N                 documents (default 1000)
  --folders N              shared folders (default 4)
  --format data|vault|ai   data: a Lens / relay-server data directory (default);
                           vault: one directory of .md files per folder;
                           ai: like vault, with pending suggestions shown as accepted
  --mean-bytes N           mean document size (default 5000)
  --link-density X         wikilinks per 1000 characters (default 1.6)
  --unresolved-share X     share of links to notes that do not exist (default 0.05)
  --crlf-share X           share of CRLF documents (default 0.05)
  --suggestion-share X     share of documents with pending CriticMarkup (default 0.1)
  --frontmatter-share X    share of documents with YAML frontmatter (default 0.3)
  --force                  write into a non-empty --out`;

export async function corpusCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      seed: { type: "string" },
      docs: { type: "string" },
      folders: { type: "string" },
      out: { type: "string" },
      format: { type: "string" },
      "mean-bytes": { type: "string" },
      "link-density": { type: "string" },
      "unresolved-share": { type: "string" },
      "crlf-share": { type: "string" },
      "suggestion-share": { type: "string" },
      "frontmatter-share": { type: "string" },
      force: { type: "boolean" },
    },
    strict: true,
  });
  if (!values.out) throw new UsageError("--out DIR is required");
  const format = values.format ?? "data";
  if (!["data", "vault", "ai"].includes(format))
    throw new UsageError(`--format must be data, vault or ai`);
  const out = resolve(values.out);
  if (existsSync(out) && readdirSync(out).length > 0 && !values.force) {
    throw new UsageError(`${out} is not empty (use --force to write into it anyway)`);
  }
  const optional = {
    meanDocBytes: numberOption(values["mean-bytes"], "mean-bytes"),
    linkDensity: numberOption(values["link-density"], "link-density"),
    unresolvedShare: numberOption(values["unresolved-share"], "unresolved-share"),
    crlfShare: numberOption(values["crlf-share"], "crlf-share"),
    suggestionShare: numberOption(values["suggestion-share"], "suggestion-share"),
    frontmatterShare: numberOption(values["frontmatter-share"], "frontmatter-share"),
  };
  const options = {
    seed: intOption(values.seed, "seed", 1),
    docs: intOption(values.docs, "docs", 1000),
    folders: intOption(values.folders, "folders", 4, 1),
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
  let plan: ReturnType<typeof planCorpus>;
  try {
    plan = planCorpus(options);
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
  const started = performance.now();
  let last = 0;
  const onProgress = (done: number, total: number) => {
    const now = performance.now();
    if (process.stderr.isTTY && (now - last > 200 || done === total)) {
      last = now;
      process.stderr.write(`\r${format}: ${done}/${total}`);
      if (done === total) process.stderr.write("\n");
    }
  };
  const docs = generateDocs(plan);
  const stats =
    format === "data"
      ? await writeDataDir(plan, docs, out, { onProgress })
      : await writeVault(plan, docs, out, { view: format === "ai" ? "ai" : "raw", onProgress });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Wrote ${stats.docs} documents (${(stats.bytes / 1e6).toFixed(1)} MB) in ${stats.folders} folders as ${format} to ${out} in ${seconds} s\n` +
      `${JSON.stringify(stats, null, 2)}\n`,
  );
}
