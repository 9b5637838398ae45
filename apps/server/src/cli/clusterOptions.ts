// The flags that put a command on a cluster (docs/cluster.md): serve, import, export and the
// token commands take the same three.
import type { Command } from "commander";

/** The flags that put a command on a cluster's documents (docs/cluster.md). */
export function clusterOptions(cmd: Command): Command {
  return cmd
    .option(
      "--cluster <redis-url>",
      "run over a cluster: the Redis holding its update log and shared state (with --store) [env LENS_CLUSTER]",
    )
    .option(
      "--store <s3-url>",
      "the cluster's documents: s3://BUCKET/PREFIX; endpoint and credentials from AWS_ENDPOINT_URL_S3, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION [env LENS_STORE]",
    )
    .option(
      "--s3-path-style",
      "path-style S3 addressing, for endpoints such as s3rver or MinIO [env LENS_S3_PATH_STYLE=1]",
    );
}
