// Runs the attack battery against a `lens serve` it starts on a fresh data directory seeded
// with a few notes (one with a 300 000-character line), and returns the results.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LensServer, startLensServe } from "../server/lensServe.js";
import { type AttackContext, type Category, type CategoryResult, runBattery } from "./battery.js";
import { csrf, syncUpdates } from "./doors.js";
import { durability } from "./durability.js";
import { toolInput, traversal } from "./inputs.js";
import { patterns } from "./patterns.js";
import { badHttp, protocol } from "./protocol.js";
import { roles } from "./roles.js";
import { syncDoor } from "./syncDoor.js";

export const CATEGORIES: readonly Category[] = [
  toolInput,
  traversal,
  patterns,
  protocol,
  badHttp,
  csrf,
  syncUpdates,
  durability,
  // Last: they add tokens, which close the open loopback server to the categories above.
  roles,
  syncDoor,
];

export interface AttackOptions {
  quick: boolean;
  log?: (line: string) => void;
}

function seedVault(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "Short.md"), "a short note about plugins\n");
  writeFileSync(join(dir, "Web viewer.md"), "the web viewer plugin\n");
  writeFileSync(join(dir, "Long.md"), `# Long\n${"w".repeat(300_000)}\nend\n`);
  const slots = Array.from({ length: 50 }, (_, i) => `slot ${i} `).join("\n");
  writeFileSync(join(dir, "Durable.md"), `${slots}\n`);
}

export async function runAttack(options: AttackOptions): Promise<CategoryResult[]> {
  const root = mkdtempSync(join(tmpdir(), "lens-attack-"));
  const vault = join(root, "vault");
  const data = join(root, "data");
  seedVault(vault);
  // A short grep time limit keeps the pathological searches short; the bound is the same.
  const args = ["--grep-time-limit", options.quick ? "1" : "5", "--init"];
  let server: LensServer = await startLensServe({ data, imports: [[vault, "Notes"]], args });
  const ctx: AttackContext = {
    url: server.url,
    quick: options.quick,
    dataDir: data,
    async restart(crash) {
      if (crash) {
        server.proc.kill("SIGKILL");
        await new Promise((r) => server.proc.once("exit", r));
      } else await server.stop();
      server = await startLensServe({ data, args });
      ctx.url = server.url;
      return server.url;
    },
  };
  try {
    return await runBattery(CATEGORIES, ctx, options.log);
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
