// `lens stdio` given one line over the SDK's 10 MiB: it says why on stderr and exits 1 (it
// exited 0 with nothing said, as if the client had left).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lensCli } from "../paths.js";
import { type Category, check } from "./battery.js";

export const stdioLine: Category = {
  name: "stdio lines",
  attempts: () => [
    {
      name: "a line over 10 MiB to lens stdio: exit 1, saying why",
      timeoutMs: 60_000,
      async run() {
        const dir = mkdtempSync(join(tmpdir(), "lens-attack-stdio-"));
        try {
          const env = Object.fromEntries(
            Object.entries(process.env).filter(([k]) => !k.startsWith("LENS_")),
          );
          const proc = spawn(process.execPath, [lensCli(), "stdio", "--init", "--data", dir], {
            env,
            stdio: ["pipe", "ignore", "pipe"],
          });
          let err = "";
          proc.stderr.setEncoding("utf8").on("data", (d: string) => {
            err += d;
          });
          const exited = new Promise<number | null>((resolve) => proc.once("exit", resolve));
          proc.stdin.on("error", () => {});
          proc.stdin.write(
            `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${"x".repeat(11 * 1024 * 1024)}`,
          );
          const code = await exited;
          proc.stdin.destroy();
          check(code === 1, `exit ${code}`);
          check(/longer than 10485760 bytes/.test(err), `stderr: ${err.slice(0, 200)}`);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    },
  ],
};
