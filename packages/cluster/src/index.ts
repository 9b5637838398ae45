export { type ClusterAccess, openClusterAccess } from "./access.js";
export { bucketBlobs } from "./blobs.js";
export { Bucket } from "./bucket.js";
export {
  type ClusterConfig,
  checkRedisUrl,
  parseStoreUrl,
  type S3Settings,
  type StoreLocation,
  s3FromEnv,
} from "./config.js";
export { Forwarding, type WriteCall } from "./forwarding.js";
export { Keys, PARTITIONS, partitionOf } from "./keys.js";
export {
  type ClusterLog,
  ClusterNode,
  type OpenClusterOptions,
  UNFILED,
} from "./node.js";
export { CLUSTER_ORIGIN } from "./replica.js";
export { type LocalAudit, SharedAudit } from "./sharedAudit.js";
export { type SharedReadEntry, SharedReads } from "./sharedReads.js";
export { type LocalTokens, SharedTokens } from "./sharedTokens.js";
