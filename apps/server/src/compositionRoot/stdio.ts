// `lens stdio` composed: the data directory (store, Workspace, link upkeep), a grep pool and one
// MCP session on this process's stdin/stdout — or, when a running `lens serve` holds the
// directory, this process's stdin/stdout bridged to an MCP session of that server.
import { AuditLog } from "@lens/access";
import { ListChanges, serveStdio } from "@lens/mcp";
import { createLens } from "@lens/service";
import type { DataConfig } from "../cli/config.js";
import { firstFolderAdvice } from "../cli/firstFolder.js";
import { bridgeStdio } from "../control/controlClient.js";
import { DataDirInUseError } from "../control/protocol.js";
import type { Log } from "../log.js";
import { GrepPool } from "../search/grepPool.js";
import { warmSearch } from "../search/warming.js";
import { LENS_VERSION } from "../version.js";
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
  const data = await openData(config, log, { owner: "stdio" });
  // Every caller of stdio is its owner (an admin): any assistant may create the first folder.
  if (data.workspace.folders().length === 0) {
    log.warn({ dir: data.choice.dir }, firstFolderAdvice(data.choice.dir, true).join(" "));
  }
  try {
    const grep = new GrepPool(data.workspace);
    const audit = new AuditLog(data.choice.dir);
    const lens = createLens(data.workspace, {
      persist: () => data.persist(),
      audit,
      grep: (plan) => grep.grep(plan),
      log,
    });
    const listChanges = new ListChanges(data.workspace);
    const session = serveStdio({ lens, log, version: LENS_VERSION, listChanges });
    // The ranked index and the grep worker readied while the assistant has not asked yet.
    const stopWarming = warmSearch(data.linksReady, data.workspace, grep, log);
    let stopping: Promise<void> | undefined;
    return {
      data,
      closed: session.closed,
      failure: () => session.failure(),
      stop() {
        stopping ??= (async () => {
          stopWarming();
          await session.close();
          listChanges.close();
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

/** The refusal of a directory held by a server this client can be bridged to, else undefined. */
export function bridgeable(error: unknown): DataDirInUseError | undefined {
  return error instanceof DataDirInUseError && error.owner.serves.includes("mcp")
    ? error
    : undefined;
}

/**
 * Bridges this client to the server holding the directory (says so at once on stderr) until
 * either side ends; resolves with the exit code: 0 when the client left, 1 when the server
 * stopped.
 */
export async function bridgeToServer(
  held: DataDirInUseError,
  config: DataConfig,
  log: Log,
): Promise<number> {
  const { owner, dir } = held;
  process.stderr.write(
    `lens stdio: ${dir} is held by a running \`lens serve\` (pid ${owner.pid}${owner.url ? `, ${owner.url}` : ""}); this client is bridged to it\n`,
  );
  if (config.imports.length) {
    log.warn(
      "--import is not applied through a bridge: use `lens import`, which hands it to the server",
    );
  }
  const ended = await bridgeStdio(dir, config.author);
  if (ended === "client") return 0;
  process.stderr.write(`lens stdio: the server holding ${dir} ended the session (it stopped)\n`);
  return 1;
}
