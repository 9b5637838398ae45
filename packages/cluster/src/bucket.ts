// Documents in an S3-compatible bucket, in the relay-server layout: `{prefix}/{docId}/data.ysweet`
// holding the same bytes a data directory's file holds, so `lens export` and a relay-server
// pointed at a copy of the bucket read them as they are.
import {
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { DATA_FILE, isStorableDocId } from "@lens/store";
import type { S3Settings } from "./config.js";

export class Bucket {
  readonly client: S3Client;
  private readonly bucket: string;
  /** The key prefix (`prefix/`, or empty) every object of this store has. */
  readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix === "" ? "" : `${settings.prefix}/`;
    this.client = new S3Client({
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      ...(settings.credentials ? { credentials: settings.credentials } : {}),
    });
  }

  /** Fails with the store's own message when the bucket cannot be reached or does not exist. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Every document id with a `data.ysweet` under the prefix. */
  async list(): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of page.Contents ?? []) {
        const rest = o.Key?.slice(this.prefix.length) ?? "";
        const slash = rest.indexOf("/");
        if (slash <= 0 || rest.slice(slash + 1) !== DATA_FILE) continue;
        const docId = rest.slice(0, slash);
        if (isStorableDocId(docId)) ids.push(docId);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return ids;
  }

  /** One document's file, or undefined when there is none. */
  async get(docId: string): Promise<Uint8Array | undefined> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(docId) }),
      );
      return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    } catch (e) {
      if ((e as { name?: string }).name === "NoSuchKey") return undefined;
      throw e;
    }
  }

  /** Writes one document's file (a single PUT: readers see the old file or the new one). */
  async put(docId: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.key(docId), Body: bytes }),
    );
  }

  /** The bucket's name. */
  get name(): string {
    return this.bucket;
  }

  close(): void {
    this.client.destroy();
  }

  private key(docId: string): string {
    if (!isStorableDocId(docId)) throw new Error(`"${docId}" is not a storable document id`);
    return `${this.prefix}${docId}/${DATA_FILE}`;
  }
}
