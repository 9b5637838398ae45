// What a running `lens serve` does for its control socket (control/controlServer.ts): imports
// and restores under `lens import`'s rules in its own workspace, so the notes appear live to
// every client, and MCP sessions bridged from `lens stdio`, as the owner, as stdio is.
import { randomUUID } from "node:crypto";
import type { AuditLog } from "@lens/access";
import { OWNER, type Workspace } from "@lens/core";
import { type LensServerDeps, serveStdio } from "@lens/mcp";
import { OWNER_ACTOR } from "@lens/service";
import { dirBlobs } from "@lens/store";
import { ConfigError } from "../cli/config.js";
import type { ControlHandlers } from "../control/controlServer.js";
import type { ImportAnswerLine } from "../control/protocol.js";
import type { Log } from "../log.js";
import {
  FolderExistsError,
  type FolderImportContext,
  importFolders,
  restoreFolder,
} from "./folderImport.js";

/** At most one progress line per vault this often (and the last one). */
const PROGRESS_EVERY_MS = 200;

export interface ControlDeps extends LensServerDeps {
  workspace: Workspace;
  dataDir: string;
  audit: AuditLog;
  flush(): Promise<void>;
  log: Log;
}

export function controlHandlers(deps: ControlDeps): ControlHandlers {
  const { log } = deps;
  return {
    async importRequest(body, line) {
      const ctx: FolderImportContext = {
        workspace: deps.workspace,
        dataDir: deps.dataDir,
        blobs: dirBlobs(deps.dataDir),
        audit: deps.audit,
        flush: deps.flush,
        who: "cli",
        progress: (label) => throttled(label, line),
      };
      try {
        const result =
          "restore" in body
            ? [await restoreFolder(ctx, body.restore)]
            : await importFolders(ctx, { vaults: body.vaults, replace: body.replace });
        for (const o of result) {
          log.info(
            {
              folder: o.folder,
              action: o.action,
              added: o.added,
              updated: o.updated,
              removed: o.removed,
              backup: o.backup,
            },
            `imported ${o.vault} as folder "${o.folder}" (lens import)`,
          );
        }
        return { result };
      } catch (e) {
        if (e instanceof FolderExistsError) {
          return {
            error: { code: "folder_exists", message: e.message, folder: e.folder, notes: e.notes },
          };
        }
        if (e instanceof ConfigError) return { error: { code: "config", message: e.message } };
        throw e;
      }
    },

    mcpSession(stream, author) {
      const id = `stdio-bridge-${randomUUID()}`;
      const opener = author ? { ...OWNER_ACTOR, caller: { ...OWNER, author } } : OWNER_ACTOR;
      stream.on("error", () => {});
      const session = serveStdio(deps, {
        session: { transport: id },
        opener,
        input: stream,
        output: stream,
      });
      void session.closed.then(() => {
        deps.lens.endSession(id);
        stream.destroy();
        log.info({ session: id }, "bridged lens stdio session ended");
      });
      log.info({ session: id }, "lens stdio bridged to this server");
    },
  };
}

/** Progress lines of one vault, at most one per PROGRESS_EVERY_MS and the last. */
function throttled(label: string, line: (l: ImportAnswerLine) => void) {
  let last = 0;
  let latest: { done: number; total: number } | undefined;
  return {
    update(p: { done: number; total: number }) {
      latest = p;
      const now = Date.now();
      if (now - last >= PROGRESS_EVERY_MS) {
        last = now;
        line({ progress: { label, done: p.done, total: p.total } });
      }
    },
    stop() {
      if (latest) line({ progress: { label, ...latest } });
    },
  };
}
