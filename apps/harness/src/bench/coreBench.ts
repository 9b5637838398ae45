// A baseline for the MCP figures: the same read / glob / get_links / edit calls made directly on
// core's tools (callTool) on a Workspace in this process — no HTTP, no MCP, no disk. The gap to
// the MCP latencies is what the transport, the adapter and (for edit) the fsync cost.
import { callTool, SessionStore, type Workspace } from "@lens/core";
import type { ReportSection } from "./report.js";
import { formatMs, type Summary, summarize } from "./stats.js";
import { type BenchDoc, GLOB_PATTERN, OPS, type Op, RefToggle } from "./workload.js";

export async function coreBench(options: {
  workspace: Workspace;
  docs: BenchDoc[];
  samples: Record<Op, number>;
  log: (m: string) => void;
}): Promise<{ section: ReportSection; results: { op: Op; latency: Summary }[] }> {
  const { docs, samples } = options;
  const ctx = {
    workspace: options.workspace,
    sessions: new SessionStore(),
    sessionId: "bench-core",
  };
  const toggle = new RefToggle();
  const errors: string[] = [];
  const call = (name: string, args: Record<string, unknown>) => {
    const r = callTool(ctx, name, args);
    if (r.isError) errors.push(r.text.slice(0, 200));
  };
  for (let i = 0; i < samples.edit; i++) call("read", { file_path: docs[i % docs.length]!.path });
  const results: { op: Op; latency: Summary }[] = [];
  // Warm-up: the first get_links builds the backlink index of the whole workspace.
  for (let i = 0; i < 5; i++) {
    call("read", { file_path: docs[i]!.path });
    call("glob", { pattern: GLOB_PATTERN });
    call("get_links", { file_path: docs[i]!.path });
  }
  for (const op of OPS) {
    options.log(`core in process: ${samples[op]} ${op} calls`);
    const times: number[] = [];
    for (let i = 0; i < samples[op]; i++) {
      const doc = docs[i % docs.length]!;
      const t = performance.now();
      switch (op) {
        case "read":
          call("read", { file_path: doc.path });
          break;
        case "glob":
          call("glob", { pattern: GLOB_PATTERN });
          break;
        case "get_links":
          call("get_links", { file_path: doc.path });
          break;
        case "edit": {
          const { oldText, newText } = toggle.next(doc);
          call("edit", { file_path: doc.path, old_string: oldText, new_string: newText });
          break;
        }
      }
      times.push(performance.now() - t);
    }
    results.push({ op, latency: summarize(times) });
  }
  const section: ReportSection = {
    id: "core",
    title: "Core tools in process (baseline for the MCP figures)",
    intro:
      "The same calls on the same documents through core's `callTool` on the Workspace loaded in the benchmark process: no HTTP, no MCP, no disk (the edit is not flushed). The difference to the MCP p50 is the cost of the transport, the adapter and, for edit, the flush.",
    columns: ["operation", "calls", "p50", "p99"],
    rows: results.map((r) => [
      r.op,
      String(r.latency.n),
      formatMs(r.latency.p50),
      formatMs(r.latency.p99),
    ]),
    notes: [
      errors.length
        ? `${errors.length} calls answered with an error (last: ${errors.at(-1)}).`
        : "Every call succeeded.",
    ],
    data: results,
  };
  return { section, results };
}
