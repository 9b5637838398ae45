// The benchmark report: sections of tables with their notes and targets, written as JSON (every
// raw figure) and as markdown (what the README shows).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Machine } from "./machine.js";

export interface ReportSection {
  id: string;
  title: string;
  /** What was measured and how, above the table. */
  intro?: string;
  columns: string[];
  rows: string[][];
  /** Targets (reported, not asserted) and other remarks, below the table. */
  notes?: string[];
  /** Raw figures for the JSON report. */
  data?: unknown;
}

export interface BenchReport {
  machine: Machine;
  startedAt: string;
  durationMs: number;
  quick: boolean;
  sections: ReportSection[];
  /** Parts that did not run, and why. */
  skipped: { part: string; reason: string }[];
}

function escapeCell(s: string): string {
  return s.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

export function sectionMarkdown(s: ReportSection): string {
  const out = [`### ${s.title}`, ""];
  if (s.intro) out.push(s.intro, "");
  out.push(`| ${s.columns.map(escapeCell).join(" | ")} |`);
  out.push(`|${s.columns.map(() => " --- ").join("|")}|`);
  for (const r of s.rows) out.push(`| ${r.map(escapeCell).join(" | ")} |`);
  if (s.notes?.length) out.push("", ...s.notes.map((n) => `- ${n}`));
  return out.join("\n");
}

export function reportMarkdown(r: BenchReport): string {
  const m = r.machine;
  const out = [
    `## Benchmark results${r.quick ? " (--quick smoke run: small corpora, few samples)" : ""}`,
    "",
    `Run ${r.startedAt}, ${(r.durationMs / 1000).toFixed(0)} s in all. Machine: ${m.nproc} CPUs (${m.cpuModel}), ${m.memory}, ${m.os}, Node ${m.node}, ${m.rg}. Load average (1 min) ${m.loadAverage.start} at the start, ${m.loadAverage.end ?? "?"} at the end${(m.loadAverage.end ?? 0) > m.nproc * 0.75 || m.loadAverage.start > m.nproc * 0.75 ? ": other work was running, so figures are pessimistic" : ""}.`,
    "",
  ];
  for (const s of r.sections) out.push(sectionMarkdown(s), "");
  if (r.skipped.length) {
    out.push("### Not measured", "");
    for (const s of r.skipped) out.push(`- ${s.part}: ${s.reason}`);
    out.push("");
  }
  return out.join("\n");
}

/** Writes `latest.json` and `latest.md` into `dir`; returns their paths. */
export function writeReport(r: BenchReport, dir: string): { json: string; md: string } {
  mkdirSync(dir, { recursive: true });
  const json = join(dir, "latest.json");
  const md = join(dir, "latest.md");
  writeFileSync(json, `${JSON.stringify(r, null, 2)}\n`);
  writeFileSync(md, reportMarkdown(r));
  return { json, md };
}
