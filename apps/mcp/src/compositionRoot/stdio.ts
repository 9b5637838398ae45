// `lens stdio` composed: the data directory (store, Workspace, link upkeep), a grep pool and one
// MCP session on this process's stdin/stdout.
import { SessionStore } from "@lens/core";
import type { DataConfig } from "../cli/config.js";
import type { Log } from "../log.js";
import { GrepPool } from "../search/grepPool.js";
import { serveStdio } from "../stdio.js";
import { type OpenedData, openData } from "./data.js";

export interface RunningStdio {
  data: OpenedData;
  /** Resolves when the client goes away (stdin closed). */
  closed: Promise<void>;
  /** Why the session ended on the client's input (a line over 10 MiB), if it did. */
  failure(): string | undefined;
  /** Ends the session, stops the grep pool, flushes every document. */
  stop(): Promise<void>;
}

export async function startStdio(config: DataConfig, log: Log): Promise<RunningStdio> {
  const data = await openData(config, log);
  try {
    const grep = new GrepPool(data.workspace);
    const session = await serveStdio({
      workspace: data.workspace,
      sessions: new SessionStore(),
      afterWrite: () => data.store.flush(),
      log,
      grep,
    }).catch(async (e: unknown) => {
      await grep.close();
      throw e;
    });
    let stopping: Promise<void> | undefined;
    return {
      data,
      closed: session.closed,
      failure: () => session.failure(),
      stop() {
        stopping ??= (async () => {
          await session.close();
          await grep.close();
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
