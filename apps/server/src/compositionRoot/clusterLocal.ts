// A cluster process's data directory: its copy of the cluster's token file, its audit log (which
// also gets every other process's entries, `.lens/audit.cursor` saying how far), and the
// directory's origin id (`.lens/cluster-origin`) its own audit entries carry in the cluster.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type AuditLog,
  lensDir,
  shareTokens,
  type TokenAuthority,
  tokenFilePath,
  writeTokenFile,
} from "@lens/access";
import type { LocalAudit, LocalTokens } from "@lens/cluster";

export function localTokens(dir: string): LocalTokens {
  return {
    async read() {
      try {
        return await readFile(tokenFilePath(dir), "utf8");
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw e;
      }
    },
    write: (text) => writeTokenFile(dir, text),
  };
}

/** Reads a small file of the directory's `.lens`, or writes `fallback()` there first. */
function lensFile(dir: string, name: string, fallback: () => string): string {
  const file = join(lensDir(dir), name);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    const value = fallback();
    mkdirSync(lensDir(dir), { recursive: true, mode: 0o700 });
    writeFileSync(file, `${value}\n`, { mode: 0o600 });
    return value;
  }
}

export function localAudit(dir: string, audit: AuditLog): LocalAudit {
  const origin = lensFile(dir, "cluster-origin", () => randomUUID());
  const cursorFile = join(lensDir(dir), "audit.cursor");
  let cursor = lensFile(dir, "audit.cursor", () => "0-0");
  return {
    origin,
    absorb: (lines) => audit.absorb(lines),
    cursor: {
      get: () => cursor,
      set(id) {
        cursor = id;
        // After each absorbed entry (audit entries are few): a crash between the two copies at
        // most that one entry again.
        writeFileSync(cursorFile, `${cursor}\n`, { mode: 0o600 });
      },
    },
  };
}

/**
 * Sends the directory's token changes through the cluster and its audit entries to the
 * cluster's trail; returns the undo.
 */
export function shareThrough(
  dir: string,
  audit: AuditLog,
  cluster: { tokens: TokenAuthority; publishAudit: (lines: string) => void },
): () => void {
  const unshare = shareTokens(dir, cluster.tokens);
  audit.onRecorded = cluster.publishAudit;
  return () => {
    unshare();
    audit.onRecorded = undefined;
  };
}
