// `lens token add|list|revoke`: named tokens in a data directory's `.lens/tokens.json`. A running
// server sees every change at once (it re-reads the file), so no restart is needed.
import { existsSync } from "node:fs";
import {
  AuditLog,
  addToken,
  parseDuration,
  readTokenFile,
  revokeToken,
  TokenChangeError,
  TokenFileError,
  type TokenRecord,
} from "@lens/access";
import { isRole, OWNER, ROLE_ABILITIES, ROLES, type Role, Workspace } from "@lens/core";
import { type Actor, type AdminRecord, createLens } from "@lens/service";
import { type Command, Option } from "commander";
import { openData } from "../compositionRoot/data.js";
import { createLogger } from "../log.js";
import { ConfigError, type Env, resolveDataConfig } from "./config.js";
import { chooseDataDir } from "./dataDir.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Whoever holds the data directory and runs the CLI on it: its owner, recorded as "cli". */
const CLI_ACTOR: Actor = { caller: OWNER, who: "cli", credential: "cli" };

/**
 * A token change through the service, as REST's: a `requested` entry in the audit log before
 * it is made (refused, nothing changed, when the log cannot be written), then its outcome.
 */
async function auditedChange<T>(
  dir: string,
  record: AdminRecord,
  change: () => Promise<T>,
): Promise<T> {
  const lens = createLens(new Workspace(), { audit: new AuditLog(dir) });
  const done = await lens.administer(CLI_ACTOR, "tokens.manage", record, change);
  if (!done.ok) throw new ConfigError(done.error.message);
  return done.value;
}

/** The data directory the token commands work on: it must exist (tokens belong to data). */
function tokenDataDir(flags: { data?: string }, env: Env): string {
  const config = resolveDataConfig({ data: flags.data, seed: false, import: [] }, env);
  const { dir } = chooseDataDir(config);
  if (!existsSync(dir)) {
    throw new ConfigError(
      `no data directory at ${dir}: give the one your server uses with --data (or LENS_DATA)`,
    );
  }
  return dir;
}

/**
 * The folder names a data directory holds, as a server shows them (LENS_FOLDER_NAMES
 * applies): read without the lock, as export reads, so it works beside a running server.
 */
async function folderNames(dir: string, env: Env): Promise<string[]> {
  const config = resolveDataConfig({ data: dir, seed: false, import: [] }, env);
  const data = await openData(config, createLogger("error"), {
    applyImports: false,
    readOnly: true,
  });
  try {
    return data.workspace
      .folders()
      .map((f) => f.name)
      .sort();
  } finally {
    await data.close();
  }
}

/**
 * The folders of `wanted` that `dir` does not hold: refused (a typo would make a token that
 * reaches nothing), unless `allowMissing` (a folder that will exist), then only named.
 */
async function checkFolders(
  dir: string,
  wanted: readonly string[],
  allowMissing: boolean,
  env: Env,
): Promise<string[]> {
  if (wanted.length === 0) return [];
  const known = await folderNames(dir, env);
  const missing = wanted.filter((f) => !known.includes(f));
  if (missing.length > 0 && !allowMissing) {
    const list = missing.map((f) => `"${f}"`).join(", ");
    throw new ConfigError(
      `no folder ${list} in ${dir}: its folders are ${known.join(", ") || "none yet"} (names are exact). Give one of them, or add --allow-missing-folder for a folder that will exist.`,
    );
  }
  return missing;
}

/** Turns refusals of the token file into one-line CLI errors (exit 2). */
async function refusalsAsConfigErrors<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof TokenChangeError || e instanceof TokenFileError)
      throw new ConfigError(e.message);
    throw e;
  }
}

function describe(r: TokenRecord): string {
  const folders = r.folders.length ? r.folders.join(", ") : "all folders";
  const expires = r.expires ? `expires ${r.expires}` : "no expiry";
  // An OAuth grant (issue 31) says so: which client, approved by whom.
  const oauth = r.oauth
    ? `\tOAuth client ${r.oauth.client}, approved by ${r.oauth.approvedBy}`
    : "";
  return `${r.name}\t${r.role}\t${folders}\tcreated ${r.created}\t${expires}${oauth}`;
}

export function registerTokenCommand(
  program: Command,
  env: Env,
  run: (body: () => Promise<void>) => Promise<void>,
): void {
  const token = program
    .command("token")
    .description("manage named tokens (roles: view, suggest, edit, admin) in a data directory");

  token
    .command("add")
    .description("add a named token and print it once, as the last line of stdout")
    .requiredOption(
      "--name <name>",
      "who holds it; suggestions made with it are attributed to this name",
    )
    .addOption(
      new Option("--role <role>", ROLES.map((r) => `${r}: ${ROLE_ABILITIES[r]}`).join("; "))
        .choices([...ROLES])
        .makeOptionMandatory(),
    )
    .option(
      "--folder <folder>",
      "a folder it reaches (repeatable; must exist); none = every folder",
      collect,
    )
    .option("--allow-missing-folder", "accept a --folder the data directory does not hold (yet)")
    .option("--expires <duration>", "lifetime, e.g. 12h, 30d, 1y (default: no expiry)")
    .option("--data <dir>", "data directory [env LENS_DATA]")
    .action(
      (flags: {
        name: string;
        role: string;
        folder?: string[];
        allowMissingFolder?: boolean;
        expires?: string;
        data?: string;
      }) =>
        run(() =>
          refusalsAsConfigErrors(async () => {
            const dir = tokenDataDir(flags, env);
            if (!isRole(flags.role)) throw new ConfigError(`unknown role ${flags.role}`);
            const missing = await checkFolders(
              dir,
              flags.folder ?? [],
              flags.allowMissingFolder === true,
              env,
            );
            let expiresAt: number | undefined;
            if (flags.expires !== undefined) {
              try {
                expiresAt = Date.now() + parseDuration(flags.expires);
              } catch (e) {
                throw new ConfigError((e as Error).message);
              }
            }
            const spec = {
              name: flags.name,
              role: flags.role as Role,
              folders: flags.folder ?? [],
            };
            const made = await auditedChange(
              dir,
              {
                action: "token.add",
                detail: { name: spec.name, role: spec.role, folders: spec.folders },
              },
              () => addToken(dir, expiresAt === undefined ? spec : { ...spec, expiresAt }),
            );
            for (const f of missing) {
              process.stderr.write(
                `Note: "${f}" is not a folder of this data directory yet; the token reaches it once it exists.\n`,
              );
            }
            process.stderr.write(
              `Added token "${made.record.name}" (${made.record.role}, ${made.record.folders.join(", ") || "all folders"}). It is shown once, below; store it now.\n`,
            );
            process.stdout.write(`${made.token}\n`);
          }),
        ),
    );

  token
    .command("list")
    .description("list named tokens (never the tokens themselves)")
    .option("--data <dir>", "data directory [env LENS_DATA]")
    .action((flags: { data?: string }) =>
      run(() =>
        refusalsAsConfigErrors(async () => {
          const records = await readTokenFile(tokenDataDir(flags, env));
          if (records.length === 0) {
            process.stdout.write(
              "No named tokens. Add one with: lens token add --name NAME --role ROLE\n",
            );
            return;
          }
          process.stdout.write(`${records.map(describe).join("\n")}\n`);
        }),
      ),
    );

  token
    .command("revoke")
    .description("revoke a named token; a running server refuses it at once")
    .argument("<name>", "the token's name")
    .option("--data <dir>", "data directory [env LENS_DATA]")
    .action((name: string, flags: { data?: string }) =>
      run(() =>
        refusalsAsConfigErrors(async () => {
          const dir = tokenDataDir(flags, env);
          const gone = await auditedChange(dir, { action: "token.revoke", detail: { name } }, () =>
            revokeToken(dir, name),
          );
          process.stdout.write(`Revoked token "${gone.name}".\n`);
        }),
      ),
    );
}
