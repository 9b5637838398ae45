// Attachments in a cluster: `lens import --cluster … --store s3://…` puts their bytes in the
// bucket under the data directory's relative key (`{prefix}/files/{docId}/{hash}`), a
// `lens serve` of the cluster serves them over REST, and `lens export --cluster` writes them
// back byte for byte. Over real redis-server and s3rver.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { Bucket, parseStoreUrl, s3FromEnv } from "@lens/cluster";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type RedisEngine,
  type S3Engine,
  startRedis,
  startS3,
} from "../../../packages/cluster/src/testing.js";
import { type Child, requireBuiltCli, spawnCli, tempDir } from "./helpers.js";

const TOKEN = "cluster-admin-token-0123456789";
const PREFIX = "pics";
const BYTES = randomBytes(100 * 1024);
const HASH = createHash("sha256").update(BYTES).digest("hex");

let redis: RedisEngine;
let s3: S3Engine;
const tmp = tempDir("lens-cluster-attachments-");
const children: Child[] = [];

beforeAll(async () => {
  requireBuiltCli();
  [redis, s3] = await Promise.all([startRedis(), startS3()]);
}, 60_000);
afterAll(async () => {
  for (const c of children)
    if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill("SIGKILL");
  await Promise.all(children.map((c) => c.exited));
  await Promise.all([redis?.stop(), s3?.stop()]);
  tmp.remove();
});

const env = () => ({ ...s3.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" });
const clusterArgs = () => [
  "--cluster",
  redis.url,
  "--store",
  `s3://${s3.bucket}/${PREFIX}`,
  "--s3-path-style",
];

async function runCli(args: string[]): Promise<Child> {
  const child = spawnCli(args, { env: env() });
  children.push(child);
  const { code } = await child.exited;
  if (code !== 0) throw new Error(`lens ${args[0]} exited ${code}:\n${child.stderr()}`);
  return child;
}

describe("attachments in a cluster", () => {
  it("are imported into the bucket, served over REST and exported byte for byte", async () => {
    const vault = join(tmp.path, "vault");
    mkdirSync(join(vault, "Images"), { recursive: true });
    writeFileSync(join(vault, "Note.md"), "![[blob.bin]]\n");
    writeFileSync(join(vault, "Images", "blob.bin"), BYTES);
    await runCli([
      "import",
      ...clusterArgs(),
      "--data",
      join(tmp.path, "importer"),
      `${vault}=Pics`,
    ]);

    // In the bucket under files/{docId}/{hash}, beside the documents.
    const bucket = new Bucket(
      s3FromEnv(parseStoreUrl(`s3://${s3.bucket}/${PREFIX}`), s3.env, true),
    );
    try {
      const listed = await bucket.client.send(
        new ListObjectsV2Command({
          Bucket: s3.bucket,
          Prefix: `${PREFIX}/files/`,
        }),
      );
      const keys = (listed.Contents ?? []).map((o) => o.Key ?? "");
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${PREFIX}/files/[0-9a-f-]{73}/${HASH}$`));
      const got = await bucket.client.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: keys[0] }),
      );
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(BYTES)).toBe(true);
    } finally {
      bucket.close();
    }

    const serve = spawnCli(
      ["serve", ...clusterArgs(), "--data", join(tmp.path, "a"), "--port", "0", "--token", TOKEN],
      { env: env() },
    );
    children.push(serve);
    const [, url] = await serve.waitFor(/MCP\s+(http:\/\/\S+:\d+\/mcp)/);
    const base = url!.replace(/\/mcp$/, "");
    const res = await fetch(`${base}/api/v1/files/Pics/Images/blob.bin`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(BYTES)).toBe(true);
    serve.proc.kill("SIGTERM");
    await serve.exited;

    const out = join(tmp.path, "out");
    await runCli(["export", ...clusterArgs(), out]);
    expect(readFileSync(join(out, "Pics", "Images", "blob.bin")).equals(BYTES)).toBe(true);
  });
});
