// A cluster's shared credentials and audit trail without its documents: what `lens token …
// --cluster` needs to change a token for every process at once.
import { Redis } from "ioredis";
import { type ClusterConfig, checkRedisUrl } from "./config.js";
import { Keys } from "./keys.js";
import { defineScripts } from "./scripts.js";
import { type LocalAudit, SharedAudit } from "./sharedAudit.js";
import { type LocalTokens, SharedTokens } from "./sharedTokens.js";

export interface ClusterAccess {
  tokens: SharedTokens;
  /** Publishes audit lines to the cluster's trail. */
  publishAudit(lines: string): void;
  close(): Promise<void>;
}

export async function openClusterAccess(
  config: ClusterConfig,
  local: { tokens: LocalTokens; audit: LocalAudit },
  onError: (err: Error) => void = () => {},
): Promise<ClusterAccess> {
  const redis = defineScripts(
    new Redis(checkRedisUrl(config.redisUrl), { lazyConnect: true, maxRetriesPerRequest: 2 }),
  );
  redis.on("error", () => {});
  await redis.connect().catch((e: Error) => {
    throw new Error(`cannot reach Redis at --cluster: ${e.message}`);
  });
  const keys = new Keys(config.s3);
  const tokens = new SharedTokens(redis, keys, local.tokens, onError);
  await tokens.pull();
  const audit = new SharedAudit(redis, keys, local.audit, onError);
  return {
    tokens,
    publishAudit: (lines) => audit.publish(lines),
    async close() {
      await audit.settled();
      redis.disconnect();
    },
  };
}
