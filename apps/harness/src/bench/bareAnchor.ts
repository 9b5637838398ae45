// Starts the bare `node:http` anchor (dist/bareServer.js) as a child process on a data directory
// and stops it; see bareServer.ts.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { harnessRoot } from "../paths.js";

export interface BareAnchor {
  url: string;
  stop(): Promise<void>;
}

export function startBareAnchor(dataDir: string, timeoutMs = 120_000): Promise<BareAnchor> {
  const child = spawn(
    process.execPath,
    ["--max-old-space-size=8192", join(harnessRoot(), "dist", "bareServer.js"), dataDir],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  let err = "";
  child.stderr.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the bare anchor did not start in ${timeoutMs} ms: ${err.slice(0, 500)}`));
    }, timeoutMs);
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
      const line = out.split("\n")[0];
      if (out.includes("\n") && line) {
        clearTimeout(timer);
        resolve({ url: (JSON.parse(line) as { url: string }).url, stop });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the bare anchor exited (${code}): ${err.slice(0, 500)}`));
    });
  });
}
