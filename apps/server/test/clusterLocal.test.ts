// A cluster process's small files in `.lens`: the audit cursor and the origin id. A file a kill
// emptied (or anything that is not a value of its kind) is read as missing, never handed on: an
// empty cursor made every XREAD of the follower fail ("Invalid stream ID") for the process's
// life. Writes replace the file whole.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AuditLog, lensDir } from "@lens/access";
import { afterAll, describe, expect, it } from "vitest";
import { localAudit } from "../src/compositionRoot/clusterLocal.js";
import { tempDir } from "./helpers.js";

const dirs: { remove(): void }[] = [];
afterAll(() => {
  for (const d of dirs) d.remove();
});

function dataDir(files: Record<string, string> = {}): string {
  const d = tempDir();
  dirs.push(d);
  mkdirSync(lensDir(d.path), { recursive: true });
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(lensDir(d.path), name), text);
  return d.path;
}

describe("a cluster process's .lens files", () => {
  it("reads an emptied or garbled audit cursor as missing: the stream is copied from its start", () => {
    for (const text of ["", "\n", "garbage\n", "12-\n", "-\n", "$\n"]) {
      const dir = dataDir({ "audit.cursor": text });
      const local = localAudit(dir, new AuditLog(dir));
      expect(local.cursor.get()).toBe("0-0");
      expect(readFileSync(join(lensDir(dir), "audit.cursor"), "utf8")).toBe("0-0\n");
    }
  });

  it("keeps a sound cursor and origin, and replaces the cursor whole on each write", () => {
    const origin = "3f1c2a9e-8b7d-4c6e-9f01-23456789abcd";
    const dir = dataDir({ "audit.cursor": "1764301580944-3\n", "cluster-origin": `${origin}\n` });
    const local = localAudit(dir, new AuditLog(dir));
    expect(local.cursor.get()).toBe("1764301580944-3");
    expect(local.origin).toBe(origin);
    local.cursor.set("1764301580999-0");
    expect(readFileSync(join(lensDir(dir), "audit.cursor"), "utf8")).toBe("1764301580999-0\n");
    expect(readdirSync(lensDir(dir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    // Read again by the next process.
    expect(localAudit(dir, new AuditLog(dir)).cursor.get()).toBe("1764301580999-0");
  });

  it("makes a new origin id when the file holds none", () => {
    const dir = dataDir({ "cluster-origin": "" });
    const origin = localAudit(dir, new AuditLog(dir)).origin;
    expect(origin).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(join(lensDir(dir), "cluster-origin"), "utf8")).toBe(`${origin}\n`);
  });
});
