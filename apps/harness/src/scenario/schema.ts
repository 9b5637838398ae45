// The scenario file format — a named sequence of tool calls, each with what its result must
// be — and its validation, which names every problem with its JSON path.

export const ADAPTERS = ["mcp", "rest"] as const;
export type AdapterName = (typeof ADAPTERS)[number];

export const TOOLS = ["read", "glob", "grep", "edit", "get_links"] as const;
export type ToolName = (typeof TOOLS)[number];

/** What a tool result must look like. Every given check must hold; none given = any success. */
export interface Expectation {
  /** The result is (true) or is not (false) a tool error. Default false. */
  isError?: boolean;
  /** The call is refused as malformed (MCP protocol error, REST 400/422 validation problem). */
  protocolError?: boolean;
  /** Exact text. */
  text?: string;
  /** Substrings that must all occur. */
  contains?: string | string[];
  /** Substrings that must not occur. */
  notContains?: string | string[];
  /** Regular expressions (JavaScript syntax, `m` flag: ^ and $ per line) that must all match. */
  matches?: string | string[];
  /** The text's lines, in any order (for outputs ordered by modification time). */
  unorderedLines?: string[];
  /** Number of lines of the text. */
  lineCount?: number;
}

export interface ScenarioStep {
  tool: ToolName;
  args: Record<string, unknown>;
  /** Default `{}`: any successful tool result. */
  expect?: Expectation;
  /** Replaces `expect` for one adapter, where its answer legitimately differs. */
  expectBy?: Partial<Record<AdapterName, Expectation>>;
  /** Adapters this step does not apply to (the rest of the scenario still runs there). */
  skip?: AdapterName[];
  /** Why the step is there; shown in reports. */
  note?: string;
}

export interface Scenario {
  name: string;
  description?: string;
  /** Adapters the whole scenario does not apply to. */
  skip?: AdapterName[];
  steps: ScenarioStep[];
}

export class ScenarioError extends Error {
  override name = "ScenarioError";
  constructor(readonly problems: string[]) {
    super(`invalid scenario:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

const EXPECTATION_KEYS = new Set<string>([
  "isError",
  "protocolError",
  "text",
  "contains",
  "notContains",
  "matches",
  "unorderedLines",
  "lineCount",
]);
const STEP_KEYS = new Set(["tool", "args", "expect", "expectBy", "skip", "note"]);
const SCENARIO_KEYS = new Set(["$schema", "name", "description", "skip", "steps"]);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const isStrings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === "string");

function checkExpectation(v: unknown, at: string, problems: string[]): void {
  if (!isObject(v)) {
    problems.push(`${at}: must be an object`);
    return;
  }
  for (const key of Object.keys(v)) {
    if (!EXPECTATION_KEYS.has(key)) problems.push(`${at}.${key}: unknown expectation`);
  }
  for (const key of ["isError", "protocolError"]) {
    if (v[key] !== undefined && typeof v[key] !== "boolean")
      problems.push(`${at}.${key}: must be a boolean`);
  }
  if (v.text !== undefined && typeof v.text !== "string")
    problems.push(`${at}.text: must be a string`);
  for (const key of ["contains", "notContains", "matches"]) {
    const x = v[key];
    if (x !== undefined && typeof x !== "string" && !isStrings(x)) {
      problems.push(`${at}.${key}: must be a string or an array of strings`);
    }
  }
  for (const [i, source] of [v.matches ?? []].flat().entries()) {
    try {
      new RegExp(String(source), "m");
    } catch (e) {
      problems.push(`${at}.matches[${i}]: ${(e as Error).message}`);
    }
  }
  if (v.unorderedLines !== undefined && !isStrings(v.unorderedLines)) {
    problems.push(`${at}.unorderedLines: must be an array of strings`);
  }
  if (
    v.lineCount !== undefined &&
    !(Number.isInteger(v.lineCount) && (v.lineCount as number) >= 0)
  ) {
    problems.push(`${at}.lineCount: must be a non-negative integer`);
  }
  if (v.isError === true && v.protocolError === true) {
    problems.push(`${at}: isError and protocolError cannot both be true`);
  }
}

function checkAdapters(v: unknown, at: string, problems: string[]): void {
  if (!isStrings(v) || !(v as string[]).every((a) => (ADAPTERS as readonly string[]).includes(a))) {
    problems.push(`${at}: must be an array of adapter names (${ADAPTERS.join(", ")})`);
  }
}

/** Checks a parsed scenario file; throws ScenarioError listing every problem. */
export function validateScenario(value: unknown, source = "scenario"): Scenario {
  const problems: string[] = [];
  if (!isObject(value)) throw new ScenarioError([`${source}: must be a JSON object`]);
  for (const key of Object.keys(value)) {
    if (!SCENARIO_KEYS.has(key)) problems.push(`${source}.${key}: unknown property`);
  }
  if (typeof value.name !== "string" || value.name.trim() === "") {
    problems.push(`${source}.name: must be a non-empty string`);
  }
  if (value.description !== undefined && typeof value.description !== "string") {
    problems.push(`${source}.description: must be a string`);
  }
  if (value.skip !== undefined) checkAdapters(value.skip, `${source}.skip`, problems);
  if (!Array.isArray(value.steps) || value.steps.length === 0) {
    problems.push(`${source}.steps: must be a non-empty array`);
  } else {
    value.steps.forEach((step: unknown, i: number) => {
      const at = `${source}.steps[${i}]`;
      if (!isObject(step)) {
        problems.push(`${at}: must be an object`);
        return;
      }
      for (const key of Object.keys(step)) {
        if (!STEP_KEYS.has(key)) problems.push(`${at}.${key}: unknown property`);
      }
      if (!(TOOLS as readonly unknown[]).includes(step.tool)) {
        problems.push(`${at}.tool: must be one of ${TOOLS.join(", ")}`);
      }
      if (!isObject(step.args)) problems.push(`${at}.args: must be an object`);
      if (step.expect !== undefined) checkExpectation(step.expect, `${at}.expect`, problems);
      if (step.expectBy !== undefined) {
        if (!isObject(step.expectBy)) problems.push(`${at}.expectBy: must be an object`);
        else {
          for (const [adapter, e] of Object.entries(step.expectBy)) {
            if (!(ADAPTERS as readonly string[]).includes(adapter)) {
              problems.push(`${at}.expectBy.${adapter}: unknown adapter`);
            } else checkExpectation(e, `${at}.expectBy.${adapter}`, problems);
          }
        }
      }
      if (step.skip !== undefined) checkAdapters(step.skip, `${at}.skip`, problems);
      if (step.note !== undefined && typeof step.note !== "string")
        problems.push(`${at}.note: must be a string`);
    });
  }
  if (problems.length > 0) throw new ScenarioError(problems);
  return value as unknown as Scenario;
}
