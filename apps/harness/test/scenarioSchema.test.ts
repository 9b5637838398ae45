// Scenario files: the bundled ones are valid and cover every tool, malformed ones are refused
// with every problem named, and expectations compare results as documented.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Adapter } from "../src/scenario/adapter.js";
import { checkOutcome } from "../src/scenario/expect.js";
import { loadScenarios } from "../src/scenario/load.js";
import { expectationFor, formatReplayReport, replayScenarios } from "../src/scenario/replay.js";
import { documentUrl } from "../src/scenario/restAdapter.js";
import { type Scenario, ScenarioError, TOOLS, validateScenario } from "../src/scenario/schema.js";

function problems(value: unknown): string[] {
  try {
    validateScenario(value, "s");
  } catch (e) {
    if (e instanceof ScenarioError) return e.problems;
    throw e;
  }
  return [];
}

describe("scenario files", () => {
  it("the bundled scenarios are valid and call every tool, each with errors and successes", () => {
    const scenarios = loadScenarios();
    expect(scenarios.map((s) => s.name).sort()).toEqual([
      "edit",
      "get_links",
      "glob",
      "grep",
      "read",
    ]);
    const steps = scenarios.flatMap((s) => s.steps);
    for (const tool of TOOLS) {
      const mine = steps.filter((s) => s.tool === tool);
      expect(
        mine.some((s) => s.expect?.isError === true),
        `${tool} error case`,
      ).toBe(true);
      expect(
        mine.some((s) => !s.expect?.isError),
        `${tool} success case`,
      ).toBe(true);
    }
  });

  it("accepts a minimal scenario", () => {
    expect(problems({ name: "x", steps: [{ tool: "read", args: { file_path: "A.md" } }] })).toEqual(
      [],
    );
  });

  it("names every problem of a malformed scenario with its path", () => {
    const found = problems({
      name: "",
      extra: 1,
      skip: ["smtp"],
      steps: [
        {
          tool: "cat",
          args: [],
          expect: { isError: "yes", contains: 3, matches: "(", bogus: true },
        },
        { tool: "glob", args: {}, expectBy: { grpc: {} }, skip: "mcp" },
        "read",
      ],
    });
    expect(found).toEqual(
      expect.arrayContaining([
        "s.extra: unknown property",
        "s.name: must be a non-empty string",
        "s.skip: must be an array of adapter names (mcp, rest)",
        "s.steps[0].tool: must be one of read, glob, grep, edit, get_links",
        "s.steps[0].args: must be an object",
        "s.steps[0].expect.bogus: unknown expectation",
        "s.steps[0].expect.isError: must be a boolean",
        "s.steps[0].expect.contains: must be a string or an array of strings",
        "s.steps[1].expectBy.grpc: unknown adapter",
        "s.steps[1].skip: must be an array of adapter names (mcp, rest)",
        "s.steps[2]: must be an object",
      ]),
    );
    expect(found.some((p) => p.startsWith("s.steps[0].expect.matches[0]:"))).toBe(true);
    expect(problems({ name: "x", steps: [] })).toEqual(["s.steps: must be a non-empty array"]);
    expect(problems([])).toEqual(["s: must be a JSON object"]);
  });

  it("refuses two scenarios with the same name", () => {
    const dir = mkdtempSync(join(tmpdir(), "lens-scenarios-"));
    try {
      const s = JSON.stringify({ name: "same", steps: [{ tool: "glob", args: { pattern: "*" } }] });
      writeFileSync(join(dir, "a.json"), s);
      writeFileSync(join(dir, "b.json"), s);
      writeFileSync(join(dir, "notes.txt"), "ignored");
      expect(() => loadScenarios([dir])).toThrow(/two scenarios are named "same"/);
      writeFileSync(join(dir, "b.json"), "{ not json");
      expect(() => loadScenarios([dir])).toThrow(ScenarioError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("expectations", () => {
  const ok = (text: string) => ({ text, isError: false });

  it("passes when every given check holds; none given means any success", () => {
    expect(checkOutcome(ok("a\nb"), {})).toEqual([]);
    expect(
      checkOutcome(ok("alpha\nbeta"), {
        text: "alpha\nbeta",
        contains: ["alp", "eta"],
        notContains: "gamma",
        matches: "^beta$",
        unorderedLines: ["beta", "alpha"],
        lineCount: 2,
      }),
    ).toEqual([]);
  });

  it("reports each failed check with expected and actual", () => {
    const m = checkOutcome(ok("alpha"), { text: "beta", contains: ["x", "alpha"], lineCount: 3 });
    expect(m.map((x) => x.check)).toEqual(["text", "contains", "lineCount"]);
    expect(m[0]).toEqual({ check: "text", expected: "beta", actual: "alpha" });
  });

  it("tells tool errors, protocol errors and successes apart", () => {
    expect(checkOutcome({ text: "no", isError: true }, {}).map((m) => m.check)).toEqual([
      "isError",
    ]);
    expect(checkOutcome({ text: "no", isError: true }, { isError: true })).toEqual([]);
    const proto = { text: "bad args", isError: false, protocolError: true };
    expect(checkOutcome(proto, { protocolError: true })).toEqual([]);
    expect(checkOutcome(proto, { isError: true }).map((m) => m.check)).toEqual(["protocolError"]);
    expect(checkOutcome(ok("x"), { protocolError: true }).map((m) => m.check)).toEqual([
      "protocolError",
    ]);
  });

  it("compares lines of CRLF answers without their \\r", () => {
    expect(checkOutcome(ok("b\r\na\r\n"), { unorderedLines: ["a", "b"], lineCount: 2 })).toEqual(
      [],
    );
  });

  it("uses an adapter's own expectation where a step gives one", () => {
    const step: Scenario["steps"][number] = {
      tool: "read",
      args: {},
      expect: { text: "mcp" },
      expectBy: { rest: { text: "rest" } },
    };
    expect(expectationFor(step, "mcp")).toEqual({ text: "mcp" });
    expect(expectationFor(step, "rest")).toEqual({ text: "rest" });
  });
});

describe("replay", () => {
  /** An adapter that answers from a table, to test replay without a server. */
  function fakeAdapter(answers: Record<string, string>, name: "mcp" | "rest" = "mcp"): Adapter {
    return {
      name,
      probe: async () => undefined,
      open: async () => ({
        call: async (tool, args) => ({
          text: answers[`${tool} ${JSON.stringify(args)}`] ?? "?",
          isError: false,
        }),
        close: async () => {},
      }),
    };
  }

  const scenario: Scenario = {
    name: "demo",
    steps: [
      { tool: "glob", args: { pattern: "*" }, expect: { text: "A.md" } },
      { tool: "read", args: { file_path: "A.md" }, expect: { contains: "hello" }, skip: ["rest"] },
    ],
  };

  it("reports every difference with scenario, step, adapter, expected and actual", async () => {
    const report = await replayScenarios(
      [scenario],
      [fakeAdapter({ 'glob {"pattern":"*"}': "B.md" })],
    );
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual([
      expect.objectContaining({
        scenario: "demo",
        step: 1,
        adapter: "mcp",
        tool: "glob",
        check: "text",
        expected: "A.md",
        actual: "B.md",
      }),
      expect.objectContaining({
        scenario: "demo",
        step: 2,
        adapter: "mcp",
        check: "contains",
        expected: "hello",
        actual: "?",
      }),
    ]);
    expect(formatReplayReport(report)).toContain("demo step 1 [mcp] glob");
  });

  it("skips steps for an adapter, and reports adapters that cannot reach the server", async () => {
    const rest = fakeAdapter({ 'glob {"pattern":"*"}': "A.md" }, "rest");
    const down: Adapter = { ...rest, name: "mcp", probe: async () => "connection refused" };
    const report = await replayScenarios([scenario], [down, rest]);
    expect(report.unavailable).toEqual([{ adapter: "mcp", reason: "connection refused" }]);
    expect(report.runs).toEqual([
      expect.objectContaining({ adapter: "rest", steps: 1, skipped: 1, differences: [] }),
    ]);
    expect(report.ok).toBe(false);
  });
});

describe("the REST adapter's mapping", () => {
  it("keeps slashes and encodes each path segment", () => {
    expect(documentUrl("Équipe Café/Recettes/Cold brew maison.md")).toBe(
      "/documents/%C3%89quipe%20Caf%C3%A9/Recettes/Cold%20brew%20maison.md",
    );
    expect(documentUrl("A/50% #1?.md")).toBe("/documents/A/50%25%20%231%3F.md");
  });
});
