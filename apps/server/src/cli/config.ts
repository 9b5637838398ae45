// Command-line configuration: each setting from its flag, else its LENS_* variable, else the
// default; checked once here so commands can trust what they get.

import { parseDuration } from "@lens/access";
import { type ClusterConfig, checkRedisUrl, parseStoreUrl, s3FromEnv } from "@lens/cluster/config";
import { isLogLevel, type LogLevel } from "../log.js";

export const DEFAULT_PORT = 3917;
export const DEFAULT_HOST = "127.0.0.1";

/** Raw flags as commander hands them over (only the ones given are set). */
export interface CliFlags {
  data?: string;
  port?: string;
  host?: string;
  token?: string;
  folderName?: string[];
  author?: string;
  import?: string[];
  allowedHost?: string[];
  allowedOrigin?: string[];
  publicUrl?: string;
  sessionIdleMinutes?: string;
  maxSessions?: string;
  grepTimeLimit?: string;
  /** Hidden: list the MCP conformance suite's diagnostic tools. */
  conformance?: boolean;
  /** commander's `--no-seed` sets this to false. */
  seed?: boolean;
  /** Create a --data / LENS_DATA directory that does not exist yet. */
  init?: boolean;
  logLevel?: string;
  /** `--cluster redis://HOST:PORT`: run as one process of a cluster (with --store). */
  cluster?: string;
  /** `--store s3://BUCKET/PREFIX`: the cluster's documents. */
  store?: string;
  /** Path-style S3 addressing (s3rver, MinIO). */
  s3PathStyle?: boolean;
  /** serve --cluster: how long the update log keeps entries (a duration). */
  logRetention?: string;
}

export type Env = Record<string, string | undefined>;

export interface VaultImport {
  dir: string;
  /** Folder name; default the directory's base name. */
  name?: string;
}

/** Settings shared by every command that opens a data directory. */
export interface DataConfig {
  /** The data directory given with --data, if any (never seeded). */
  dataFlag: string | undefined;
  /** LENS_DATA, if set: as explicit as --data (never seeded). */
  dataEnv: string | undefined;
  /** Seed an empty default directory with the sample vault (LENS_SEED=0 / --no-seed: off). */
  seed: boolean;
  /** Create an explicit data directory that does not exist (--init / LENS_INIT=1). */
  init: boolean;
  folderNames: Record<string, string>;
  author: string | undefined;
  imports: VaultImport[];
  logLevel: LogLevel;
  /** Set with --cluster and --store: documents live in Redis + S3, not the data directory. */
  cluster: ClusterConfig | undefined;
}

export interface ServeConfig extends DataConfig {
  host: string;
  port: number;
  token: string | undefined;
  allowedHosts: string[];
  allowedOrigins: string[];
  /**
   * The server's public base URL (`https://lens.example.com/team`, no trailing slash): what
   * the banner prints and what sync writes into client tokens; its host is an allowed host.
   */
  publicUrl: string | undefined;
  idleTimeoutMs: number;
  maxSessions: number;
  /** A grep's time limit in ms (--grep-time-limit seconds). */
  grepTimeLimitMs: number;
  /** List the MCP conformance suite's diagnostic tools (hidden `--conformance`, CI only). */
  conformance: boolean;
}

/** A configuration mistake, reported to the user as-is (exit code 2). */
export class ConfigError extends Error {
  override name = "ConfigError";
}

function list(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

function pick<T>(flag: T[] | undefined, env: string | undefined): string[] {
  return flag?.length ? flag.map(String) : list(env);
}

function positiveInt(value: string, what: string, allowZero = false): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || (!allowZero && n === 0)) {
    throw new ConfigError(
      `${what} must be a ${allowZero ? "non-negative" : "positive"} integer, got "${value}"`,
    );
  }
  return n;
}

/** An http(s) base URL without query or fragment, without its trailing slash. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(v);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    throw new ConfigError(
      `--public-url must be the http(s) address clients reach this server at, such as https://lens.example.com (no query, fragment or credentials), got "${v}"`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** Parses `UUID=NAME` pairs into the folder-name mapping. */
export function parseFolderNames(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf("=");
    const uuid = pair.slice(0, eq).trim().toLowerCase();
    const name = pair.slice(eq + 1).trim();
    if (eq <= 0 || !/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(uuid) || !name) {
      throw new ConfigError(
        `--folder-name expects UUID=NAME with the folder's uuid (second half of its doc id), got "${pair}"`,
      );
    }
    if (name.includes("/")) throw new ConfigError(`folder name "${name}" must not contain "/"`);
    out[uuid] = name;
  }
  return out;
}

/** Parses `DIR[=NAME]` vault imports. */
export function parseImports(specs: readonly string[]): VaultImport[] {
  return specs.map((spec) => {
    const eq = spec.lastIndexOf("=");
    if (eq < 0) return { dir: spec };
    const dir = spec.slice(0, eq).trim();
    const name = spec.slice(eq + 1).trim();
    if (!dir || !name) throw new ConfigError(`--import expects DIR or DIR=NAME, got "${spec}"`);
    return { dir, name };
  });
}

function logLevel(flags: CliFlags, env: Env): LogLevel {
  const level = (flags.logLevel ?? env.LENS_LOG_LEVEL ?? "info").toLowerCase();
  if (!isLogLevel(level)) {
    throw new ConfigError(
      `log level must be one of fatal, error, warn, info, debug, trace, silent; got "${level}"`,
    );
  }
  return level;
}

/** A LENS_* switch: unset = `fallback`; 0/false/no/off = false; anything else = true. */
function envSwitch(value: string | undefined, fallback: boolean): boolean {
  const v = value?.trim().toLowerCase();
  if (!v) return fallback;
  return !(v === "0" || v === "false" || v === "no" || v === "off");
}

function seedSetting(flags: CliFlags, env: Env): boolean {
  if (flags.seed === false) return false;
  return envSwitch(env.LENS_SEED, true);
}

export function resolveDataConfig(flags: CliFlags, env: Env): DataConfig {
  const author = flags.author ?? env.LENS_AUTHOR;
  return {
    dataFlag: flags.data,
    dataEnv: env.LENS_DATA || undefined,
    seed: seedSetting(flags, env),
    init: flags.init === true || envSwitch(env.LENS_INIT, false),
    folderNames: parseFolderNames(pick(flags.folderName, env.LENS_FOLDER_NAMES)),
    author: author?.trim() || undefined,
    imports: parseImports(pick(flags.import, env.LENS_IMPORT)),
    logLevel: logLevel(flags, env),
    cluster: clusterSetting(flags, env),
  };
}

/**
 * `--cluster` and `--store` (or LENS_CLUSTER and LENS_STORE): both or neither. The S3 endpoint
 * and credentials come from the standard AWS variables; `--s3-path-style` (LENS_S3_PATH_STYLE=1)
 * for endpoints that need it (s3rver, MinIO).
 */
export function clusterSetting(flags: CliFlags, env: Env): ClusterConfig | undefined {
  const redisUrl = (flags.cluster ?? env.LENS_CLUSTER)?.trim() || undefined;
  const store = (flags.store ?? env.LENS_STORE)?.trim() || undefined;
  if (redisUrl === undefined && store === undefined) return undefined;
  if (redisUrl === undefined || store === undefined) {
    throw new ConfigError(
      "--cluster redis://HOST:PORT and --store s3://BUCKET/PREFIX go together: give both (or neither, for one process over a data directory)",
    );
  }
  try {
    const pathStyle = flags.s3PathStyle === true || envSwitch(env.LENS_S3_PATH_STYLE, false);
    const retention = (flags.logRetention ?? env.LENS_LOG_RETENTION)?.trim() || undefined;
    return {
      redisUrl: checkRedisUrl(redisUrl),
      s3: s3FromEnv(parseStoreUrl(store), env, pathStyle),
      ...(retention === undefined ? {} : { retainMs: logRetention(retention) }),
    };
  } catch (e) {
    throw new ConfigError((e as Error).message);
  }
}

/** `--log-retention`: at least a second (the log is trimmed at most every second). */
function logRetention(text: string): number {
  let ms: number;
  try {
    ms = parseDuration(text);
  } catch {
    throw new Error(
      `--log-retention must be a duration such as 10m or 1h (got ${JSON.stringify(text)})`,
    );
  }
  if (ms < 1_000) throw new Error(`--log-retention must be at least 1s (got ${text})`);
  return ms;
}

export function resolveServeConfig(flags: CliFlags, env: Env): ServeConfig {
  const host = (flags.host ?? env.LENS_HOST ?? DEFAULT_HOST).trim();
  const port = positiveInt(flags.port ?? env.LENS_PORT ?? String(DEFAULT_PORT), "port", true);
  if (port > 65535) throw new ConfigError(`port must be at most 65535, got ${port}`);
  const token = (flags.token ?? env.LENS_TOKEN)?.trim() || undefined;
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) {
    throw new ConfigError(
      "the token must be at least 16 characters without spaces (e.g. `openssl rand -hex 32`)",
    );
  }
  const minutes = positiveInt(
    flags.sessionIdleMinutes ?? env.LENS_SESSION_IDLE_MINUTES ?? "30",
    "session idle minutes",
  );
  const publicUrl = parsePublicUrl(flags.publicUrl ?? env.LENS_PUBLIC_URL);
  const data = resolveDataConfig(flags, env);
  if (data.cluster && data.imports.length > 0) {
    throw new ConfigError(
      "--import at start would import the vault again in every process of the cluster: import it once with `lens import --cluster … --store … DIR`",
    );
  }
  const allowedHosts = pick(flags.allowedHost, env.LENS_ALLOWED_HOSTS);
  return {
    ...data,
    host,
    port,
    token,
    // Clients reach the server under its public URL (a reverse proxy passes its Host on).
    allowedHosts: publicUrl ? [...allowedHosts, new URL(publicUrl).host] : allowedHosts,
    allowedOrigins: pick(flags.allowedOrigin, env.LENS_ALLOWED_ORIGINS),
    publicUrl,
    idleTimeoutMs: minutes * 60_000,
    maxSessions: positiveInt(flags.maxSessions ?? env.LENS_MAX_SESSIONS ?? "1000", "max sessions"),
    grepTimeLimitMs:
      positiveInt(flags.grepTimeLimit ?? env.LENS_GREP_TIME_LIMIT ?? "5", "grep time limit") * 1000,
    conformance: flags.conformance === true,
  };
}
