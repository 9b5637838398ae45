// Reads scenario files: every `*.json` of a directory (sorted), or single files, each validated.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { harnessRoot } from "../paths.js";
import { type Scenario, ScenarioError, validateScenario } from "./schema.js";

/** The bundled scenarios: apps/harness/scenarios. */
export function defaultScenarioDir(): string {
  return join(harnessRoot(), "scenarios");
}

export function loadScenarioFile(file: string): Scenario {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ScenarioError([`${basename(file)}: ${(e as Error).message}`]);
  }
  return validateScenario(parsed, basename(file));
}

/** Loads files and directories (their `*.json`, sorted by name); names must be unique. */
export function loadScenarios(paths: readonly string[] = [defaultScenarioDir()]): Scenario[] {
  const files: string[] = [];
  for (const p of paths) {
    if (statSync(p).isDirectory()) {
      for (const name of readdirSync(p).sort())
        if (name.endsWith(".json")) files.push(join(p, name));
    } else files.push(p);
  }
  const scenarios = files.map(loadScenarioFile);
  const seen = new Set<string>();
  for (const s of scenarios) {
    if (seen.has(s.name)) throw new ScenarioError([`two scenarios are named "${s.name}"`]);
    seen.add(s.name);
  }
  return scenarios;
}
