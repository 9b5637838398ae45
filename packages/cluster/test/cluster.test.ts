// Two and three Lens workspaces kept in step through real Redis and a real S3-compatible server:
// changes travel both ways, the bucket gets each document in the relay-server layout, a process
// started later (or after the log was trimmed) loads everything, and a former owner's write is
// refused by its fencing token.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Workspace } from "@lens/core";
import { decodeDocFile, importVault } from "@lens/store";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Bucket } from "../src/bucket.js";
import { type ClusterConfig, parseStoreUrl, s3FromEnv } from "../src/config.js";
import { Keys } from "../src/keys.js";
import { ClusterNode } from "../src/node.js";
import { defineScripts } from "../src/scripts.js";
import {
  type RedisEngine,
  type S3Engine,
  startRedis,
  startRelay,
  startS3,
} from "../src/testing.js";
import { behindIn, trimmedUpTo } from "../src/trimmed.js";

let redis: RedisEngine;
let s3: S3Engine;
let prefixes = 0;

beforeAll(async () => {
  [redis, s3] = await Promise.all([startRedis(), startS3()]);
});
afterAll(async () => {
  await Promise.all([redis?.stop(), s3?.stop()]);
});

function config(prefix: string, extra: Partial<ClusterConfig> = {}): ClusterConfig {
  return {
    redisUrl: redis.url,
    s3: s3FromEnv(parseStoreUrl(`s3://${s3.bucket}/${prefix}`), s3.env, true),
    leaseMs: 900,
    checkpointMs: 100,
    ...extra,
  };
}

function vault(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "lens-vault-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function eventually<T>(fn: () => T | undefined, ms = 2_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("not within the time allowed");
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function until<T>(fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("not within the time allowed");
    await new Promise((r) => setTimeout(r, 50));
  }
}

function text(ws: Workspace, path: string): string | undefined {
  const loc = ws.paths.get(path);
  return loc ? ws.contentText(loc.docId)?.toString() : undefined;
}

async function open(prefix: string, extra: Partial<ClusterConfig> = {}, readOnly = false) {
  const ws = new Workspace();
  const node = await ClusterNode.open({ config: config(prefix, extra), workspace: ws, readOnly });
  return { ws, node };
}

describe("a cluster over Redis and S3", () => {
  it("carries changes both ways, writes the bucket, and loads it all in a later process", async () => {
    const prefix = `t${++prefixes}`;
    const a = await open(prefix);
    const b = await open(prefix);
    try {
      await importVault(a.ws, vault({ "Ideas.md": "# Ideas\n", "Deep/Plan.md": "plan\n" }), {
        folderName: "Team",
      });
      await a.node.persist();
      // Acknowledged on A: B has it within 2 s.
      expect(await eventually(() => text(b.ws, "Team/Ideas.md"))).toBe("# Ideas\n");
      expect(await eventually(() => text(b.ws, "Team/Deep/Plan.md"))).toBe("plan\n");
      // And back: an edit on B reaches A.
      const docId = b.ws.paths.get("Team/Ideas.md")!.docId;
      b.ws.contentText(docId)!.insert(8, "- sync\n");
      await b.node.persist();
      expect(
        await eventually(() => (text(a.ws, "Team/Ideas.md")?.includes("sync") ? 1 : undefined)),
      ).toBe(1);
      // Exactly one of the two owns the folder.
      await a.node.leaseRound();
      await b.node.leaseRound();
      const folder = a.ws.folderByName("Team")!.docId;
      expect(
        [a.node.owned().includes(folder), b.node.owned().includes(folder)].filter(Boolean),
      ).toHaveLength(1);
      // The owner writes the bucket: the relay-server layout, the edit included.
      const bucket = new Bucket(config(prefix).s3);
      const bytes = await until(async () => {
        const got = await bucket.get(docId);
        // s3rver may serve an object mid-PUT: a torn read is read again.
        const text = (() => {
          try {
            return got ? decodeDocFile(got).doc.getText("contents").toString() : "";
          } catch {
            return "";
          }
        })();
        return text.includes("sync") ? got : undefined;
      }, 3_000);
      expect(decodeDocFile(bytes).doc.getText("contents").toString()).toBe("# Ideas\n- sync\n");
      // The folder doc too (written in its own round, as its partition comes up).
      await until(async () => ((await bucket.list()).includes(folder) ? true : undefined), 3_000);
      bucket.close();
    } finally {
      await a.node.close();
      await b.node.close();
    }
    // A later process loads the bucket and replays the log.
    const c = await open(prefix, {}, true);
    try {
      expect(text(c.ws, "Team/Ideas.md")).toBe("# Ideas\n- sync\n");
      expect(text(c.ws, "Team/Deep/Plan.md")).toBe("plan\n");
    } finally {
      await c.node.close();
    }
  });

  it("keeps following the log and writing to it when its connections to Redis go silent", async () => {
    const prefix = `t${++prefixes}`;
    const relay = await startRelay(redis.port);
    const a = await open(prefix);
    const b = await open(prefix, { redisUrl: `redis://127.0.0.1:${relay.port}` });
    try {
      await importVault(a.ws, vault({ "Ideas.md": "# Ideas\n" }), { folderName: "Team" });
      await a.node.persist();
      await eventually(() => text(b.ws, "Team/Ideas.md"));
      // B's connections (the log's follower blocked in a read among them) stop carrying bytes
      // without being closed: a partition without a reset.
      expect(relay.silence()).toBeGreaterThanOrEqual(2);
      const docId = a.ws.paths.get("Team/Ideas.md")!.docId;
      a.ws.contentText(docId)!.insert(8, "- after the silence\n");
      await a.node.persist();
      // B takes its connections for dead and follows on new ones: the edit arrives.
      expect(
        await eventually(
          () => (text(b.ws, "Team/Ideas.md")?.includes("after the silence") ? 1 : undefined),
          15_000,
        ),
      ).toBe(1);
      // And B's own writes reach the log again (A gets them).
      b.ws.contentText(docId)!.insert(0, "% from B\n");
      await b.node.persist();
      expect(
        await eventually(
          () => (text(a.ws, "Team/Ideas.md")?.startsWith("% from B") ? 1 : undefined),
          5_000,
        ),
      ).toBe(1);
    } finally {
      await a.node.close();
      await b.node.close();
      await relay.close();
    }
  }, 30_000);

  it("trims the log only below what the bucket holds; a process started after a trim has everything", async () => {
    const prefix = `t${++prefixes}`;
    const a = await open(prefix, { retainMs: 0 });
    try {
      await importVault(a.ws, vault({ "One.md": "one\n" }), { folderName: "Trim" });
      await a.node.persist();
      // Nothing is trimmed while the bucket lacks it.
      const keys = new Keys(parseStoreUrl(`s3://${s3.bucket}/${prefix}`));
      const r = new Redis(redis.url);
      const entries = async () => {
        let n = 0;
        for (let p = 0; p < 16; p++) n += await r.xlen(keys.stream(p));
        return n;
      };
      const before = await entries();
      expect(before).toBeGreaterThan(0);
      await a.node.leaseRound();
      const end = Date.now() + 3_000;
      let dirty = 1;
      while (Date.now() < end && dirty > 0) {
        await a.node.checkpoint();
        dirty = 0;
        for (let p = 0; p < 16; p++) dirty += await r.zcard(keys.dirty(p));
      }
      expect(dirty).toBe(0);
      const heads = await Promise.all(
        Array.from({ length: 16 }, async (_, p) => {
          const last = await r.xrevrange(keys.stream(p), "+", "-", "COUNT", 1);
          return last[0]?.[0] ?? "0-0";
        }),
      );
      await a.node.trim();
      expect(await entries()).toBe(0);
      // The highest id removed is recorded per partition: a process that had not applied it
      // knows it is behind; one that had (or whose bucket load covered it) is not.
      const trimmed = await trimmedUpTo(r, keys);
      expect(trimmed).toEqual(heads);
      const none = heads.map(() => "0-0");
      expect(behindIn(trimmed, none, none)).toEqual(
        heads.flatMap((h, p) => (h === "0-0" ? [] : [p])),
      );
      expect(behindIn(trimmed, heads, none)).toEqual([]);
      expect(behindIn(trimmed, none, trimmed)).toEqual([]);
      r.disconnect();
    } finally {
      await a.node.close();
    }
    const c = await open(prefix, {}, true);
    try {
      expect(text(c.ws, "Trim/One.md")).toBe("one\n");
      expect(c.node.report.replayed).toBe(0);
    } finally {
      await c.node.close();
    }
  });

  it("moves ownership to a live process when the owner leaves, and refuses a former owner's commit", async () => {
    const prefix = `t${++prefixes}`;
    const a = await open(prefix);
    const b = await open(prefix);
    await importVault(a.ws, vault({ "X.md": "x\n" }), { folderName: "F1" });
    await importVault(a.ws, vault({ "Y.md": "y\n" }), { folderName: "F2" });
    await a.node.persist();
    await eventually(() => text(b.ws, "F2/Y.md"));
    await a.node.leaseRound();
    await b.node.leaseRound();
    await a.node.leaseRound();
    const units = a.ws.folders().map((f) => f.docId);
    await a.node.close();
    // B is the only live member once A has left: it takes every unit.
    await b.node.leaseRound();
    for (const u of units) expect(b.node.owned()).toContain(u);
    await b.node.close();

    // Fencing, at the script: a token whose lease lapsed and was taken again commits nothing.
    const keys = new Keys(parseStoreUrl(`s3://${s3.bucket}/${prefix}`));
    const r = defineScripts(new Redis(redis.url));
    const lease = keys.lease("fence-test");
    const first = await r.lensAcquire(lease, keys.epoch("fence-test"), "m1", 100);
    expect(first).toMatch(/^m1:\d+$/);
    expect(await r.lensAcquire(lease, keys.epoch("fence-test"), "m2", 100)).toBeNull();
    await new Promise((res) => setTimeout(res, 150));
    const second = await r.lensAcquire(lease, keys.epoch("fence-test"), "m2", 5_000);
    expect(second).toMatch(/^m2:\d+$/);
    expect(Number(second!.split(":")[1])).toBe(Number(first!.split(":")[1]) + 1);
    await r.zadd(keys.dirty(0), 1, "doc-x");
    expect(await r.lensCommit(lease, keys.head, keys.dirty(0), first!, "doc-x", "9-0")).toBe(0);
    expect(await r.zscore(keys.dirty(0), "doc-x")).toBe("1");
    expect(await r.lensCommit(lease, keys.head, keys.dirty(0), second!, "doc-x", "9-0")).toBe(1);
    expect(await r.zscore(keys.dirty(0), "doc-x")).toBeNull();
    r.disconnect();
  });
});
