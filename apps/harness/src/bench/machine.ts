// What the benchmarks ran on: CPU count and model, memory, OS, Node and ripgrep versions.
import { execFileSync } from "node:child_process";
import { cpus, loadavg, release, totalmem, type } from "node:os";

export interface Machine {
  nproc: number;
  cpuModel: string;
  memory: string;
  os: string;
  node: string;
  rg: string;
  /** 1-minute load average when the run started and when it ended (other work skews figures). */
  loadAverage: { start: number; end?: number };
}

function run(cmd: string, args: string[]): string | undefined {
  try {
    return execFileSync(cmd, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

export function currentLoad(): number {
  return Math.round(loadavg()[0]! * 100) / 100;
}

export function describeMachine(): Machine {
  const nproc = Number(run("nproc", [])) || cpus().length;
  return {
    nproc,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    os: `${type()} ${release()}`,
    node: process.version,
    rg: run("rg", ["--version"])?.split("\n")[0] ?? "rg not installed",
    loadAverage: { start: currentLoad() },
  };
}
