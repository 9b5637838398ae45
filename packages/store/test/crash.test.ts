// kill -9 right after an acknowledged edit: a child process flushes and acks N edits, the
// parent SIGKILLs it at once, and reloading the directory shows all N.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Workspace } from "@lens/core";
import { beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../src/dirStore.js";
import { bundleForNode } from "./support/bundle.js";
import { tempDir } from "./support/tmp.js";

const DOC = "11111111-1111-4111-8111-111111111111-aaaaaaaa-0000-4000-8000-000000000001";
let child = "";

beforeAll(async () => {
  const entry = fileURLToPath(new URL("./support/crashChild.ts", import.meta.url));
  child = await bundleForNode(entry, await tempDir("lens-crash-bundle-"));
});

/** Runs the child until it has printed `ack {killAfter-1}`, then SIGKILLs it. */
function runAndKill(dir: string, edits: number, killAfter: number, mode = ""): Promise<number> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [child, dir, DOC, String(edits), mode], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let acks = 0;
    let buf = "";
    let stderr = "";
    p.stdout.on("data", (chunk: Buffer) => {
      buf += chunk.toString();
      let nl = buf.indexOf("\n");
      while (nl !== -1) {
        if (buf.slice(0, nl).startsWith("ack ")) acks++;
        buf = buf.slice(nl + 1);
        nl = buf.indexOf("\n");
      }
      if (acks >= killAfter) p.kill("SIGKILL");
    });
    p.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    p.on("error", reject);
    p.on("exit", (_code, signal) => {
      if (signal === "SIGKILL") resolve(acks);
      else reject(new Error(`child exited without being killed: ${stderr}`));
    });
  });
}

async function reload(dir: string): Promise<string> {
  const ws = new Workspace();
  const store = await openStore(dir, { workspace: ws });
  expect(store.report.skipped).toEqual([]);
  const text = ws.contentText(DOC)?.toString() ?? "";
  await store.close();
  return text;
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `edit ${i}\n`).join("");

describe("kill -9 after an acknowledged edit", () => {
  it("loses none of the N acknowledged edits", async () => {
    const dir = await tempDir();
    const N = 40;
    const acked = await runAndKill(dir, N, N);
    expect(acked).toBeGreaterThanOrEqual(N);
    const text = await reload(dir);
    expect(text.startsWith(lines(N))).toBe(true);
  });

  it("leaves a loadable file when killed at arbitrary points of a write burst", async () => {
    const dir = await tempDir();
    let before = "";
    for (const killAfter of [3, 17, 1, 29]) {
      // Each round appends to the same doc: earlier rounds' edits must survive too.
      const acked = await runAndKill(dir, 1000, killAfter, "burst");
      const text = await reload(dir);
      expect(text.startsWith(before)).toBe(true);
      const added = text.slice(before.length);
      const k = added.split("\n").length - 1;
      expect(k).toBeGreaterThanOrEqual(acked);
      expect(added).toBe(lines(k));
      before = text;
    }
  });
});
