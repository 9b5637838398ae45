// Where a cluster lives: a Redis URL (the update log, leases, shared state) and an S3 location
// (`s3://BUCKET/PREFIX`, documents in the relay-server layout). The S3 endpoint and credentials
// come from the standard AWS environment, so AWS S3, R2, MinIO and s3rver all work.

export interface StoreLocation {
  bucket: string;
  /** Key prefix without a trailing slash ("" for the bucket's root). */
  prefix: string;
}

export interface S3Settings extends StoreLocation {
  /** `AWS_ENDPOINT_URL_S3` (or `AWS_ENDPOINT_URL`); unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** Path-style addressing (`http://host/bucket/key`): what s3rver and MinIO need. */
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export interface ClusterConfig {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…`. */
  redisUrl: string;
  s3: S3Settings;
  /** How long a folder's lease lasts without renewal (ms); default 5 000. */
  leaseMs?: number;
  /** Update-log entries younger than this are never trimmed (ms); default 10 minutes. */
  retainMs?: number;
  /** How long after a change its document is written to the bucket (ms); default 1 000. */
  checkpointMs?: number;
}

/** `s3://BUCKET/PREFIX` → bucket and prefix; throws a message naming what is wrong. */
export function parseStoreUrl(url: string): StoreLocation {
  const m = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(url.trim());
  if (!m) throw new Error(`--store must look like s3://BUCKET/PREFIX (got "${url}")`);
  const bucket = m[1]!;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(
      `"${bucket}" is not an S3 bucket name (3–63 lowercase letters, digits, . and -)`,
    );
  }
  const prefix = (m[2] ?? "").replace(/\/+$/, "");
  if (prefix.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`the store prefix "${prefix}" may not contain . or .. segments`);
  }
  return { bucket, prefix };
}

/** `redis://` or `rediss://` only: anything else is refused before a connection is tried. */
export function checkRedisUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--cluster must be a redis://HOST:PORT URL (got "${url}")`);
  }
  if (parsed.protocol !== "redis:" && parsed.protocol !== "rediss:") {
    throw new Error(`--cluster must be a redis:// or rediss:// URL (got "${parsed.protocol}")`);
  }
  return url;
}

/** The S3 settings of `location` from the standard AWS environment variables. */
export function s3FromEnv(
  location: StoreLocation,
  env: Record<string, string | undefined>,
  forcePathStyle: boolean,
): S3Settings {
  const endpoint = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL;
  const settings: S3Settings = {
    ...location,
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? "us-east-1",
    forcePathStyle,
  };
  if (endpoint) settings.endpoint = endpoint;
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    settings.credentials = {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    };
  }
  return settings;
}
