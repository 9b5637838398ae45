// `lens import` into a folder that already exists, against a real data directory: refused
// without --replace (nothing written); with --replace the replaced notes are kept in a backup
// that `lens restore` puts back, the human line counts what changed, and the audit log says so.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { callTool, SessionStore, Workspace } from "@lens/core";
import { openStore } from "@lens/store";
import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  connectHttp,
  rawText,
  requireBuiltCli,
  spawnCli,
  tempDir,
  writeFixtureVaults,
} from "./helpers.js";

beforeAll(requireBuiltCli);

const PENDING = /\{--.*Builds on--\}\{\+\+.*Extends\+\+\}/;

/** The lines of stderr that are not log records (JSON lines): what a person is told. */
function said(stderr: string): string[] {
  return stderr.split("\n").filter((l) => l.trim() && !l.startsWith("{"));
}

/** Every markdown note of the data directory: user-facing path → raw text. */
async function notesOnDisk(dir: string): Promise<Record<string, string>> {
  const workspace = new Workspace();
  const store = await openStore(dir, { workspace, readOnly: true });
  await store.close();
  const out: Record<string, string> = {};
  for (const loc of workspace.paths.entries()) {
    if (loc.meta.type === "markdown") out[loc.path] = rawText(workspace, loc.path);
  }
  return out;
}

/** Leaves a pending suggestion in Research/Paper.md, as an assistant's edit would. */
async function suggestInPaper(dir: string): Promise<void> {
  const workspace = new Workspace({ author: "Claude" });
  const store = await openStore(dir, { workspace });
  const ctx = { workspace, sessions: new SessionStore(), sessionId: "test" };
  callTool(ctx, "read", { file_path: "Research/Paper.md" });
  const r = callTool(ctx, "edit", {
    file_path: "Research/Paper.md",
    old_string: "Builds on",
    new_string: "Extends",
  });
  expect(r.isError).toBeFalsy();
  await store.close();
}

/** A data directory with Team and Research, and a pending suggestion in Research/Paper.md. */
async function dataWithResearch(root: string): Promise<{ data: string; other: string }> {
  const data = join(root, "data");
  const vaults = writeFixtureVaults(join(root, "vaults"));
  const imp = spawnCli(["import", "--data", data, `${vaults.team}=Team`, vaults.research]);
  expect((await imp.exited).code).toBe(0);
  await suggestInPaper(data);
  // Another vault, also to be named "Research": none of the old notes are in it.
  const other = join(root, "vaults", "other");
  writeFixtureVaults(other);
  writeFileSync(join(other, "Team", "Fresh.md"), "fresh\n");
  return { data, other: join(other, "Team") };
}

describe("lens import into a folder that already exists", () => {
  it("is refused without --replace: exit 2, one line naming the folder and its notes, nothing written", async () => {
    const tmp = tempDir();
    try {
      const { data, other } = await dataWithResearch(tmp.path);
      const before = await notesOnDisk(data);
      expect(before["Research/Paper.md"]).toMatch(PENDING);
      const imp = spawnCli(["import", "--data", data, "--folder", "Research", other]);
      expect((await imp.exited).code).toBe(2);
      expect(said(imp.stderr())).toEqual([
        'lens import: folder "Research" already exists with 1 note; pass --replace to replace it (its current notes are kept in a backup you can restore)',
      ]);
      expect(imp.stdout()).toBe("");
      expect(await notesOnDisk(data)).toEqual(before);
    } finally {
      tmp.remove();
    }
  });
});

/** The audit log's entries. */
function auditEntries(data: string): Array<Record<string, unknown>> {
  return readFileSync(join(data, ".lens", "audit.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

const REPLACED_LINE =
  /^Imported \S+ as "Research" into (\S+): added 6, updated 0, removed 1; the notes it replaced are kept in (\S+) \(`lens restore --data \S+ (\S+)` puts them back\)$/m;

describe("lens import --replace and lens restore", () => {
  it("replaces the folder, keeps it in a backup, audits it; restore gives back the notes and their pending suggestion", async () => {
    const tmp = tempDir();
    try {
      const { data, other } = await dataWithResearch(tmp.path);
      const before = await notesOnDisk(data);
      const imp = spawnCli(["import", "--data", data, "--folder", "Research", other, "--replace"]);
      expect((await imp.exited).code).toBe(0);
      const m = imp.stdout().match(REPLACED_LINE);
      expect(m, imp.stdout()).not.toBeNull();
      const [, dir, backup, name] = m!;
      expect(dir).toBe(data);
      expect(backup).toBe(join(data, ".lens", "backups", name!));
      expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ-Research$/);
      // The backup is a readable vault of the raw notes, the suggestion included.
      expect(readFileSync(join(backup!, "vault", "Paper.md"), "utf8")).toMatch(PENDING);
      const replaced = await notesOnDisk(data);
      expect(replaced["Research/Paper.md"]).toBeUndefined();
      expect(replaced["Research/Fresh.md"]).toBe("fresh\n");
      expect(auditEntries(data).at(-1)).toMatchObject({
        who: "cli",
        action: "folder.replace",
        path: "Research",
        outcome: "ok",
        detail: { added: 6, updated: 0, removed: 1, backup },
      });

      const restore = spawnCli(["restore", "--data", data, name!]);
      expect((await restore.exited).code).toBe(0);
      expect(restore.stdout()).toMatch(
        new RegExp(
          `^Restored "Research" from ${backup} into ${data}: added 1, updated 0, removed 6; the notes it replaced are kept in`,
        ),
      );
      expect(await notesOnDisk(data)).toEqual(before);
      expect(auditEntries(data).at(-1)).toMatchObject({
        action: "folder.restore",
        path: "Research",
        detail: { restoredFrom: backup },
      });
      // Two backups now: the one restored, and the state the restore replaced.
      expect(readdirSync(join(data, ".lens", "backups"))).toHaveLength(2);
    } finally {
      tmp.remove();
    }
  });

  it("a replace that changes nothing keeps no backup and writes nothing", async () => {
    const tmp = tempDir();
    try {
      const data = join(tmp.path, "data");
      const vaults = writeFixtureVaults(join(tmp.path, "vaults"));
      expect((await spawnCli(["import", "--data", data, vaults.team]).exited).code).toBe(0);
      const again = spawnCli(["import", "--data", data, vaults.team, "--replace"]);
      expect((await again.exited).code).toBe(0);
      expect(again.stdout()).toMatch(/as "Team" into \S+: added 0, updated 0, removed 0\n$/);
      expect(existsSync(join(data, ".lens", "backups"))).toBe(true);
      expect(readdirSync(join(data, ".lens", "backups"))).toEqual([]);
      expect(again.stderr()).toMatch(/"written":0,"msg":"data directory closed"/);
    } finally {
      tmp.remove();
    }
  });
});

const MCP_LINE = /MCP\s+(http:\/\/\S+\/mcp)/;

describe("lens import while lens serve holds the data directory", () => {
  it("hands the import to the server: the notes appear live, with the same refusal, backup and restore", async () => {
    const tmp = tempDir();
    const { data, other } = await dataWithResearch(tmp.path);
    const server = spawnCli(["serve", "--port", "0", "--data", data]);
    try {
      const url = (await server.waitFor(MCP_LINE))[1]!;
      const conn = await connectHttp(url);
      const lab = join(tmp.path, "vaults", "lab");
      writeFixtureVaults(lab);
      const imp = spawnCli(["import", "--data", data, `${join(lab, "Research")}=Lab`]);
      expect((await imp.exited).code).toBe(0);
      expect(said(imp.stderr())).toEqual([
        `lens import: ${data} is held by a running \`lens serve\` (pid ${server.proc.pid}); the import runs there, so its notes appear live`,
      ]);
      expect(imp.stdout()).toBe(
        `Imported ${join(lab, "Research")} as "Lab" into ${data}: added 1, updated 0, removed 0\n`,
      );
      // Live: the session opened before the import sees the new note.
      const read = await call(conn.client, "read", { file_path: "Lab/Paper.md" });
      expect(read.isError).toBe(false);
      expect(read.text).toContain("Builds on [[Team/Plans]]");

      // The same refusal, through the server.
      const refused = spawnCli(["import", "--data", data, "--folder", "Research", other]);
      expect((await refused.exited).code).toBe(2);
      expect(said(refused.stderr()).at(-1)).toBe(
        'lens import: folder "Research" already exists with 1 note; pass --replace to replace it (its current notes are kept in a backup you can restore)',
      );
      const replace = spawnCli([
        "import",
        "--data",
        data,
        "--folder",
        "Research",
        other,
        "--replace",
      ]);
      expect((await replace.exited).code).toBe(0);
      const [, , backup, name] = replace.stdout().match(REPLACED_LINE)!;
      expect(readFileSync(join(backup!, "vault", "Paper.md"), "utf8")).toMatch(PENDING);
      expect((await call(conn.client, "read", { file_path: "Research/Fresh.md" })).text).toContain(
        "fresh",
      );
      const restore = spawnCli(["restore", "--data", data, name!]);
      expect((await restore.exited).code).toBe(0);
      // Back, live: the AI view shows the pending suggestion as accepted.
      const paper = await call(conn.client, "read", { file_path: "Research/Paper.md" });
      expect(paper.text).toContain("Extends [[Team/Plans]]");
      expect((await call(conn.client, "read", { file_path: "Research/Fresh.md" })).isError).toBe(
        true,
      );
      expect(auditEntries(data).map((e) => e.action)).toEqual([
        "folder.import",
        "folder.import",
        "folder.import",
        "folder.replace",
        "folder.restore",
      ]);
      await conn.close();
    } finally {
      server.proc.kill("SIGTERM");
      await server.exited;
      tmp.remove();
    }
    expect((await server.exited).code).toBe(0);
  });
});
