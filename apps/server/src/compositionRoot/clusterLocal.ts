// A cluster process's data directory: its copy of the cluster's token file, its audit log (which
// also gets every other process's entries, `.lens/audit.cursor` saying how far), and the
// directory's origin id (`.lens/cluster-origin`) its own audit entries carry in the cluster.
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
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

/** A Redis stream entry id (`ms-seq`), as XREAD takes it. */
const STREAM_ID = /^\d+-\d+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Reads a small file of the directory's `.lens`; when it is missing, or holds no `valid` value
 * (emptied by a crash in the middle of a write by an older version, say), writes `fallback()`
 * there first.
 */
function lensFile(
  dir: string,
  name: string,
  fallback: () => string,
  valid: (value: string) => boolean,
): string {
  const file = join(lensDir(dir), name);
  try {
    const value = readFileSync(file, "utf8").trim();
    if (valid(value)) return value;
  } catch {}
  const value = fallback();
  mkdirSync(lensDir(dir), { recursive: true, mode: 0o700 });
  writeSmallFile(file, value);
  return value;
}

/**
 * Replaces a small file whole: written beside it, then renamed over it, so a process killed in
 * the middle leaves the old content or the new, never an empty file. (An emptied audit.cursor
 * made every later XREAD fail, "Invalid stream ID": the process never followed the log again.)
 */
function writeSmallFile(file: string, value: string): void {
  const temp = `${file}.tmp`;
  writeFileSync(temp, `${value}\n`, { mode: 0o600 });
  renameSync(temp, file);
}

export function localAudit(dir: string, audit: AuditLog): LocalAudit {
  const origin = lensFile(
    dir,
    "cluster-origin",
    () => randomUUID(),
    (v) => UUID.test(v),
  );
  const cursorFile = join(lensDir(dir), "audit.cursor");
  // A cursor that is not an entry id copies the stream from its start, as a first start does:
  // other processes' entries may be absorbed twice, none is missed.
  let cursor = lensFile(
    dir,
    "audit.cursor",
    () => "0-0",
    (v) => STREAM_ID.test(v),
  );
  return {
    origin,
    absorb: (lines) => audit.absorb(lines),
    cursor: {
      get: () => cursor,
      set(id) {
        cursor = id;
        // After each absorbed entry (audit entries are few): a crash between the two copies at
        // most that one entry again.
        writeSmallFile(cursorFile, cursor);
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
