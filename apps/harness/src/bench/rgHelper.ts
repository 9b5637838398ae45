// A small process that runs ripgrep for the benchmarks and times it itself. Spawning from the
// benchmark process — which holds a loaded workspace of hundreds of MB — costs tens of ms per
// spawn that rg never spends, so the reference would be timed slow. Requests and answers are
// JSON lines on stdin / stdout: {id, args, cwd} → {id, ms, code, stdout, stderr}.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

interface Request {
  id: number;
  args: string[];
  cwd: string;
}

createInterface({ input: process.stdin }).on("line", (line) => {
  const req = JSON.parse(line) as Request;
  const started = performance.now();
  const proc = spawn("rg", req.args, { cwd: req.cwd, stdio: ["ignore", "pipe", "pipe"] });
  const chunks: Buffer[] = [];
  let stderr = "";
  proc.stdout.on("data", (c: Buffer) => chunks.push(c));
  proc.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr += d;
  });
  const answer = (code: number | null, error?: string) =>
    process.stdout.write(
      `${JSON.stringify({
        id: req.id,
        ms: performance.now() - started,
        code,
        stdout: Buffer.concat(chunks).toString("utf8"),
        stderr: error ?? stderr,
      })}\n`,
    );
  proc.once("error", (e) => answer(null, e.message));
  proc.once("close", (code) => answer(code));
});
