// The `lens` command line: serve, stdio, import and export, with their flags and LENS_* variables.
// What each command runs is composed in ../compositionRoot/.
import { basename, resolve } from "node:path";
import { exportVault } from "@lens/store";
import { Command, Option } from "commander";
import {
  bridgeable,
  bridgeToServer,
  FolderExistsError,
  type ImportJob,
  openData,
  outcomeLine,
  runImport,
  startServe,
  startStdio,
} from "../compositionRoot/index.js";
import { createLogger, type Log } from "../log.js";
import { LENS_VERSION } from "../version.js";
import { clusterOptions } from "./clusterOptions.js";
import {
  type CliFlags,
  ConfigError,
  DEFAULT_HOST,
  DEFAULT_PORT,
  type Env,
  parseImports,
  resolveDataConfig,
  resolveServeConfig,
} from "./config.js";
import { progressReporter } from "./progress.js";
import { startupBanner } from "./serve.js";
import { registerTokenCommand } from "./tokenCommand.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

function dataOptions(cmd: Command): Command {
  return cmd
    .option("--data <dir>", "data directory (y-sweet / relay-server layout) [env LENS_DATA]")
    .option(
      "--folder-name <uuid=name>",
      "display name of a folder without folder_config.name; repeatable [env LENS_FOLDER_NAMES, comma-separated]",
      collect,
    )
    .option("--author <name>", "author recorded on AI suggestions [env LENS_AUTHOR]")
    .option(
      "--import <dir[=name]>",
      "markdown vault to import as a folder at start; repeatable [env LENS_IMPORT, comma-separated]",
      collect,
    )
    .option(
      "--no-seed",
      "do not seed an empty default directory with the sample vault [env LENS_SEED=0]",
    )
    .option(
      "--init",
      "create the --data directory if it does not exist (else that is an error) [env LENS_INIT=1]",
    )
    .option("--log-level <level>", "fatal|error|warn|info|debug|trace|silent [env LENS_LOG_LEVEL]");
}

/** Runs `body`, turning failures into a message on stderr and an exit code. */
async function run(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`lens: ${e.message}\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(`lens: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}

/** Resolves once SIGINT or SIGTERM arrives; a second signal exits at once. */
function untilSignal(log: Log): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (signal: string) => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      process.once("SIGINT", () => process.exit(130));
      process.once("SIGTERM", () => process.exit(143));
      log.info({ signal }, "shutting down: flushing every document");
      resolve(signal);
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
}

/**
 * On a crash (uncaught exception or unhandled rejection), logs it, flushes what it can within a
 * few seconds, and exits 1. Acknowledged edits are already on disk; this saves batched sync
 * traffic.
 */
function flushOnCrash(log: Log, stop: () => Promise<void>): void {
  const crash = (err: unknown) => {
    log.fatal({ err }, "crashed: flushing documents before exiting");
    const giveUp = setTimeout(() => process.exit(1), 5000);
    giveUp.unref();
    stop()
      .catch((e: unknown) => log.error({ err: e }, "flush after crash failed"))
      .finally(() => process.exit(1));
  };
  process.once("uncaughtException", crash);
  process.once("unhandledRejection", crash);
}

export function buildProgram(env: Env = process.env): Command {
  const program = new Command("lens")
    .description(
      "Lens: Claude Code's tools over a team's Obsidian / Relay notes, for any MCP client.",
    )
    .version(LENS_VERSION)
    .showHelpAfterError();

  clusterOptions(
    dataOptions(
      program
        .command("serve")
        .description("serve MCP (/mcp), REST (/api/v1), y-sweet sync and /healthz on one port"),
    ),
  )
    .option(
      "--log-retention <duration>",
      "with --cluster: how long the update log keeps entries the bucket already holds; give every process the same [env LENS_LOG_RETENTION, default 10m]",
    )
    .option("--port <n>", `port (0 = any free port) [env LENS_PORT, default ${DEFAULT_PORT}]`)
    .option("--host <host>", `address to bind [env LENS_HOST, default ${DEFAULT_HOST}]`)
    .addOption(
      new Option(
        "--token <token>",
        "an admin token for /mcp, /api/v1 and sync (named tokens: lens token add); beyond loopback some token is required [env LENS_TOKEN]",
      ),
    )
    .option(
      "--allowed-host <name>",
      "another host name clients use (proxy, DNS); `*` disables the Host check; repeatable [env LENS_ALLOWED_HOSTS]",
      collect,
    )
    .option(
      "--allowed-origin <origin>",
      "a browser origin allowed to call /mcp and /api/v1; repeatable [env LENS_ALLOWED_ORIGINS]",
      collect,
    )
    .option(
      "--public-url <url>",
      "the address clients reach this server at (proxy, DNS): printed in the connect lines, put in sync client tokens [env LENS_PUBLIC_URL]",
    )
    .option(
      "--session-idle-minutes <n>",
      "close MCP sessions idle this long [env LENS_SESSION_IDLE_MINUTES, default 30]",
    )
    .option("--max-sessions <n>", "most live MCP sessions [env LENS_MAX_SESSIONS, default 1000]")
    .option(
      "--grep-time-limit <seconds>",
      "a grep's time limit; longer searches are cut [env LENS_GREP_TIME_LIMIT, default 5]",
    )
    // The official MCP conformance suite's diagnostic tools (CI, scripts/conformance.sh).
    .addOption(new Option("--conformance").hideHelp())
    .action((flags: CliFlags) =>
      run(async () => {
        const config = resolveServeConfig(flags, env);
        const log = createLogger(config.logLevel);
        const server = await startServe(config, log);
        flushOnCrash(log, () => server.stop());
        log.info(
          { url: `${server.listening.baseUrl}/mcp`, auth: server.auth.hasTokens },
          "listening",
        );
        process.stdout.write(startupBanner(server, config));
        await untilSignal(log);
        await server.stop();
        log.info("stopped");
      }),
    );

  dataOptions(
    program
      .command("stdio")
      .description("serve MCP over stdin/stdout for one client (Claude Desktop and similar)"),
  ).action((flags: CliFlags) =>
    run(async () => {
      const config = resolveDataConfig(flags, env);
      const log = createLogger(config.logLevel);
      const started = await startStdio(config, log).catch((e: unknown) => {
        const held = bridgeable(e);
        if (held) return held;
        throw e;
      });
      if (!("data" in started)) {
        // A running `lens serve` holds the directory: this client talks to it instead.
        process.exitCode = await bridgeToServer(started, config, log);
        return;
      }
      const stdio = started;
      flushOnCrash(log, () => stdio.data.close());
      log.info({ dir: stdio.data.choice.dir }, "serving MCP on stdio");
      await Promise.race([stdio.closed, untilSignal(log)]);
      await stdio.stop();
      // Ended by the client's input, not by the client leaving: say why, exit 1.
      const failure = stdio.failure();
      if (failure) throw new Error(failure);
    }),
  );

  const importCommand = program
    .command("import")
    .description(
      "import markdown vault directories as new folders, in one load of the data directory (through the running server when `lens serve` holds it)",
    )
    .argument(
      "<vault-dir...>",
      "directories of .md files: DIR (folder named after it), DIR=NAME, or one DIR with --folder",
    )
    .option("--folder <name>", "folder display name, when importing one directory")
    .option(
      "--replace",
      "replace folders that exist; what they held is kept in a backup `lens restore` puts back",
    )
    .option("--data <dir>", "data directory [env LENS_DATA]")
    .option("--log-level <level>", "log level [env LENS_LOG_LEVEL]");
  clusterOptions(importCommand).action(
    (vaultDirs: string[], flags: CliFlags & { folder?: string; replace?: boolean }) =>
      run(async () => {
        if (flags.folder !== undefined && vaultDirs.length !== 1) {
          throw new ConfigError("--folder names one folder: give one directory, or use DIR=NAME");
        }
        const vaults =
          flags.folder !== undefined
            ? [{ dir: vaultDirs[0]!, name: flags.folder }]
            : parseImports(vaultDirs);
        await importOrRestore("import", flags, {
          vaults: vaults.map((v) => {
            const dir = resolve(v.dir);
            return { dir, name: v.name ?? basename(dir) };
          }),
          replace: flags.replace === true,
        });
      }),
  );

  program
    .command("restore")
    .description(
      "put a folder back as a backup kept it (`lens import --replace` names its backup); what it replaces is kept in turn",
    )
    .argument("<backup>", "the backup: its name in DATA/.lens/backups, or its directory")
    .option("--data <dir>", "data directory [env LENS_DATA]")
    .option("--log-level <level>", "log level [env LENS_LOG_LEVEL]")
    .action((backup: string, flags: CliFlags) =>
      run(() => importOrRestore("restore", flags, { restore: backup })),
    );

  /** Runs an import or a restore, here or through the server holding the directory. */
  async function importOrRestore(command: string, flags: CliFlags, job: ImportJob) {
    const config = resolveDataConfig({ ...flags, seed: false, import: [] }, env);
    const log = createLogger(config.logLevel);
    try {
      const done = await runImport(config, log, job, (owner, dir) =>
        process.stderr.write(
          `lens ${command}: ${dir} is held by a running \`lens serve\` (pid ${owner.pid}); the import runs there, so its notes appear live\n`,
        ),
      );
      for (const o of done.outcomes) process.stdout.write(`${outcomeLine(o, done.dataDir)}\n`);
    } catch (e) {
      if (!(e instanceof FolderExistsError)) throw e;
      process.stderr.write(`lens ${command}: ${e.message}\n`);
      process.exitCode = 2;
    }
  }

  clusterOptions(
    program
      .command("export")
      .description("write every markdown document's raw text under its user-facing path")
      .argument("<out-dir>", "output directory")
      .option("--data <dir>", "data directory [env LENS_DATA]")
      .option("--folder <name>", "only this folder")
      .option("--folder-name <uuid=name>", "display name of a folder; repeatable", collect)
      .option("--log-level <level>", "log level [env LENS_LOG_LEVEL]"),
  ).action((outDir: string, flags: CliFlags & { folder?: string }) =>
    run(async () => {
      const config = resolveDataConfig({ ...flags, seed: false, import: [] }, env);
      const log = createLogger(config.logLevel);
      const data = await openData({ ...config, imports: [] }, log, {
        applyImports: false,
        readOnly: true,
      });
      try {
        const bar = progressReporter("exporting", log);
        const report = await exportVault(data.workspace, outDir, {
          ...(flags.folder ? { folder: flags.folder } : {}),
          blobs: data.blobs,
          onProgress: (p) => bar.update(p),
        });
        bar.stop();
        for (const path of report.missing) log.warn({ path }, "no content here: not exported");
        for (const s of report.skipped)
          log.warn({ path: s.path, reason: s.reason }, "not exported");
        process.stdout.write(
          `Exported ${report.written.length} documents from ${config.cluster ? `s3://${config.cluster.s3.bucket}/${config.cluster.s3.prefix}` : data.choice.dir} to ${resolve(outDir)}\n`,
        );
      } finally {
        await data.close();
      }
    }),
  );

  registerTokenCommand(program, env, run);

  return program;
}
