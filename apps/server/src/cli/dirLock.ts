// One Lens process per data directory: two processes writing the same doc files would each
// overwrite the other's changes. The lock is proper-lockfile's: a directory created atomically
// and kept fresh by its owner (its mtime is touched every few seconds). It names no pid, so it
// holds across PID namespaces — two containers on one volume are both pid 1 — and a lock whose
// owner died goes stale and is taken over.
import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import lockfile from "proper-lockfile";

export const LOCK_FILE = ".lens-lock";

/** A lock not touched for this long is stale: its owner is gone. */
const STALE_MS = 10_000;
/** How often the owner touches its lock. */
const UPDATE_MS = 2_000;

/** Lock files this process holds. */
const held = new Set<string>();

export interface DirLock {
  release(): void;
}

export interface LockOptions {
  /** Called if the lock is lost while held (its directory removed, touches failing). */
  onCompromised?: (error: Error) => void;
  /**
   * Called once when the lock is found fresh, before waiting for it to turn stale: it may throw
   * to refuse at once (the holder answered: it is alive), or return to wait.
   */
  onHeld?: () => Promise<void>;
}

/**
 * Takes the lock of `dir` (created if missing) or throws saying the directory is in use. A
 * lock left by a process that died is taken over once stale (waits up to ~14 s after a crash);
 * `onHeld` may refuse sooner.
 */
export async function lockDataDir(dir: string, options: LockOptions = {}): Promise<DirLock> {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const file = resolve(dir, LOCK_FILE);
  if (held.has(file)) {
    throw new Error(`${dir} is already open in this Lens process. Use another --data directory.`);
  }
  const lockOptions = {
    lockfilePath: file,
    realpath: false,
    stale: STALE_MS,
    update: UPDATE_MS,
    onCompromised: (error: Error) => {
      held.delete(file);
      (options.onCompromised ?? defaultCompromised)(error);
    },
  };
  try {
    try {
      await lockfile.lock(dir, { ...lockOptions, retries: 0 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ELOCKED") throw e;
      await options.onHeld?.();
      // A crashed owner's lock turns stale within STALE_MS: wait that long, not longer.
      await lockfile.lock(dir, {
        ...lockOptions,
        retries: { retries: 7, minTimeout: 2_000, maxTimeout: 2_000, factor: 1 },
      });
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new Error(
        `${dir} is in use by another Lens process (its lock ${file} is fresh). Stop that process first, or use another --data directory.`,
      );
    }
    throw e;
  }
  held.add(file);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      held.delete(file);
      try {
        lockfile.unlockSync(dir, { lockfilePath: file, realpath: false });
      } catch {
        // Already gone (compromised, or removed by hand).
      }
    },
  };
}

function defaultCompromised(error: Error): never {
  throw new Error(`lost the lock of the data directory: ${error.message}`);
}
