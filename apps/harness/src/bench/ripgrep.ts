// Runs ripgrep over a directory of files and returns its output and wall time. Output goes to a
// pipe we read (never /dev/null, which rg detects and answers by stopping at the first match).
import { spawn } from "node:child_process";

export interface RgResult {
  ms: number;
  stdout: string;
  code: number | null;
}

export function runRg(args: string[], cwd: string): Promise<RgResult> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const proc = spawn("rg", ["--no-config", "--color", "never", ...args], {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const chunks: Buffer[] = [];
    let err = "";
    proc.stdout.on("data", (c: Buffer) => chunks.push(c));
    proc.stderr.setEncoding("utf8").on("data", (d: string) => {
      err += d;
    });
    proc.once("error", reject);
    proc.once("close", (code) => {
      const ms = performance.now() - t;
      // 0 = matches, 1 = no match; anything else is a failure.
      if (code !== 0 && code !== 1)
        reject(new Error(`rg ${args.join(" ")} failed (${code}): ${err}`));
      else resolve({ ms, stdout: Buffer.concat(chunks).toString("utf8"), code });
    });
  });
}

/** rg arguments equivalent to a grep tool call (content mode prints `path:N:text`). */
export function rgArgs(
  pattern: string,
  mode: "files_with_matches" | "content",
  ignoreCase: boolean,
  sorted: boolean,
): string[] {
  const args = mode === "files_with_matches" ? ["-l"] : ["-n", "--no-heading"];
  if (ignoreCase) args.push("-i");
  if (sorted) args.push("--sort", "path");
  args.push("-e", pattern);
  return args;
}
