// The bundled scenarios pass over MCP and over REST against a real `lens serve` child process on
// a temporary data directory seeded with the sample vault (one server per adapter, so each
// starts from the same notes).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sampleVaultDir } from "../src/paths.js";
import type { Adapter } from "../src/scenario/adapter.js";
import { loadScenarios } from "../src/scenario/load.js";
import { mcpAdapter } from "../src/scenario/mcpAdapter.js";
import { formatReplayReport, replayScenarios } from "../src/scenario/replay.js";
import { restAdapter } from "../src/scenario/restAdapter.js";
import { type LensServer, startLensServe } from "../src/server/lensServe.js";
import type {} from "./globalSetup.js";

const FOLDERS = ["Lens Team", "Research", "Équipe Café"];
const scenarios = loadScenarios();

describe.each([
  ["mcp", mcpAdapter],
  ["rest", restAdapter],
] as const)("bundled scenarios over %s", (name, makeAdapter) => {
  let dir: string;
  let server: LensServer;
  let adapter: Adapter;

  beforeAll(async () => {
    const build = inject("cliBuild");
    if (!build.ok) throw new Error(`building the lens CLI failed:\n${build.error}`);
    dir = mkdtempSync(join(tmpdir(), `lens-harness-${name}-`));
    server = await startLensServe({
      data: join(dir, "data"),
      imports: FOLDERS.map((f) => [join(sampleVaultDir(), f), f] as [string, string]),
      // Suggestions are attributed the same way over MCP and REST (else MCP names the client).
      args: ["--author", "Claude"],
      startTimeoutMs: 60_000,
    });
    adapter = makeAdapter({ url: server.url });
  });

  afterAll(async () => {
    if (server) expect(await server.stop()).toBe(0);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("reaches the server", async () => {
    expect(await adapter.probe()).toBeUndefined();
  });

  it.each(scenarios.map((s) => [s.name, s] as const))("%s", async (_, scenario) => {
    const report = await replayScenarios([scenario], [adapter]);
    expect(report.unavailable).toEqual([]);
    expect(report.differences, formatReplayReport(report)).toEqual([]);
    expect(report.runs[0]!.steps).toBeGreaterThan(0);
  });

  it("replays the whole suite a second time on the same server without a difference", async () => {
    const report = await replayScenarios(scenarios, [adapter]);
    expect(report.differences, formatReplayReport(report)).toEqual([]);
  });
});
