// When the lists a client holds change: notes appear, go or move (resources/list), and a folder
// guide appears or goes (prompts/list lists folder-guide only when one is in reach). Workspace
// events are gathered for a short while and told once, with the folders they touched, so a
// session tells its client only of changes within its reach, and an import of 10 000 notes is
// one notification, not 10 000.
import {
  GUIDE_NOTE,
  type Reach,
  reachesFolder,
  type Workspace,
  type WorkspaceEvent,
} from "@lens/core";

export interface ListChange {
  /** Folders whose notes changed; `all` when folders themselves came, went or were renamed. */
  folders: ReadonlySet<string> | "all";
  /** A folder guide appeared, went or moved. */
  prompts: boolean;
}

/** How long changes are gathered before they are told. */
export const LIST_CHANGE_DELAY_MS = 250;

const GUIDE_SUFFIX = `/${GUIDE_NOTE.toLowerCase()}`;

export class ListChanges {
  private readonly listeners = new Set<(change: ListChange) => void>();
  private folders = new Set<string>();
  private all = false;
  private prompts = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly stop: () => void;

  constructor(
    workspace: Workspace,
    private readonly delayMs = LIST_CHANGE_DELAY_MS,
  ) {
    this.stop = workspace.on((event) => this.gather(event));
  }

  /** Calls `listener` with each gathered change; returns the unsubscribe function. */
  on(listener: (change: ListChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listeners now (leak checks: a closed session must leave none). */
  get size(): number {
    return this.listeners.size;
  }

  /** Tells listeners the prompt list changed (the conformance suite's trigger tool). */
  promptsChanged(): void {
    this.prompts = true;
    this.schedule();
  }

  close(): void {
    this.stop();
    if (this.timer) clearTimeout(this.timer);
    this.listeners.clear();
  }

  private gather(event: WorkspaceEvent): void {
    if (event.type === "folders") {
      this.all = true;
      this.prompts = true;
    } else if (event.type === "entries") {
      let touched = false;
      for (const c of event.changes) {
        // A change of metadata only (a note saved, its mtime) leaves the lists as they were.
        if (c.before?.path === c.after?.path) continue;
        for (const path of [c.before?.path, c.after?.path]) {
          if (path === undefined) continue;
          touched = true;
          const slash = path.indexOf("/");
          this.folders.add(slash < 0 ? path : path.slice(0, slash));
          if (path.toLowerCase().endsWith(GUIDE_SUFFIX)) this.prompts = true;
        }
      }
      if (!touched) return;
    } else {
      return;
    }
    this.schedule();
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => this.tell(), this.delayMs);
    this.timer.unref?.();
  }

  private tell(): void {
    this.timer = undefined;
    const change: ListChange = { folders: this.all ? "all" : this.folders, prompts: this.prompts };
    this.folders = new Set();
    this.all = false;
    this.prompts = false;
    for (const listener of [...this.listeners]) listener(change);
  }
}

/** Whether a caller reaching `reach` sees a resource list change in `change`. */
export function reachesChange(reach: Reach, change: ListChange): boolean {
  if (change.folders === "all") return true;
  for (const folder of change.folders) if (reachesFolder(reach, folder)) return true;
  return false;
}
