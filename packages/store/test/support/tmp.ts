// Temp directories for tests, under os.tmpdir(), removed after each test file.
import { chmod, cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll } from "vitest";

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

export async function tempDir(prefix = "lens-store-"): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), prefix));
  made.push(d);
  return d;
}

/** The relay-server fixtures (never written: tests change only copies), `fixtures/relay-server`. */
export const FIXTURES = fileURLToPath(
  new URL("../../../../fixtures/relay-server", import.meta.url),
);

/** A writable copy of the relay-server fixtures (the originals are read-only). */
export async function fixtureCopy(): Promise<string> {
  const d = await tempDir("lens-fixtures-");
  await cp(FIXTURES, d, { recursive: true });
  // cp keeps the read-only modes; make the copy writable like a real data directory.
  await chmod(d, 0o755);
  for (const name of await readdir(d)) {
    await chmod(join(d, name), 0o755);
    await chmod(join(d, name, "data.ysweet"), 0o644);
  }
  return d;
}
