// Runs ripgrep over a directory of files and returns its output and wall time. rg is spawned by
// a small helper process (rgHelper.ts), which also times it: spawned from the benchmark process
// itself, which holds a loaded workspace, every spawn costs tens of ms more. Output goes to a
// pipe (never /dev/null, which rg detects and answers by stopping at the first match).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { harnessRoot } from "../paths.js";

export interface RgResult {
  ms: number;
  stdout: string;
  code: number | null;
}

interface HelperAnswer extends RgResult {
  id: number;
  stderr: string;
}

let helper:
  | { proc: ChildProcess; waiting: Map<number, (a: HelperAnswer) => void>; next: number }
  | undefined;

function startHelper(): NonNullable<typeof helper> {
  const script = join(harnessRoot(), "dist", "rgHelper.js");
  if (!existsSync(script)) {
    throw new Error(
      `${script} is missing: build the harness first (pnpm --filter @lens/harness build)`,
    );
  }
  const proc = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "inherit"] });
  const started = { proc, waiting: new Map<number, (a: HelperAnswer) => void>(), next: 1 };
  createInterface({ input: proc.stdout! }).on("line", (line) => {
    const answer = JSON.parse(line) as HelperAnswer;
    started.waiting.get(answer.id)?.(answer);
    started.waiting.delete(answer.id);
  });
  proc.unref();
  (proc.stdin as unknown as { unref?: () => void }).unref?.();
  (proc.stdout as unknown as { unref?: () => void }).unref?.();
  return started;
}

export function runRg(args: string[], cwd: string): Promise<RgResult> {
  helper ??= startHelper();
  const h = helper;
  const id = h.next++;
  return new Promise((resolve, reject) => {
    h.waiting.set(id, (a) => {
      // 0 = matches, 1 = no match; anything else is a failure.
      if (a.code !== 0 && a.code !== 1) {
        reject(new Error(`rg ${args.join(" ")} failed (${a.code}): ${a.stderr}`));
      } else resolve({ ms: a.ms, stdout: a.stdout, code: a.code });
    });
    h.proc.stdin!.write(
      `${JSON.stringify({ id, args: ["--no-config", "--color", "never", ...args], cwd })}\n`,
    );
  });
}

/** Ends the helper process (the benchmark calls it when done). */
export function stopRgHelper(): void {
  helper?.proc.kill();
  helper = undefined;
}

/** rg arguments equivalent to a grep tool call (content mode prints `path:N:text`). */
export function rgArgs(
  pattern: string,
  mode: "files_with_matches" | "content" | "count",
  ignoreCase: boolean,
  sorted: boolean,
): string[] {
  const args =
    mode === "files_with_matches"
      ? ["-l"]
      : mode === "count"
        ? ["--count"]
        : ["-n", "--no-heading"];
  if (ignoreCase) args.push("-i");
  if (sorted) args.push("--sort", "path");
  args.push("-e", pattern);
  return args;
}
