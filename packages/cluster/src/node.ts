// One Lens process in a cluster: loads the documents from the bucket, replays the update log,
// then follows it, sends its own changes out, holds the leases placed on it and writes the
// documents of the units it owns back to the bucket. What `lens serve --cluster … --store …`
// runs instead of a data directory's store.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { isFolderDoc, type ToolResult, type Workspace } from "@lens/core";
import { type BlobStore, decodeDocFile } from "@lens/store";
import { Redis } from "ioredis";
import * as Y from "yjs";
import { bucketBlobs } from "./blobs.js";
import { Bucket } from "./bucket.js";
import { checkpointRound, type FileFields } from "./checkpoints.js";
import { type ClusterConfig, checkRedisUrl } from "./config.js";
import { Forwarding, laterOf, type WriteCall } from "./forwarding.js";
import { compareIds, Keys, PARTITIONS, partitionOf } from "./keys.js";
import { Leases } from "./leases.js";
import { Outbox } from "./outbox.js";
import { Replica } from "./replica.js";
import { type ClusterRedis, defineScripts } from "./scripts.js";
import { type LocalAudit, SharedAudit } from "./sharedAudit.js";
import { SharedReads } from "./sharedReads.js";
import { type LocalTokens, SharedTokens } from "./sharedTokens.js";
import { behindIn, trimmedUpTo } from "./trimmed.js";

/** The unit of the documents that are in no folder (orphans, notes not yet filed). */
export const UNFILED = "unfiled";

export interface ClusterLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface OpenClusterOptions {
  config: ClusterConfig;
  workspace: Workspace;
  /** Load only (export): no member, no lease, nothing sent or written. */
  readOnly?: boolean;
  log?: ClusterLog;
  onProgress?: (p: { done: number; total: number }) => void;
  /** This process's token file, kept a copy of the cluster's (docs/cluster.md). */
  tokens?: LocalTokens;
  /** This process's audit log, which gets the other processes' entries too. */
  audit?: LocalAudit;
  /** After every lease round: the units this process owns now (link upkeep takes them over). */
  onOwned?: (units: readonly string[]) => void;
}

const SILENT: ClusterLog = { info() {}, warn() {}, error() {} };
/** How long a write waits for the update log before it is answered "not saved". */
const PERSIST_TIMEOUT_MS = 5_000;
const TRIM_EVERY_MS = 30_000;
const DEFAULT_RETAIN_MS = 600_000;
/** How often a process checks that trimming has not cut entries it never applied. */
const BEHIND_CHECK_MS = 1_000;
/** How long the log's follower blocks in one read. */
const FOLLOW_BLOCK_MS = 1_000;
/**
 * A connection that has waited this long for a reply is taken for dead (a half-open socket, a
 * partition without a reset) and made again; its unanswered commands fail and are retried.
 */
const SOCKET_TIMEOUT_MS = 5_000;
/**
 * A follower's read that has not answered within its block time and this margin is given up and
 * its connection replaced: ioredis may leave a blocking read interrupted by a reconnect pending
 * for ever (ioredis issue 1285), and the follower must never stop following.
 */
const FOLLOW_STALL_MS = 4_000;

export class ClusterNode {
  readonly member: string;
  readonly reads: SharedReads;
  /** Set with `tokens`: where token changes go (`@lens/access` shareTokens). */
  readonly tokens: SharedTokens | undefined;
  /** Set with `audit`: publishes this process's entries. */
  readonly audit: SharedAudit | undefined;
  readonly leases: Leases;
  /** Docs loaded, log entries replayed: what the start found. */
  readonly report = { docs: 0, replayed: 0, ms: 0 };
  private readonly redis: ClusterRedis;
  private reader: Redis;
  private readonly bucket: Bucket;
  /** Attachment bytes, in the bucket beside the documents (`files/{docId}/{hash}`). */
  readonly blobs: BlobStore;
  private readonly keys: Keys;
  private readonly outbox: Outbox;
  private replica: Replica | undefined;
  private readonly positions: string[] = Array.from({ length: PARTITIONS }, () => "0-0");
  /**
   * Per partition, how far trimming had cut the log when this process last read the bucket
   * (its start, or a repair): what was trimmed up to there, the bucket gave it.
   */
  private covered: string[] = Array.from({ length: PARTITIONS }, () => "0-0");
  /** The latest entry this process appended, per partition. */
  private readonly appended: string[] = Array.from({ length: PARTITIONS }, () => "0-0");
  private readonly subscriber: Redis;
  /** Sends writes to their folder's owner; runs what others send here. */
  readonly forwarding: Forwarding;
  private readsPosition = "0-0";
  private readonly fields = new Map<string, FileFields>();
  private readonly timers: NodeJS.Timeout[] = [];
  private closed = false;
  private tailing: Promise<void> | undefined;
  private busy = { leases: false, checkpoints: false, behind: false };

  private constructor(
    private readonly options: OpenClusterOptions,
    private readonly log: ClusterLog,
  ) {
    const { config } = options;
    this.member = `${hostname().replace(/[^A-Za-z0-9.-]/g, "")}-${process.pid}-${randomBytes(4).toString("hex")}`;
    this.keys = new Keys(config.s3);
    const redis = new Redis(checkRedisUrl(config.redisUrl), {
      lazyConnect: true,
      // Commands wait for a reconnect instead of failing after a few tries: a write's wait is
      // bounded by PERSIST_TIMEOUT_MS instead, and its update stays queued in the outbox.
      maxRetriesPerRequest: null,
      retryStrategy: (n) => Math.min(50 * n, 1_000),
      socketTimeout: SOCKET_TIMEOUT_MS,
    });
    redis.on("error", () => {});
    // Said once per outage, so an operator (and a failed test) sees when Redis went and came back.
    let lost = false;
    redis.on("close", () => {
      if (lost || this.closed) return;
      lost = true;
      log.warn({}, "lost the connection to Redis; reconnecting (writes wait in the outbox)");
    });
    redis.on("ready", () => {
      if (!lost) return;
      lost = false;
      log.info({}, "connected to Redis again");
    });
    this.redis = defineScripts(redis);
    this.reader = this.newReader();
    this.bucket = new Bucket(config.s3);
    this.blobs = bucketBlobs(this.bucket);
    this.leases = new Leases(this.redis, this.keys, this.member, config.leaseMs ?? 5_000);
    this.outbox = new Outbox(
      this.redis,
      this.keys,
      this.member,
      (docId, id) => {
        const p = partitionOf(docId);
        if (compareIds(id, this.appended[p]!) > 0) this.appended[p] = id;
      },
      (err) => log.warn({ err: err.message }, "update log unreachable; changes kept and resent"),
    );
    this.reads = new SharedReads(this.redis, this.keys, this.member, (err) =>
      log.warn({ err: err.message }, "could not share a read record"),
    );
    this.subscriber = redis.duplicate();
    this.subscriber.on("error", () => {});
    this.forwarding = new Forwarding(this.redis, this.subscriber, this.keys, {
      member: this.member,
      leaseMs: config.leaseMs ?? 5_000,
      unitOfPath: (path) => this.unitOfPath(path),
      holder: async (unit) => {
        const token = await this.redis.get(this.keys.lease(unit));
        return token?.slice(0, token.lastIndexOf(":"));
      },
      holds: (unit) => this.leases.tokenOf(unit) !== undefined,
      known: () => laterOf(this.positions, this.appended),
      caughtUp: (after, ms) => this.caughtUp(after, ms),
      persist: () => this.persist(),
      warn: (fields, message) => log.warn(fields, message),
    });
    this.tokens = options.tokens
      ? new SharedTokens(this.redis, this.keys, options.tokens, (err) =>
          log.warn({ err: err.message }, "could not copy the cluster's tokens"),
        )
      : undefined;
    this.audit = options.audit
      ? new SharedAudit(this.redis, this.keys, options.audit, (err) =>
          log.warn({ err: err.message }, "could not share an audit entry"),
        )
      : undefined;
  }

  static async open(options: OpenClusterOptions): Promise<ClusterNode> {
    const node = new ClusterNode(options, options.log ?? SILENT);
    try {
      await node.start();
      return node;
    } catch (e) {
      await node.close().catch(() => {});
      throw e;
    }
  }

  /** Resolves once every change made so far is in the update log (durable); rejects if not soon. */
  persist(): Promise<void> {
    return this.outbox.drained(PERSIST_TIMEOUT_MS);
  }

  /** The units (folder doc ids, "unfiled") whose documents this process writes to the bucket. */
  owned(): string[] {
    return this.leases.owned();
  }

  /** The unit a document belongs to: its folder (a folder doc is its own), else "unfiled". */
  unitOf(docId: string): string {
    const ws = this.options.workspace;
    if (ws.folder(docId)) return docId;
    const path = ws.paths.pathOf(docId);
    const name = path?.slice(0, Math.max(0, path.indexOf("/")));
    return (name && ws.folderByName(name)?.docId) || UNFILED;
  }

  /** The service's WriteRouter: writes to a folder another process owns are run there. */
  forward(path: string, call: WriteCall) {
    return this.forwarding.forward(path, call);
  }

  /** Runs the writes other processes forward here (the service's `callForwarded`). */
  serveWrites(run: (call: WriteCall) => Promise<ToolResult>): void {
    this.forwarding.serve(run);
  }

  /** The unit of a note's path: its folder's doc id (undefined: no such folder yet). */
  unitOfPath(path: string): string | undefined {
    const slash = path.indexOf("/");
    const name = slash > 0 ? path.slice(0, slash) : path;
    return this.options.workspace.folderByName(name)?.docId;
  }

  /** Resolves true once this process has applied every entry up to `after`, per partition. */
  async caughtUp(after: readonly string[], ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    for (;;) {
      let behind = false;
      for (let p = 0; p < PARTITIONS && !behind; p++) {
        if (compareIds(this.positions[p]!, after[p] ?? "0-0") < 0) behind = true;
      }
      if (!behind) return true;
      const left = end - Date.now();
      if (left <= 0 || this.closed) return false;
      // Woken as soon as the log's follower has applied more (no polling delay on a write's
      // path), or when the time is up.
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.waiters.add(done);
      });
    }
  }

  /** Callers of `caughtUp` waiting for the follower to apply more. */
  private readonly waiters = new Set<() => void>();

  private wakeWaiters(): void {
    if (this.waiters.size === 0) return;
    const woken = [...this.waiters];
    this.waiters.clear();
    for (const w of woken) w();
  }

  /** Writes the owned units' changed documents now (tests and a clean stop). */
  checkpoint(): Promise<{ written: number; refused: number }> {
    return checkpointRound({
      ws: this.options.workspace,
      redis: this.redis,
      keys: this.keys,
      bucket: this.bucket,
      leases: this.leases,
      unitOf: (d) => this.unitOf(d),
      position: (p) => this.positions[p]!,
      fields: this.fields,
    });
  }

  /** One lease round now (tests; it also runs five times a lease). */
  async leaseRound(): Promise<string[]> {
    const units = [...this.options.workspace.folders().map((f) => f.docId), UNFILED];
    const taken = await this.leases.round(units);
    this.options.onOwned?.(this.leases.owned());
    return taken;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wakeWaiters();
    for (const t of this.timers) clearInterval(t);
    if (!this.options.readOnly && this.replica) {
      await this.persist().catch((e: Error) =>
        this.log.error({ err: e.message }, "changes not in the update log at stop"),
      );
      // Leases go back at once, so the next owner need not wait for them to lapse.
      await this.leases.leave().catch(() => {});
    }
    this.tokens?.stop();
    await this.audit?.settled();
    this.outbox.close();
    this.replica?.stop();
    this.subscriber.disconnect();
    this.reader.disconnect();
    await this.tailing?.catch(() => {});
    this.redis.disconnect();
    this.bucket.close();
  }

  // ---- start ------------------------------------------------------------------------------

  private async start(): Promise<void> {
    const started = Date.now();
    const { workspace: ws, config } = this.options;
    await this.redis.connect().catch((e: Error) => {
      throw new Error(`cannot reach Redis at --cluster: ${e.message}`);
    });
    await this.reader.connect();
    if (!this.options.readOnly) {
      await this.subscriber.connect();
      await this.forwarding.start();
    }
    await this.bucket.check().catch((e: Error) => {
      throw new Error(
        `cannot use the bucket ${config.s3.bucket} of --store (${e.name}: ${e.message}); it must exist and the AWS_* credentials reach it`,
      );
    });
    // Read before the bucket: whatever is trimmed from here on was in the bucket first.
    this.covered = await trimmedUpTo(this.redis, this.keys);
    await this.loadBucket(ws);
    this.replica = new Replica(ws, this.outbox);
    this.report.replayed = await this.replay();
    this.readsPosition = await this.reads.prefetch();
    await this.tokens?.start();
    this.report.ms = Date.now() - started;
    this.tailing = this.tail();
    if (this.options.readOnly) return;
    const leaseMs = config.leaseMs ?? 5_000;
    await this.leaseRound();
    // Five rounds a lease: a lapsed lease is taken within a fifth of a lease (1 s by default).
    this.every(Math.max(50, Math.floor(leaseMs / 5)), () => this.runLeases());
    this.every(config.checkpointMs ?? 1_000, () => this.runCheckpoints());
    const retain = config.retainMs ?? DEFAULT_RETAIN_MS;
    this.every(Math.min(TRIM_EVERY_MS, Math.max(1_000, retain / 2)), async () => {
      await this.trim();
    });
    this.every(BEHIND_CHECK_MS, () => this.runBehindCheck());
  }

  private async loadBucket(ws: Workspace): Promise<void> {
    const ids = await this.bucket.list();
    const total = ids.length;
    let done = 0;
    this.options.onProgress?.({ done, total });
    const endBatch = ws.beginBatch();
    try {
      let next = 0;
      const worker = async () => {
        while (next < ids.length) {
          const docId = ids[next++]!;
          const bytes = await this.readDoc(docId);
          if (bytes) this.install(ws, docId, bytes);
          this.options.onProgress?.({ done: ++done, total });
        }
      };
      await Promise.all(Array.from({ length: Math.min(16, ids.length) }, worker));
    } finally {
      endBatch();
    }
  }

  /**
   * A document's file from the bucket. A file that does not decode is read again twice (50 ms
   * apart) before it counts as damaged: some S3-compatible servers (s3rver) let a GET see an
   * object while a PUT is still writing it; S3 itself never does.
   */
  private async readDoc(docId: string): Promise<Uint8Array | undefined> {
    let bytes = await this.bucket.get(docId);
    for (let tries = 0; bytes && tries < 2 && !decodes(bytes); tries++) {
      await new Promise((r) => setTimeout(r, 50));
      bytes = await this.bucket.get(docId);
    }
    return bytes;
  }

  private install(ws: Workspace, docId: string, bytes: Uint8Array): void {
    let read: ReturnType<typeof decodeDocFile>;
    try {
      read = decodeDocFile(bytes);
    } catch (e) {
      // Kept as it is, never written over (as a data directory's damaged file).
      const reason = `its file in the bucket failed to load (${(e as Error).message}) and is kept as it is, never written over`;
      ws.markUnavailable(docId, reason);
      this.log.error({ docId }, reason);
      return;
    }
    const { doc, info } = read;
    const fields: FileFields = { metadata: info.metadata };
    if (info.createdAt !== undefined) fields.createdAt = info.createdAt;
    if (info.modifiedAt !== undefined) fields.modifiedAt = info.modifiedAt;
    this.fields.set(docId, fields);
    if (isFolderDoc(docId, doc)) {
      ws.addFolder(docId, doc, { since: fields.createdAt ?? fields.modifiedAt ?? 0 });
    } else ws.addContent(docId, doc);
    if (info.modifiedAt !== undefined) ws.setMtime(docId, info.modifiedAt);
    this.report.docs++;
  }

  /** Applies every retained log entry (what the bucket may not hold yet); returns how many. */
  private async replay(): Promise<number> {
    let count = 0;
    const ws = this.options.workspace;
    const endBatch = ws.beginBatch();
    try {
      for (let p = 0; p < PARTITIONS; p++) {
        let from = "-";
        for (;;) {
          const page = await this.redis.xrangeBuffer(this.keys.stream(p), from, "+", "COUNT", 1000);
          for (const [id, fields] of page) {
            this.applyEntry(fields, true);
            this.positions[p] = id.toString();
            count++;
          }
          if (page.length < 1000) break;
          from = `(${this.positions[p]}`;
        }
      }
    } finally {
      endBatch();
    }
    return count;
  }

  /** Follows every partition and the read records until closed. */
  private async tail(): Promise<void> {
    const streams = [...Array.from({ length: PARTITIONS }, (_, p) => this.keys.stream(p))];
    const audit = this.audit;
    while (!this.closed) {
      try {
        const res = await this.readLog([
          ...streams,
          this.keys.reads,
          ...(audit ? [this.keys.audit] : []),
          ...this.positions,
          this.readsPosition,
          ...(audit ? [audit.position] : []),
        ]);
        for (const [key, entries] of res ?? []) {
          const name = key.toString();
          if (audit && name === this.keys.audit) {
            for (const [id, fields] of entries) {
              await audit.received(
                id.toString(),
                fields.map((f) => f.toString()),
              );
            }
            continue;
          }
          if (name === this.keys.reads) {
            for (const [id, fields] of entries) {
              this.reads.received(fields.map((f) => f.toString()));
              this.readsPosition = id.toString();
            }
            continue;
          }
          const p = streams.indexOf(name);
          for (const [id, fields] of entries) {
            this.applyEntry(fields, false);
            this.positions[p] = id.toString();
          }
        }
        this.wakeWaiters();
      } catch (e) {
        if (this.closed) return;
        this.log.warn({ err: (e as Error).message }, "following the update log failed; retrying");
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }

  /**
   * One blocking read of the log (`keysAndIds`: XREAD's STREAMS arguments). ioredis may leave a
   * blocking read pending for ever when its connection drops while it is sent (ioredis issues
   * 610 and 1285): a read whose connection closes, or that stays unanswered past its block time
   * and FOLLOW_STALL_MS, is given up with its connection, and answers nothing; the caller reads
   * again from the same positions on a new connection.
   */
  private async readLog(keysAndIds: string[]): Promise<LogBatch | null> {
    if (this.reader.status === "end") this.replaceReader();
    const reader = this.reader;
    // Sent now (not queued until the connection is ready): a drop from here on strands it.
    const sent = reader.status === "ready";
    const read = reader.xreadBuffer(
      "COUNT",
      1000,
      "BLOCK",
      FOLLOW_BLOCK_MS,
      "STREAMS",
      ...keysAndIds,
    ) as Promise<LogBatch | null>;
    let timer: NodeJS.Timeout | undefined;
    let dropped: (() => void) | undefined;
    const cut = new Promise<"stalled" | "dropped">((resolve) => {
      timer = setTimeout(() => resolve("stalled"), FOLLOW_BLOCK_MS + FOLLOW_STALL_MS);
      dropped = () => resolve("dropped");
      if (sent) reader.once("close", dropped);
    });
    let res: LogBatch | null | "stalled" | "dropped";
    try {
      res = await Promise.race([read, cut]);
    } finally {
      clearTimeout(timer);
      if (dropped) reader.off("close", dropped);
    }
    if (res !== "stalled" && res !== "dropped") return res;
    read.catch(() => {});
    if (this.closed || reader !== this.reader) return null;
    if (res === "stalled") {
      this.log.warn(
        { waitedMs: FOLLOW_BLOCK_MS + FOLLOW_STALL_MS },
        "reading the update log got no answer; following it on a new connection",
      );
    }
    this.replaceReader();
    return null;
  }

  /** Gives the follower's connection up (its pending read fails) for a new one. */
  private replaceReader(): void {
    const old = this.reader;
    this.reader = this.newReader();
    old.disconnect();
    this.reader.connect().catch(() => {});
  }

  /** A connection of its own for the log's follower (its reads block). */
  private newReader(): Redis {
    const reader = this.redis.duplicate();
    reader.on("error", () => {});
    return reader;
  }

  private applyEntry(fields: Buffer[], replaying: boolean): void {
    let docId: string | undefined;
    let update: Buffer | undefined;
    let member: string | undefined;
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const name = fields[i]!.toString();
      if (name === "d") docId = fields[i + 1]!.toString();
      else if (name === "u") update = fields[i + 1];
      else if (name === "m") member = fields[i + 1]!.toString();
    }
    if (docId === undefined || update === undefined) return;
    // Our own entries are already applied here (a restarted process is a new member).
    if (!replaying && member === this.member) return;
    try {
      this.replica?.apply(docId, update);
    } catch (e) {
      this.log.error(
        { docId, err: (e as Error).message },
        "an update-log entry could not be applied",
      );
    }
  }

  private async runLeases(): Promise<void> {
    if (this.busy.leases || this.closed) return;
    this.busy.leases = true;
    try {
      const taken = await this.leaseRound();
      if (taken.length > 0) this.log.info({ units: taken }, "took ownership");
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, "lease round failed");
    } finally {
      this.busy.leases = false;
    }
  }

  /**
   * A process paused or cut off for longer than the log keeps entries (a SIGSTOP, a long
   * network partition) has missed what was trimmed meanwhile: it reads the documents of those
   * partitions from the bucket again (which holds everything trimmed) and merges them; the
   * retained entries after that follow as usual.
   */
  private async runBehindCheck(): Promise<void> {
    await this.caughtUpWithTrimming().catch((e: Error) =>
      this.log.warn({ err: e.message }, "could not check the update log's trimming"),
    );
  }

  /**
   * True once nothing trimmed is missing here (read again from the bucket when it was); false
   * while another check runs. Checkpoints wait for it: a process that missed entries must not
   * write its older state of a document over the bucket's.
   */
  private async caughtUpWithTrimming(): Promise<boolean> {
    if (this.busy.behind || this.closed || !this.replica) return false;
    this.busy.behind = true;
    try {
      const trimmed = await trimmedUpTo(this.redis, this.keys);
      const behind = behindIn(trimmed, this.positions, this.covered);
      if (behind.length === 0) return true;
      this.log.warn(
        { partitions: behind },
        "this process fell behind the update log's retention: reading those documents from the bucket again",
      );
      const merged = await this.mergeFromBucket(new Set(behind));
      for (const p of behind) this.covered[p] = trimmed[p]!;
      this.log.info({ partitions: behind, docs: merged }, "caught up from the bucket");
      return true;
    } finally {
      this.busy.behind = false;
    }
  }

  /** Merges the bucket's copy of every document in `partitions`; returns how many. */
  private async mergeFromBucket(partitions: ReadonlySet<number>): Promise<number> {
    let merged = 0;
    for (const docId of await this.bucket.list()) {
      if (!partitions.has(partitionOf(docId))) continue;
      const bytes = await this.readDoc(docId);
      if (!bytes) continue;
      try {
        this.replica?.apply(docId, Y.encodeStateAsUpdate(decodeDocFile(bytes).doc));
        merged++;
      } catch (e) {
        this.log.error(
          { docId, err: (e as Error).message },
          "a document in the bucket could not be merged",
        );
      }
    }
    return merged;
  }

  private async runCheckpoints(): Promise<void> {
    if (this.busy.checkpoints || this.closed) return;
    this.busy.checkpoints = true;
    try {
      if (!(await this.caughtUpWithTrimming())) return;
      const r = await this.checkpoint();
      if (r.refused > 0) this.log.warn(r, "bucket writes refused: the lease moved on");
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, "writing documents to the bucket failed");
    } finally {
      this.busy.checkpoints = false;
    }
  }

  /** Trims each partition below what the bucket holds and the retention window. */
  async trim(): Promise<number> {
    let removed = 0;
    const retain = this.options.config.retainMs ?? DEFAULT_RETAIN_MS;
    for (let p = 0; p < PARTITIONS; p++) {
      removed += await this.redis
        .lensTrim(this.keys.stream(p), this.keys.dirty(p), this.keys.trimmed, retain, p)
        .catch(() => 0);
    }
    return removed;
  }

  private every(ms: number, fn: () => Promise<void>): void {
    const t = setInterval(() => void fn(), ms);
    t.unref();
    this.timers.push(t);
  }
}

/** What XREAD answers: per stream, its entries (id, fields). */
type LogBatch = [Buffer, [Buffer, Buffer[]][]][];

function decodes(bytes: Uint8Array): boolean {
  try {
    decodeDocFile(bytes);
    return true;
  } catch {
    return false;
  }
}
