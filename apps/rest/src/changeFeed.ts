// Which user-facing paths changed, for one watcher with one reach: workspace events (content,
// folder entries, docs, folders) mapped to paths, filtered so that nothing outside the reach is
// ever named, and handed over in batches at most once per `intervalMs`. The live event stream
// (routes/events.ts) sends each batch to one client.
import {
  type Reach,
  reachesEntry,
  reachesFolder,
  type Workspace,
  type WorkspaceEvent,
} from "@lens/core";

/** One batch of changes. */
export interface ChangeBatch {
  /** Changed paths the watcher's reach covers, sorted, each once. */
  paths: string[];
  /**
   * True when more changed than `paths` lists: a folder in reach was added, removed or renamed
   * (every path under it moved), or more than `maxPaths` paths changed at once. Reload all.
   */
  truncated: boolean;
}

export interface ChangeFeedOptions {
  /** Shortest time between two batches (ms). */
  intervalMs: number;
  /** Most paths in one batch; beyond it the batch is cut and says so (`truncated`). */
  maxPaths: number;
}

/**
 * Calls `deliver` with each batch of changes `reach` covers, at most once per `intervalMs` and
 * never while the previous delivery is pending (a slow client gets bigger batches, not a queue).
 * Returns the function that stops watching (idempotent); the workspace listener goes with it.
 */
export function watchChanges(
  ws: Workspace,
  reach: Reach,
  deliver: (batch: ChangeBatch) => Promise<void>,
  options: ChangeFeedOptions,
): () => void {
  const pending = new Set<string>();
  let truncated = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delivering = false;
  let lastDelivery = Number.NEGATIVE_INFINITY;
  let stopped = false;
  let folderNames = reachedFolderNames(ws, reach);

  const add = (path: string | undefined, docId: string) => {
    if (path === undefined || pending.has(path)) return;
    if (!reachesEntry(ws, reach, { path, docId })) return;
    if (pending.size >= options.maxPaths) truncated = true;
    else pending.add(path);
  };

  const collect = (e: WorkspaceEvent) => {
    switch (e.type) {
      case "content":
        add(ws.paths.pathOf(e.docId), e.docId);
        break;
      case "entries":
        for (const change of e.changes) {
          if (change.before) add(change.before.path, change.before.docId);
          if (change.after) add(change.after.path, change.after.docId);
        }
        break;
      case "doc": {
        const folder = ws.folder(e.docId);
        if (folder && reachesFolder(reach, folder.name)) truncated = true;
        else add(ws.paths.pathOf(e.docId), e.docId);
        break;
      }
      case "folders": {
        const now = reachedFolderNames(ws, reach);
        if (now !== folderNames) truncated = true;
        folderNames = now;
        break;
      }
    }
  };

  const schedule = () => {
    if (stopped || timer !== undefined || delivering) return;
    if (pending.size === 0 && !truncated) return;
    const wait = Math.max(0, lastDelivery + options.intervalMs - Date.now());
    timer = setTimeout(flush, wait);
  };

  const flush = async () => {
    timer = undefined;
    if (stopped) return;
    const batch = { paths: [...pending].sort(compareStrings), truncated };
    pending.clear();
    truncated = false;
    delivering = true;
    lastDelivery = Date.now();
    try {
      await deliver(batch);
    } catch {
      // The stream's owner ends it; a failed delivery must not take the server down.
    } finally {
      delivering = false;
      schedule();
    }
  };

  const unsubscribe = ws.on((e) => {
    // A listener runs inside the workspace's own transaction observers: cheap and never throwing.
    try {
      collect(e);
    } catch {
      truncated = true;
    } finally {
      schedule();
    }
  });

  return () => {
    if (stopped) return;
    stopped = true;
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending.clear();
  };
}

/** The names of the folders `reach` covers, as one comparable string. */
function reachedFolderNames(ws: Workspace, reach: Reach): string {
  return ws
    .folders()
    .map((f) => f.name)
    .filter((name) => reachesFolder(reach, name))
    .sort(compareStrings)
    .join("\0");
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
