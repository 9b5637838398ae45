// `lens stdio` composed: the data directory (store, Workspace, link upkeep), a grep pool and one
// MCP session on this process's stdin/stdout.
import { AuditLog } from "@lens/access";
import { createLens } from "@lens/service";
import type { DataConfig } from "../cli/config.js";
import type { Log } from "../log.js";
import { GrepPool } from "../search/grepPool.js";
import { serveStdio } from "../stdio.js";
import { type OpenedData, openData } from "./data.js";

export interface RunningStdio {
  data: OpenedData;
  /** Resolves when the client goes away (stdin closed). */
  closed: Promise<void>;
  /** Ends the session, stops the grep pool, flushes every document. */
  stop(): Promise<void>;
}

export async function startStdio(config: DataConfig, log: Log): Promise<RunningStdio> {
  const data = await openData(config, log);
  try {
    const grep = new GrepPool(data.workspace);
    const audit = new AuditLog(data.choice.dir);
    const lens = createLens(data.workspace, {
      persist: () => data.store.flush(),
      audit,
      grep: (plan) => grep.grep(plan),
      log,
    });
    const session = await serveStdio({ lens, log }).catch(async (e: unknown) => {
      await grep.close();
      throw e;
    });
    let stopping: Promise<void> | undefined;
    return {
      data,
      closed: session.closed,
      stop() {
        stopping ??= (async () => {
          await session.close();
          await grep.close();
          await audit.settled();
          await data.close();
        })();
        return stopping;
      },
    };
  } catch (e) {
    await data.close();
    throw e;
  }
}
