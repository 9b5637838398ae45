// The read records file: written behind and in order, a torn last line skipped, compacted at
// open (latest per handle and document, nothing older than the idle time, nothing of a forgotten
// handle) and again once enough was appended, never losing a live record.
import { appendFileSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FORGOTTEN, openReadLog } from "../src/index.js";
import { tempDir } from "./support/tmp.js";

describe("read log", () => {
  it("loads what was appended, in order, after flush or close", async () => {
    const dir = await tempDir();
    const log = openReadLog(dir);
    expect(log.load()).toEqual([]);
    log.append({ key: "o\nh", doc: "d1", at: 1 });
    log.append({ key: "o\nh", doc: "d2", at: 2 });
    await log.flush();
    log.append({ key: "o\nk", doc: "d1", at: 3 });
    log.close();
    expect(openReadLog(dir).load()).toEqual([
      { key: "o\nh", doc: "d1", at: 1 },
      { key: "o\nh", doc: "d2", at: 2 },
      { key: "o\nk", doc: "d1", at: 3 },
    ]);
  });

  it("skips a torn or foreign line, and compacts at open", async () => {
    const dir = await tempDir();
    const log = openReadLog(dir);
    log.load();
    for (let i = 0; i < 5; i++) log.append({ key: "o\nh", doc: "d", at: 10 + i });
    log.append({ key: "o\nold", doc: "d", at: 1 });
    log.append({ key: "o\ngone", doc: "d", at: 20 });
    log.append({ key: "o\ngone", doc: FORGOTTEN, at: 21 });
    log.close();
    appendFileSync(log.file, '{"not":"ours"}\n["o\\nh","d2",3');
    const reopened = openReadLog(dir, { keepSince: () => 5 });
    expect(reopened.load()).toEqual([{ key: "o\nh", doc: "d", at: 14 }]);
    await reopened.flush();
    expect(readFileSync(log.file, "utf8")).toBe('["o\\nh","d",14]\n');
  });

  it("compacts once enough was appended, keeping every live record", async () => {
    const dir = await tempDir();
    const log = openReadLog(dir, { compactAfterBytes: 2000, flushMs: 1 });
    log.load();
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 20; i++) log.append({ key: `o\nh${i}`, doc: "d", at: round * 100 + i });
      await log.flush();
    }
    await log.flush();
    const lines = readFileSync(log.file, "utf8").split("\n").filter(Boolean);
    expect(lines.length).toBeLessThan(200);
    const kept = openReadLog(dir).load();
    expect(kept.map((r) => r.key).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `o\nh${i}`).sort(),
    );
    expect(kept.every((r) => r.at >= 900)).toBe(true);
  });
});
