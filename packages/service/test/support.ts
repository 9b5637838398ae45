// A service over a small workspace, with the real audit log in a temp directory, a persist port
// that counts, and a log that keeps its lines.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AuditLog } from "@lens/access";
import { type Caller, EVERYWHERE, folderReach, workspaceFromTexts } from "@lens/core";
import { type Actor, createLens, type LensPorts } from "../src/index.js";

export interface LogLine {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

export async function setup(ports: Partial<LensPorts> = {}) {
  const workspace = workspaceFromTexts([
    {
      name: "Team",
      files: {
        "Plan.md": "# Plan\nship the beta\nsee [[Ideas]]\n",
        "Ideas.md": "# Ideas\nan idea\n",
      },
    },
    { name: "Private", files: { "Secret.md": "salary 100\n" } },
  ]);
  const dir = await mkdtemp(join(tmpdir(), "lens-service-"));
  const audit = new AuditLog(dir);
  const lines: LogLine[] = [];
  const at = (level: string) => (fields: object, message: string) =>
    void lines.push({ level, fields: fields as Record<string, unknown>, message });
  let persists = 0;
  const lens = createLens(workspace, {
    persist: async () => {
      persists++;
    },
    audit,
    log: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") },
    ...ports,
  });
  return { lens, workspace, audit, dir, lines, persists: () => persists };
}

export function actor(who: string, caller: Partial<Caller> = {}): Actor {
  return {
    who,
    credential: `id-${who}`,
    caller: { role: "admin", reach: EVERYWHERE, author: who, ...caller },
  };
}

export const viewer = actor("Vi", { role: "view" });
export const suggester = actor("Ana's Claude", { role: "suggest", reach: folderReach(["Team"]) });
export const editor = actor("Bo", { role: "edit" });
export const session = (transport: string) => ({ transport });
