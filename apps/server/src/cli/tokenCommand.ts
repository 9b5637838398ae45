// `lens token add|list|revoke`: named tokens in a data directory's `.lens/tokens.json`. A running
// server sees every change at once (it re-reads the file), so no restart is needed.
import { existsSync, mkdirSync } from "node:fs";
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
import type { ClusterConfig } from "@lens/cluster/config";
import { isRole, OWNER, ROLE_ABILITIES, ROLES, type Role, Workspace } from "@lens/core";
import { type Actor, type AdminRecord, createLens } from "@lens/service";
import { type Command, Option } from "commander";
import { localAudit, localTokens, shareThrough } from "../compositionRoot/clusterLocal.js";
import { openData } from "../compositionRoot/data.js";
import { createLogger } from "../log.js";
import { clusterOptions } from "./clusterOptions.js";
import { type CliFlags, ConfigError, type Env, resolveDataConfig } from "./config.js";
import { chooseDataDir } from "./dataDir.js";

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Whoever holds the data directory and runs the CLI on it: its owner, recorded as "cli". */
const CLI_ACTOR: Actor = { caller: OWNER, who: "cli", credential: "cli" };

/**
 * A token change through the service, as REST's: a `requested` entry in the audit log before
 * it is made (refused, nothing changed, when the log cannot be written), then its outcome.
 */
async function auditedChange<T>(
  place: TokenPlace,
  record: AdminRecord,
  change: () => Promise<T>,
): Promise<T> {
  const lens = createLens(new Workspace(), { audit: place.audit });
  const done = await lens.administer(CLI_ACTOR, "tokens.manage", record, change);
  if (!done.ok) throw new ConfigError(done.error.message);
  return done.value;
}

/** Where the token commands work: a data directory, on its own or as a cluster's copy. */
interface TokenPlace {
  dir: string;
  cluster: ClusterConfig | undefined;
  audit: AuditLog;
}

type PlaceFlags = Pick<CliFlags, "data" | "cluster" | "store" | "s3PathStyle">;

/**
 * Runs `body` on the data directory the token commands work on: it must exist (tokens belong
 * to data), unless it is a cluster process's, which only holds a copy of the cluster's tokens.
 * With --cluster, changes go to the cluster (every process sees them within a second) and the
 * audit entries to its trail.
 */
async function inPlace<T>(
  flags: PlaceFlags,
  env: Env,
  body: (place: TokenPlace) => Promise<T>,
): Promise<T> {
  const config = resolveDataConfig({ ...flags, seed: false, import: [] }, env);
  const { dir } = chooseDataDir(config);
  if (config.cluster) mkdirSync(dir, { recursive: true });
  else if (!existsSync(dir)) {
    throw new ConfigError(
      `no data directory at ${dir}: give the one your server uses with --data (or LENS_DATA)`,
    );
  }
  const audit = new AuditLog(dir);
  const place = { dir, cluster: config.cluster, audit };
  if (!config.cluster) return body(place);
  // Loaded only for a cluster: a lone server never loads ioredis or the AWS SDK.
  const { openClusterAccess } = await import("@lens/cluster");
  const access = await openClusterAccess(config.cluster, {
    tokens: localTokens(dir),
    audit: localAudit(dir, audit),
  }).catch((e: Error) => {
    throw new ConfigError(e.message);
  });
  const unshare = shareThrough(dir, audit, access);
  try {
    return await body(place);
  } finally {
    unshare();
    await audit.settled();
    await access.close();
  }
}

/**
 * The folder names a data directory holds, as a server shows them (LENS_FOLDER_NAMES
 * applies): read without the lock, as export reads, so it works beside a running server.
 */
async function folderNames(place: TokenPlace, env: Env): Promise<string[]> {
  const config = resolveDataConfig({ data: place.dir, seed: false, import: [] }, env);
  config.cluster = place.cluster;
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
  place: TokenPlace,
  wanted: readonly string[],
  allowMissing: boolean,
  env: Env,
): Promise<string[]> {
  if (wanted.length === 0) return [];
  const known = await folderNames(place, env);
  const missing = wanted.filter((f) => !known.includes(f));
  if (missing.length > 0 && !allowMissing) {
    const list = missing.map((f) => `"${f}"`).join(", ");
    throw new ConfigError(
      `no folder ${list} in ${place.cluster ? "the cluster" : place.dir}: its folders are ${known.join(", ") || "none yet"} (names are exact). Give one of them, or add --allow-missing-folder for a folder that will exist.`,
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

  const addCommand = token
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
    .option("--data <dir>", "data directory [env LENS_DATA]");
  clusterOptions(addCommand).action(
    (
      flags: PlaceFlags & {
        name: string;
        role: string;
        folder?: string[];
        allowMissingFolder?: boolean;
        expires?: string;
      },
    ) =>
      run(() =>
        refusalsAsConfigErrors(() =>
          inPlace(flags, env, async (place) => {
            const dir = place.dir;
            if (!isRole(flags.role)) throw new ConfigError(`unknown role ${flags.role}`);
            const missing = await checkFolders(
              place,
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
              place,
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
      ),
  );

  clusterOptions(
    token
      .command("list")
      .description("list named tokens (never the tokens themselves)")
      .option("--data <dir>", "data directory [env LENS_DATA]"),
  ).action((flags: PlaceFlags) =>
    run(() =>
      refusalsAsConfigErrors(async () => {
        const records = await inPlace(flags, env, (place) => readTokenFile(place.dir));
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

  clusterOptions(
    token
      .command("revoke")
      .description(
        "revoke a named token; a running server (every process of a cluster) refuses it at once",
      )
      .argument("<name>", "the token's name")
      .option("--data <dir>", "data directory [env LENS_DATA]"),
  ).action((name: string, flags: PlaceFlags) =>
    run(() =>
      refusalsAsConfigErrors(() =>
        inPlace(flags, env, async (place) => {
          const gone = await auditedChange(
            place,
            { action: "token.revoke", detail: { name } },
            () => revokeToken(place.dir, name),
          );
          process.stdout.write(`Revoked token "${gone.name}".\n`);
        }),
      ),
    ),
  );
}
