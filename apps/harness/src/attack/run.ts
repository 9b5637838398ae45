// Runs the attack battery against a `lens serve` it starts on a fresh data directory seeded
// with a few notes (one with a 300 000-character line, one of 3.9 MB), and returns the results.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LensServer, startLensServe } from "../server/lensServe.js";
import { auditWrite } from "./auditWrite.js";
import { type AttackContext, type Category, type CategoryResult, runBattery } from "./battery.js";
import { costlyWork, MANY_NOTE } from "./costlyWork.js";
import { csrf, syncUpdates } from "./doors.js";
import { durability } from "./durability.js";
import { toolInput, traversal } from "./inputs.js";
import { jsonBodies } from "./jsonBodies.js";
import { patterns } from "./patterns.js";
import { badHttp, protocol } from "./protocol.js";
import { roles } from "./roles.js";
import { stdioLine } from "./stdioLine.js";
import { syncDoor } from "./syncDoor.js";
import { openSession } from "./wire.js";

export const CATEGORIES: readonly Category[] = [
  toolInput,
  traversal,
  patterns,
  protocol,
  badHttp,
  csrf,
  syncUpdates,
  jsonBodies,
  costlyWork,
  auditWrite,
  stdioLine,
  durability,
  // Last: they add tokens, which close the open loopback server to the categories above.
  roles,
  syncDoor,
];

export interface AttackOptions {
  quick: boolean;
  /** Only the categories whose names contain one of these (case-insensitive); all when unset. */
  only?: string[];
  log?: (line: string) => void;
}

function seedVault(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "Short.md"), "a short note about plugins\n");
  writeFileSync(join(dir, "Web viewer.md"), "the web viewer plugin\n");
  writeFileSync(join(dir, "Long.md"), `# Long\n${"w".repeat(300_000)}\nend\n`);
  const slots = Array.from({ length: 50 }, (_, i) => `slot ${i} `).join("\n");
  writeFileSync(join(dir, "Durable.md"), `${slots}\n`);
  writeFileSync(join(dir, MANY_NOTE.name), MANY_NOTE.text);
}

/**
 * One MCP session with a read, as a running server has served before: a fresh process compiles
 * its request path on first use, which is starting up, not an attack's stall.
 */
async function warmUp(url: string): Promise<void> {
  const s = await openSession(url);
  await s.call("read", { file_path: "Notes/Short.md" });
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
    pid: server.proc.pid,
    quick: options.quick,
    dataDir: data,
    async restart(crash) {
      if (crash) {
        server.proc.kill("SIGKILL");
        await new Promise((r) => server.proc.once("exit", r));
      } else await server.stop();
      server = await startLensServe({ data, args });
      ctx.url = server.url;
      ctx.pid = server.proc.pid;
      return server.url;
    },
  };
  try {
    await warmUp(server.url);
    const only = options.only?.map((o) => o.toLowerCase());
    const chosen = only
      ? CATEGORIES.filter((c) => only.some((o) => c.name.toLowerCase().includes(o)))
      : CATEGORIES;
    return await runBattery(chosen, ctx, options.log);
  } finally {
    await server.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
