// A real relay-server data directory (the repository's fixtures) is never touched unasked:
// `serve` and `export` with no client calls leave every byte as it was; a file that failed to
// load is quarantined (never written over, refused to sync clients, named in tool errors and
// /healthz); the banner says what can and cannot be served.
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveServeConfig } from "../src/cli/config.js";
import { startServe } from "../src/compositionRoot/index.js";
import { silentLog } from "../src/log.js";
import { call, connectHttp, requireBuiltCli, spawnCli, tempDir } from "./helpers.js";

beforeAll(requireBuiltCli);

const FIXTURES = fileURLToPath(new URL("../../../fixtures/relay-server", import.meta.url));
const FOLDER_DOC = "cb696037-0f72-4e93-8717-4e433129d789-0cfaf813-05c4-471f-ad4a-f0d1593e7679";
const FOLDER_NAME = `${FOLDER_DOC.slice(37)}=Lens`;

/** Every file under `dir` with its bytes, by relative path. */
function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (rel: string) => {
    for (const name of readdirSync(join(dir, rel))) {
      const path = rel ? `${rel}/${name}` : name;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else out.set(path, readFileSync(join(dir, path)));
    }
  };
  walk("");
  return out;
}

describe("the relay-server fixtures, opened as a data directory", () => {
  const tmp = tempDir("lens-real-");
  const data = join(tmp.path, "data");
  beforeAll(() => cpSync(FIXTURES, data, { recursive: true }));
  afterAll(() => tmp.remove());

  it("serve (no client calls) and export leave every byte of the directory as it was", async () => {
    const before = snapshot(data);
    const child = spawnCli(["serve", "--port", "0", "--data", data, "--folder-name", FOLDER_NAME]);
    await child.waitFor(/Stop with Ctrl-C/);
    // No waiting for the store's flush delay: a clean stop flushes whatever it meant to write.
    child.proc.kill("SIGTERM");
    expect((await child.exited).code).toBe(0);
    // Honest: the folder lists 40 notes whose content is not here; 3 content docs (one empty)
    // are in no folder.
    expect(child.stdout()).toMatch(/: 0 of 40 listed documents have content, in 1 folder \(Lens\)/);
    expect(child.stdout()).toMatch(/! 40 listed documents without content here/);
    expect(child.stdout()).toMatch(/! 3 content docs in no folder/);
    expect(snapshot(data)).toEqual(before);

    const out = join(tmp.path, "out");
    const exported = spawnCli(["export", "--data", data, "--folder-name", FOLDER_NAME, out]);
    expect((await exported.exited).code).toBe(0);
    expect(snapshot(data)).toEqual(before);
  });

  it("quarantines a corrupt file: never written over, refused to sync, named everywhere", async () => {
    const dir = join(tmp.path, "corrupt");
    cpSync(FIXTURES, dir, { recursive: true });
    // The content doc of a listed note, corrupt (as a half-written or damaged file would be).
    const folder = readFileSync(join(dir, FOLDER_DOC, "data.ysweet"));
    expect(folder.length).toBeGreaterThan(0);
    const server = await startServe(
      resolveServeConfig({ port: "0", data: dir, folderName: [FOLDER_NAME] }, {}),
      silentLog(),
    );
    const entry = [...server.data.workspace.paths.entries()].find(
      (l) => l.meta.type === "markdown",
    )!;
    await server.stop();
    const file = join(dir, entry.docId, "data.ysweet");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(dir, entry.docId));
    const garbage = Buffer.alloc(1092, 0xab);
    writeFileSync(file, garbage);

    const again = await startServe(
      resolveServeConfig({ port: "0", data: dir, folderName: [FOLDER_NAME] }, {}),
      silentLog(),
    );
    try {
      const base = again.listening.baseUrl;
      // What a Relay client sends when it opens the note.
      const auth = await fetch(`${base}/doc/${entry.docId}/auth`, { method: "POST", body: "{}" });
      expect(auth.status).toBe(409);
      expect(await auth.text()).toMatch(/is unavailable: its file failed to load/);
      const update = await fetch(`${base}/d/${entry.docId}/update`, {
        method: "POST",
        body: new Uint8Array([0, 0]),
      });
      expect(update.status).toBe(409);
      const health = (await (await fetch(`${base}/healthz`)).json()) as { quarantined: string[] };
      expect(health.quarantined).toEqual([entry.docId]);
      const conn = await connectHttp(`${base}/mcp`);
      const read = await call(conn.client, "read", { file_path: entry.path });
      await conn.close();
      expect(read.isError).toBe(true);
      expect(read.text).toMatch(/its file failed to load .* never written over/);
    } finally {
      await again.stop();
    }
    expect(readFileSync(file)).toEqual(garbage);
  });
});
