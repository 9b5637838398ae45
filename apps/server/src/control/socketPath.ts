// Where a data directory's control socket is (see controlServer.ts): `DATA/.lens/control.sock`,
// beside the lock, so whoever may use the directory may use the socket. A unix socket's path is
// limited to about 100 bytes: a longer one is a socket named by the directory's hash in a
// private directory (0700) under the system's temp directory. On Windows, a named pipe.
import { createHash } from "node:crypto";
import { lstatSync, realpathSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join, resolve } from "node:path";

export const CONTROL_SOCKET = "control.sock";

/** Longest unix socket path used as it is (sun_path holds 104 to 108 bytes, NUL included). */
const MAX_SOCKET_PATH = 100;

/**
 * The socket of `dataDir`. Chosen from the directory's real path, so two processes reaching it
 * by different paths (a symbolic link) find the same socket.
 */
export function controlSocketPath(dataDir: string): string {
  const dir = realDir(dataDir);
  const hash = createHash("sha256").update(dir).digest("hex").slice(0, 24);
  if (process.platform === "win32") return `\\\\.\\pipe\\lens-${hash}`;
  const inDir = join(dir, ".lens", CONTROL_SOCKET);
  if (Buffer.byteLength(inDir) <= MAX_SOCKET_PATH) return inDir;
  return join(privateTmpDir(), `${hash}.sock`);
}

/** The directory a long-path socket lives in: one per user, created 0700 by the server. */
export function privateTmpDir(): string {
  return join(tmpdir(), `lens-${userInfo().uid}`);
}

function realDir(dataDir: string): string {
  try {
    return realpathSync(dataDir);
  } catch {
    return resolve(dataDir); // not there (yet)
  }
}

/**
 * Throws unless `dir` is a directory of this user that no one else may write to: a socket in a
 * directory another user controls could be swapped for theirs. (The data directory's `.lens`
 * is the user's own; the temp directory of long paths is shared with everyone.)
 */
export function checkPrivateDir(dir: string): void {
  const st = lstatSync(dir);
  const uid = process.getuid?.();
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o022) !== 0) {
    throw new Error(`${dir} is not a private directory of this user: no control socket there`);
  }
}
