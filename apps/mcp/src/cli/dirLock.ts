// One Lens process per data directory: two processes writing the same doc files would each
// overwrite the other's changes. A lock file holding the owner's pid; stale locks are taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

export const LOCK_FILE = ".lens.lock";

/** Lock files this process holds (a pid alone cannot tell: a container's pid 1 restarts as 1). */
const held = new Set<string>();

export interface DirLock {
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock of `dir` (created if missing) or throws naming the process that holds it. */
export function lockDataDir(dir: string): DirLock {
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, LOCK_FILE);
  if (held.has(file)) {
    throw new Error(`${dir} is already open in this Lens process. Use another --data directory.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      held.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(file);
          try {
            if (readFileSync(file, "utf8").trim() === String(process.pid)) unlinkSync(file);
          } catch {
            // Already gone.
          }
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
        throw new Error(
          `${dir} is in use by another Lens process (pid ${pid}). Stop it first, or use another --data directory.`,
        );
      }
      // Stale: its owner is gone (or had our pid in an earlier life of this container).
      unlinkSync(file);
    }
  }
  throw new Error(`could not lock ${dir}`);
}
