// The relevance sets' files (`apps/harness/relevance/`), found from src/ (tests) or dist/ (the CLI).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RelevanceQuery } from "./evaluate.js";

export function relevanceDir(): string {
  for (const rel of ["../../relevance", "../relevance"]) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(join(dir, "sample-vault.json"))) return dir;
  }
  throw new Error("apps/harness/relevance not found");
}

/** The queries of `relevance/NAME.json`. */
export function relevanceQueries(name: string): RelevanceQuery[] {
  const file = join(relevanceDir(), `${name}.json`);
  return (JSON.parse(readFileSync(file, "utf8")) as { queries: RelevanceQuery[] }).queries;
}
